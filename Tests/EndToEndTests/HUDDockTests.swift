import Foundation
import TestSupport
import Testing
import TickApp
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The HUD docked beside the grid in a real window: no view under it in any mode, clicks
  /// landing where the views are drawn, and H and F1 working after `--hud off`.
  @Suite struct HUDDockTests {
    typealias X = OnTheXDisplay

    /// Whether `p` is the docked HUD's background.
    static func isDock(_ p: Pixel) -> Bool { Looks.near(p, 0x1c_2026, tolerance: 4) }

    /// The rows 0–4 of `layout` (clear of any toast at the bottom) all look `on`.
    static func rows(_ img: RGBAImage, _ layout: GridLayout, on: (Int) -> Bool) -> Bool {
      (0..<(5 * layout.columns)).allSatisfy { cell in
        let (c, r) = layout.position(of: cell)
        guard r < layout.rows, c < layout.columns else { return true }
        return on(cell) ? X.filled(img, cell, in: layout) : X.ringed(img, cell, in: layout)
      }
    }

    @Test(.enabled(if: X.available)) func hCyclesFullCompactOffAndNoModeHidesAView() throws {
      let w = try PlayWindow(
        ["--window", "640x400", "--select", "all", "--events"], name: "hud-dock")
      // Full: a 300-px panel on the right; the grid fills the 340×400 left of it.
      let full = GridLayout(windowWidth: 340, windowHeight: 400, cell: 50, gap: 10)
      #expect(full.columns == 5 && full.rows == 6)
      try w.move(339, 399)
      try w.waitForFrame("the grid left of the full panel") { img in
        Self.isDock(img.pixel(345, 200)) && Self.isDock(img.pixel(639, 399))
          && Self.rows(img, full) { _ in true }
          && (0..<full.count).allSatisfy { full.rect(of: $0).x + 50 <= 340 }
      }
      // A click lands on the view drawn under the pointer.
      let c7 = X.centre(7, in: full)
      try w.click(c7.x, c7.y)
      #expect(try w.waitForEvents(1).map(\.cell) == [7])

      // Compact: a strip along the bottom, the grid fills the 640×378 above it: the
      // views kept their states (7 is now 12) and the new columns are off.
      try w.key("h")
      let compact = GridLayout(windowWidth: 640, windowHeight: 378, cell: 50, gap: 10)
      #expect(compact.columns == 10 && compact.rows == 6)
      try w.move(639, 377)
      try w.waitForFrame("the grid above the compact strip") { img in
        Self.isDock(img.pixel(620, 395)) && Looks.isWhite(img.pixel(635, 200))
          && Self.rows(img, compact) { cell in
            let (c, _) = compact.position(of: cell)
            return c < 5 && cell != 12
          }
      }
      // Off: the whole window is the grid's.
      try w.key("h")
      try w.waitForFrame("no HUD") { img in
        Looks.isWhite(img.pixel(620, 395)) && Looks.isWhite(img.pixel(635, 10))
      }
      try w.key("h")
      try w.waitForFrame("the full panel again") { Self.isDock($0.pixel(345, 200)) }
      #expect(w.events.count == 1, "\(w.app.stdout)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    @Test(.enabled(if: X.available)) func hAndF1WorkAfterHUDOff() throws {
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
