import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The view can always be found in a real window: a pan cannot take the grid away, Home
  /// brings back the first view, and a grid with no `--grid` fills a resized window.
  @Suite struct FindTheViewTests {
    typealias X = OnTheXDisplay

    /// How many of `img`'s pixels show the selected fill.
    static func fillPixels(_ img: RGBAImage) -> Int {
      var n = 0
      for y in stride(from: 0, to: img.height, by: 2) {
        for x in stride(from: 0, to: img.width, by: 2) where Looks.isFill(img.pixel(x, y)) {
          n += 1
        }
      }
      return n
    }

    @Test(.enabled(if: X.available)) func panKeepsTheGridAndHomeBringsItBack() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "all"], name: "find-view")
      try w.move(5, 5)
      let home = try w.waitForFrame("every view on") { img in
        (0..<24).allSatisfy { X.filled(img, $0) }
      }
      // A right drag far past the window's corner, twice: part of the grid stays.
      for _ in 0..<2 { try w.drag(from: (20, 20), to: (399, 299), button: 3) }
      try w.key("shift+Left", "shift+Left", "shift+Left")
      try w.waitForFrame("the grid moved, part of it shown") { img in
        !X.filled(img, 0) && Self.fillPixels(img) > 200
      }
      // Zoom in, then Home: the first layout, every view where it was.
      try w.wheel(up: true, at: (380, 280))
      try w.key("Home")
      try w.move(5, 5)
      let homeFill = Self.fillPixels(home)
      try w.waitForFrame("the view reset") { img in
        (0..<24).allSatisfy { X.filled(img, $0) } && Self.fillPixels(img) == homeFill
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    @Test(.enabled(if: X.available)) func withoutGridTheGridFillsAResizedWindow() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "checker", "--events"],
        name: "fill-window")
      try w.move(5, 5)
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      try w.xdotool(["windowsize", w.id, "640", "480"])
      // As many views as fit: 10 × 7. The 6 × 4 that were kept their states; the rest off.
      let big = GridLayout(windowWidth: 640, windowHeight: 480, cell: 50, gap: 10)
      #expect(big.columns == 10 && big.rows == 7)
      func was(_ cell: Int) -> Bool {
        let (c, r) = big.position(of: cell)
        return c < 6 && r < 4 && X.checker(r * 6 + c)
      }
      try w.waitForFrame("a 640×480 window full of views") { img in
        img.width == 640
          && (0..<big.count).allSatisfy {
            was($0) ? X.filled(img, $0, in: big) : X.clear(img, $0, in: big)
          }
      }
      // The last view exists and clicks like any other.
      let c = X.centre(69, in: big)
      try w.click(c.x, c.y)
      let e = try w.waitForEvents(1)
      #expect(e.map(\.cell) == [69] && e[0].new == "on", "\(e)")
      // Smaller: 3 × 2, and view 0 still on.
      try w.move(2, 2)
      try w.xdotool(["windowsize", w.id, "200", "150"])
      let small = GridLayout(windowWidth: 200, windowHeight: 150, cell: 50, gap: 10)
      try w.waitForFrame("a 200×150 window") { img in
        img.width == 200 && X.filled(img, 0, in: small) && X.clear(img, 1, in: small)
          && X.filled(img, 4, in: small)
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
