import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The HUD docked beside the grid in a real window: no view drawn under it in any mode,
  /// clicks landing where the views are drawn, and H and F1 working after `--hud off`.
  @Suite struct HUDDockTests {
    typealias X = OnTheXDisplay

    /// Whether `p` is the docked HUD's background.
    static func isDock(_ p: Pixel) -> Bool { Looks.near(p, 0x1c_2026, tolerance: 4) }

    /// Whether no pixel of the HUD's area right of `x` shows a view's fill, along each
    /// row of `layout`: no view is drawn under the panel.
    static func nothingUnderThePanel(_ img: RGBAImage, _ layout: GridLayout) -> Bool {
      (0..<layout.rows).allSatisfy { r in
        let y = layout.rect(of: r * layout.columns).y + 10
        return y < 0 || y >= img.height
          || (layout.windowWidth..<img.width).allSatisfy { !Looks.isFill(img.pixel($0, y)) }
      }
    }

    @Test(X.needed) func hCyclesFullCompactOffAndNoViewIsUnderTheHUD() throws {
      let w = try PlayWindow(
        ["--window", "640x400", "--select", "all", "--events"], name: "hud-dock")
      // Full: a 300-px panel on the right; the 5 × 6 views that fit beside it, wholly
      // shown, centred in the 340 × 400 left of the panel.
      let full = GridLayout(windowWidth: 340, windowHeight: 400, cell: 50, gap: 10)
        .resized(width: 340, height: 400)
      #expect(full.columns == 5 && full.rows == 6 && full.originX == 25 && full.showsWhole)
      try w.move(639, 399)
      try w.waitForFrame("the grid left of the full panel") { img in
        Self.isDock(img.pixel(345, 200)) && Self.isDock(img.pixel(639, 399))
          && ViewStateWindowTests.shows(img, full) { _ in true }
          && Self.nothingUnderThePanel(img, full)
      }
      // A click lands on the view drawn under the pointer.
      let c14 = X.centre(14, in: full)
      try w.click(c14.x, c14.y)
      #expect(try w.waitForEvents(1).map(\.cell) == [14])

      // Compact: a strip along the bottom; the grid, centred in the 640×378 above it, shows
      // every view, each in its state.
      try w.key("h")
      let compact = full.resized(width: 640, height: 378)
      #expect(compact.showsWhole)
      try w.move(639, 399)
      try w.waitForFrame("the grid above the compact strip") { img in
        Self.isDock(img.pixel(620, 395))
          && ViewStateWindowTests.shows(img, compact) { $0 != 14 }
      }
      // Off: the whole window is the grid's.
      try w.key("h")
      try w.waitForFrame("no HUD") { img in
        Looks.isWhite(img.pixel(620, 395)) && Looks.isWhite(img.pixel(635, 10))
      }
      try w.key("h")
      try w.waitForFrame("the full panel again") { Self.isDock($0.pixel(345, 200)) }
      #expect(try w.waitForEvents(1).count == 1, "\(w.app.stdout)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    @Test(X.needed) func hAndF1WorkAfterHUDOff() throws {
      let w = try PlayWindow(["--window", "640x400", "--hud", "off"], name: "hud-off")
      try w.move(5, 5)
      try w.waitForFrame("no HUD") { Looks.isWhite($0.pixel(620, 200)) }
      try w.key("h")
      try w.waitForFrame("the panel after H") { Self.isDock($0.pixel(620, 200)) }
      try w.key("F1")
      // The help box is centred over the grid's 340-px area.
      try w.waitForFrame("the help after F1") { img in
        let p = img.pixel(170, 200)
        return p.r < 90 && p.g < 90 && p.b < 90
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
