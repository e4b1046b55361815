import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The view can always be found in a real window: a pan cannot take the grid away, Home
  /// brings back the first view, and a grid with no `--grid` keeps its views in a resized
  /// window.
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

    @Test(X.needed) func panKeepsTheGridAndHomeBringsItBack() throws {
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

    @Test(X.needed) func withoutGridAResizedWindowKeepsTheViews() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "checker", "--events"],
        name: "fill-window")
      try w.move(5, 5)
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      // Larger: the same 6 × 4 views the launch window held, centred, states kept.
      try w.xdotool(["windowsize", w.id, "640", "480"])
      let big = X.layout.resized(width: 640, height: 480)
      #expect(big.columns == 6 && big.rows == 4 && big.originX == (640 - 350) / 2)
      try w.waitForFrame("the checkerboard centred in 640×480") { img in
        img.width == 640 && ViewStateWindowTests.shows(img, big) { X.checker($0) }
      }
      // The last view clicks where it is drawn now.
      let c = X.centre(23, in: big)
      try w.click(c.x, c.y)
      let e = try w.waitForEvents(1)
      #expect(e.map(\.cell) == [23] && e[0].new == "off", "\(e)")
      // Smaller than the grid: moved only as far as keeping the window covered needs (its
      // first rows and columns in sight), the views that fit whole drawn with their states.
      try w.move(2, 2)
      try w.xdotool(["windowsize", w.id, "200", "150"])
      let small = big.resized(width: 200, height: 150)
      try w.waitForFrame("a 200×150 window") { img in
        img.width == 200
          && ViewStateWindowTests.shows(img, small) { X.checker($0) && $0 != 23 }
          && small.originX == 10 && small.originY == 10 && X.filled(img, 7, in: small)
      }
      #expect(try w.waitForEvents(1).count == 1, "\(w.app.stdout)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("(24 views"), "\(w.app.stderr)")
    }
  }
}
