import Foundation
import TestSupport
import Testing
import TickFiles
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The window never discards a view's state, in a real window: docking the HUD (H) and
  /// resizing (`xdotool windowsize`) move the grid and keep every view and its value, and
  /// the HUD never changes how many views there are.
  @Suite struct ViewStateWindowTests {
    typealias X = OnTheXDisplay

    /// The grid of a 640×400 launch window without a HUD: 10×6 views.
    static let launch = GridLayout(windowWidth: 640, windowHeight: 400, cell: 50, gap: 10)

    /// Whether every view lying wholly in `layout`'s area shows the fill when `on` says
    /// so and background otherwise.
    static func shows(_ img: RGBAImage, _ layout: GridLayout, on: (Int) -> Bool) -> Bool {
      (0..<layout.count).allSatisfy { cell in
        let r = layout.rect(of: cell)
        guard r.x >= 0, r.y >= 0, r.x + r.width <= layout.windowWidth,
          r.y + r.height <= layout.windowHeight
        else { return true }
        return on(cell) ? X.filled(img, cell, in: layout) : X.clear(img, cell, in: layout)
      }
    }

    /// Whether `a` and `b` agree (within a few levels a channel) left of column `width`.
    static func same(_ a: RGBAImage, _ b: RGBAImage, width: Int) -> Bool {
      guard a.height == b.height, a.width >= width, b.width >= width else { return false }
      for y in 0..<a.height {
        for x in 0..<width {
          let (p, q) = (a.pixel(x, y), b.pixel(x, y))
          if abs(Int(p.r) - Int(q.r)) > 8 || abs(Int(p.g) - Int(q.g)) > 8
            || abs(Int(p.b) - Int(q.b)) > 8
          {
            return false
          }
        }
      }
      return true
    }

    @Test(X.needed) func dockingAndResizingKeepEverySelection() throws {
      let w = try PlayWindow(
        ["--window", "640x400", "--events", "--hud", "off"], name: "keep-states")
      try w.move(639, 399)  // on no view in any layout below
      try w.waitForFrame("the first frame") { Self.shows($0, Self.launch) { _ in false } }
      // Views all over the grid, the last column and the last row among them: the first
      // to be cut off by a dock or a smaller window.
      let selected = [3, 9, 25, 46, 54, 59]
      for cell in selected {
        let c = X.centre(cell, in: Self.launch)
        try w.click(c.x, c.y)
      }
      #expect(try w.waitForEvents(6).map(\.cell) == selected)
      try w.move(639, 399)
      // Settled: the ticks drawn to their end, two captures in a row alike.
      var last: RGBAImage?
      let before = try w.waitForFrame("the six views on, settled") { img in
        defer { last = img }
        return Self.shows(img, Self.launch) { selected.contains($0) }
          && last.map { Self.same($0, img, width: 640) } == true
      }

      // The layouts the scene gives each step below, as play makes them.
      var scene = Scene(layout: Self.launch)
      // H: the full panel takes 300 px; the 590-px-wide grid, wholly shown before, is
      // fitted at a smaller cell in the 340 px left of it, every view still shown.
      try w.key("h")
      scene.setDock(HUDMode.full.dock)
      let full = scene.layout
      #expect(full.columns == 10 && full.rows == 6 && full.cell < 50 && full.showsWhole)
      try w.waitForFrame("the grid beside the panel") { img in
        HUDDockTests.isDock(img.pixel(345, 200)) && Self.shows(img, full) { selected.contains($0) }
      }
      // H: the compact strip leaves room for the first cell size again; a smaller window
      // and back.
      try w.key("h")
      scene.setDock(HUDMode.compact.dock)
      let compact = scene.layout
      #expect(compact.cell == 50 && compact.showsWhole)
      try w.waitForFrame("the grid above the strip") { img in
        HUDDockTests.isDock(img.pixel(620, 395))
          && Self.shows(img, compact) { selected.contains($0) }
      }
      try w.xdotool(["windowsize", w.id, "500", "300"])
      let small = compact.resized(width: 500, height: 278)
      try w.waitForFrame("a 500×300 window") { img in
        img.width == 500 && img.height == 300 && Self.shows(img, small) { selected.contains($0) }
      }
      try w.xdotool(["windowsize", w.id, "640", "400"])
      try w.waitForFrame("640×400 again") { img in
        img.width == 640 && Self.shows(img, compact) { selected.contains($0) }
      }
      // H: no HUD again: the window shows what it showed before, pixel for pixel.
      try w.key("h")
      #expect(compact.resized(width: 640, height: 400) == Self.launch)
      try w.waitForFrame("the grid as it was (the toast gone)") { img in
        Self.same(img, before, width: 640)
      }
      #expect(
        try w.waitForEvents(6).count == 6, "docking and resizing change no value: \(w.app.stdout)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("(60 views"), "\(w.app.stderr)")
    }

    /// The number of views the summary line reports.
    static func views(_ stderr: String) -> Int? {
      guard let r = stderr.range(of: #"\((\d+) views"#, options: .regularExpression) else {
        return nil
      }
      return Int(stderr[r].dropFirst().prefix { $0.isNumber })
    }

    /// The views are as many as fit beside the HUD the window starts with: 5 × 6 left of
    /// the full panel in a 640×400 window, 10 × 6 in the whole of it.
    @Test(X.needed) func theViewCountFitsTheLaunchHUD() throws {
      var counts: [String: Int] = [:]
      for hud in ["on", "off"] {
        let r = try Tickplay.run(
          ["play", "--window", "640x400", "--hud", hud, "--frames", "3", "--events"],
          environment: ["SDL_VIDEODRIVER": "x11"])
        #expect(r.status == 0, "\(r.stderr)")
        counts[hud] = Self.views(r.stderr)
      }
      #expect(counts["on"] == 30 && counts["off"] == 60, "\(counts)")
    }
  }
}
