import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

/// Every test that puts a window on the X display.
///
/// They share one pointer, one keyboard focus and one screen (windows open centred, one
/// on top of another), so they must not overlap: this suite is serialized, and so is every
/// suite nested in it.
@Suite(.serialized) enum OnTheXDisplay {
  static let environment = ProcessInfo.processInfo.environment
  /// Whether a display, xdotool and ImageMagick's `import` are here; `tools/test` provides
  /// all three and sets `TICKPLAY_REQUIRE_E2E=1`.
  static let available =
    !(environment["DISPLAY"] ?? "").isEmpty && haveTool("xdotool") && haveTool("import")

  /// Runs a test only where it can put a window on the X display; elsewhere it is skipped
  /// with the reason (and `TICKPLAY_REQUIRE_E2E=1` makes that a failure,
  /// `ClickToggleTests.endToEndNeedsItsTools`).
  static let needed = ConditionTrait.enabled(
    if: available, "needs an X display (DISPLAY), xdotool and ImageMagick's import")

  /// The default 6×4 grid of a 400×300 window: origin (25, 35), pitch 60.
  static let layout = GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)

  /// Whether `cell` of a 6-column grid starts selected with `--select checker`.
  static func checker(_ cell: Int) -> Bool { (cell % 6 + cell / 6) % 2 == 0 }

  /// A point inside `cell`'s disc, clear of the tick and the ring.
  static func discPoint(_ cell: Int, in layout: GridLayout = layout) -> (x: Int, y: Int) {
    let r = layout.rect(of: cell)
    return (r.x + r.width / 2, r.y + r.height / 5)
  }

  /// The centre of `cell`.
  static func centre(_ cell: Int, in layout: GridLayout = layout) -> (x: Int, y: Int) {
    let r = layout.rect(of: cell)
    return (r.x + r.width / 2, r.y + r.height / 2)
  }

  /// Whether `cell` shows the selected fill in `image`.
  static func filled(_ image: RGBAImage, _ cell: Int, in layout: GridLayout = layout) -> Bool {
    let p = discPoint(cell, in: layout)
    return Looks.isFill(image.pixel(p.x, p.y))
  }

  /// Whether `cell` shows background inside its ring (unselected, not dimmed or tinted).
  static func clear(_ image: RGBAImage, _ cell: Int, in layout: GridLayout = layout) -> Bool {
    let p = discPoint(cell, in: layout)
    return Looks.isWhite(image.pixel(p.x, p.y))
  }

  /// Whether `cell`'s unselected ring is drawn: a gray pixel on its top edge.
  static func ringed(_ image: RGBAImage, _ cell: Int, in layout: GridLayout = layout) -> Bool {
    let r = layout.rect(of: cell)
    return (r.y...(r.y + 4)).contains { y in
      let p = image.pixel(r.x + r.width / 2, y)
      return p.r < 220 && abs(Int(p.r) - Int(p.b)) < 12
    }
  }

  /// How many focus-ring blue pixels lie round `cell` (zero when it has no focus).
  static func focusPixels(_ image: RGBAImage, _ cell: Int, in layout: GridLayout = layout)
    -> Int
  {
    let r = layout.paintRect(of: cell)
    var n = 0
    for y in max(0, r.y)..<min(image.height, r.y + r.height) {
      for x in max(0, r.x)..<min(image.width, r.x + r.width) {
        let p = image.pixel(x, y)
        if Int(p.b) > Int(p.r) + 80 && Int(p.b) > Int(p.g) + 30 { n += 1 }
      }
    }
    return n
  }
}
