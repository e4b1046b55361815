import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The window itself: resized with `xdotool windowsize`, hidden and shown again.
  ///
  /// Xvfb runs no window manager, so `windowminimize` (a request to the window manager)
  /// changes nothing there; the test then unmaps and maps the window, which is what a
  /// window manager does to minimise and restore it.
  @Suite struct WindowTests {
    typealias X = OnTheXDisplay

    /// A window point in no cell, where the pointer tints nothing.
    func offGrid(_ layout: GridLayout) -> (x: Int, y: Int) {
      for y in 0..<layout.windowHeight {
        for x in 0..<layout.windowWidth
        where layout.cellIndex(atX: Float(x) + 0.5, y: Float(y) + 0.5) == nil {
          return (x, y)
        }
      }
      return (0, 0)
    }

    /// Whether `cell` of `layout` lies wholly inside `img`.
    func whole(_ cell: Int, _ layout: GridLayout, in img: RGBAImage) -> Bool {
      let r = layout.rect(of: cell)
      return r.x >= 0 && r.y >= 0 && r.x + r.width <= img.width && r.y + r.height <= img.height
    }

    /// Whether every view of the 6×4 checkerboard that `layout` shows whole looks right,
    /// with `flipped` toggled.
    func showsChecker(_ img: RGBAImage, _ layout: GridLayout, flipped: Set<Int> = []) -> Bool {
      (0..<24).allSatisfy { cell in
        guard whole(cell, layout, in: img) else { return true }
        let on = X.checker(cell) != flipped.contains(cell)
        return on ? X.filled(img, cell, in: layout) : X.clear(img, cell, in: layout)
      }
    }

    @Test(X.needed) func resizeRedrawsTheWholeNewSize() throws {
      let dir = Tickplay.temporaryDirectory("resize")
      let final = dir.appendingPathComponent("final.png").path
      let w = try PlayWindow(
        [
          // An explicit grid keeps its views on a resize (without one it fills the window).
          "--window", "400x300", "--grid", "6x4", "--events", "--hud", "off", "--select",
          "checker", "--screenshot", final,
        ], name: "resize")
      try w.move(5, 5)
      try w.waitForFrame("the checkerboard") { showsChecker($0, X.layout) }

      // Larger: the grid stays centred, and its last view lies wholly in the area the
      // window did not have before.
      let big = X.layout.resized(width: 640, height: 480)
      let last = big.rect(of: 23)
      #expect(last.x >= 400 && last.y >= 300, "the premise: view 23 moves into new area")
      try w.xdotool(["windowsize", w.id, "640", "480"])
      let grown = try w.waitForFrame("a 640×480 frame") { img in
        img.width == 640 && img.height == 480 && showsChecker(img, big)
      }
      // Where view 0 was, and the new corners, are background: nothing stale, nothing black.
      for (x, y) in [(50, 45), (639, 479), (639, 0), (0, 479), (320, 470), (630, 240)] {
        #expect(Looks.isWhite(grown.pixel(x, y)), "(\(x), \(y)) is \(grown.pixel(x, y))")
      }
      // Clicks hit the views where they are now.
      let c = X.centre(23, in: big)
      try w.click(c.x, c.y)
      let e = try w.waitForEvents(1)
      #expect(e.map(\.cell) == [23] && e[0].new == "off", "\(e)")
      let away = offGrid(big)
      try w.move(away.x, away.y)
      try w.waitForFrame("view 23 cleared") { showsChecker($0, big, flipped: [23]) }

      // Smaller than the grid: the views that still fit whole are drawn right.
      let small = big.resized(width: 300, height: 200)
      let away2 = offGrid(small)
      try w.move(away2.x, away2.y)
      try w.xdotool(["windowsize", w.id, "300", "200"])
      try w.waitForFrame("a 300×200 frame") { img in
        img.width == 300 && img.height == 200 && showsChecker(img, small, flipped: [23])
          && (0..<24).contains { X.checker($0) && whole($0, small, in: img) }
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      // --screenshot keeps the last frame at the window's last size.
      let saved = try RGBAImage(contentsOf: final)
      #expect(saved.width == 300 && saved.height == 200)
      #expect(showsChecker(saved, small, flipped: [23]))
    }

    @Test(X.needed) func minimiseAndRestoreKeepTheView() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--events", "--hud", "off", "--select", "all"], name: "minimise")
      try w.move(5, 5)
      try w.waitForFrame("every view selected") { img in (0..<24).allSatisfy { X.filled(img, $0) } }

      try w.xdotool(["windowminimize", w.id])
      try w.xdotool(["windowunmap", w.id])
      let pid = "\(w.app.process.processIdentifier)"
      let hidden = try waitUntil(timeout: 5) {
        try shell(["xdotool", "search", "--onlyvisible", "--pid", pid]).0 != 0
      }
      #expect(hidden, "the window did not unmap")

      // Hidden, it keeps running: A still toggles every view.
      try w.key("a")
      let off = try w.waitForEvents(24)
      #expect(off.allSatisfy { $0.new == "off" }, "\(off)")
      #expect(w.app.process.isRunning)

      // Shown again, it shows the scene as it is now, and answers clicks.
      try w.xdotool(["windowmap", w.id])
      try w.waitForFrame("every view cleared") { img in
        (0..<24).allSatisfy { X.clear(img, $0) && X.ringed(img, $0) }
      }
      let c = X.centre(14)
      try w.click(c.x, c.y)
      let on = try w.waitForEvents(25).last!
      #expect(on.cell == 14 && on.new == "on" && on.cause == "click", "\(on)")
      try w.move(5, 5)
      try w.waitForFrame("view 14 selected") { X.filled($0, 14) }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
