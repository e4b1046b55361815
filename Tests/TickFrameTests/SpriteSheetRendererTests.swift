import Foundation
import Testing
import TickFrame
import TickGeometry
import TickScene

/// `SpriteSheetRenderer`: a sheet's sprites rendered on the CPU, the same bytes wherever
/// and however often it runs.
@Suite struct SpriteSheetRendererTests {
  /// Sheets that exercise every kind of geometry: the default style, a springy one whose
  /// frames overshoot, squares, and sizes from tiny to large.
  static let keys: [SpriteSheet.Key] = {
    var bounce = TickStyle()
    bounce.animation = .bounce
    var square = TickStyle()
    square.shape = .square
    var keys: [SpriteSheet.Key] = []
    for (style, cell, gap) in [
      (TickStyle(), 8, 0), (bounce, 16, 4), (square, 50, 10), (TickStyle(), 50, 10),
    ] {
      keys.append(SpriteSheet.Key(style: style, cell: cell, gap: gap, durationSteps: 12))
    }
    return keys
  }()

  /// Every sprite of the sheet of `key`, rendered by `renderer`.
  static func render(_ key: SpriteSheet.Key, with renderer: inout SpriteSheetRenderer)
    -> [UInt32]
  {
    let sheet = SpriteSheet(key: key)
    let layout = SpriteSheetLayout(sheet: sheet, maxWidth: 4096)
    var pixels = [UInt32](repeating: 0, count: layout.width * layout.height)
    renderer.render(sheet, 0..<sheet.count, layout: layout, into: &pixels)
    return pixels
  }

  /// One renderer twice in a row (its shape caches warm the second time), a fresh one,
  /// and one on another thread all give the same bytes.
  @Test(arguments: keys.indices)
  func theSameSheetGivesTheSameBytesOnAnyThread(index: Int) {
    let key = Self.keys[index]
    var renderer = SpriteSheetRenderer()
    let first = Self.render(key, with: &renderer)
    let again = Self.render(key, with: &renderer)
    var fresh = SpriteSheetRenderer()
    let third = Self.render(key, with: &fresh)
    let result = ThreadResult()
    let thread = Thread {
      var other = SpriteSheetRenderer()
      result.set(Self.render(key, with: &other))
    }
    thread.start()
    let elsewhere = result.wait(seconds: 60)
    #expect(first == again)
    #expect(first == third)
    #expect(elsewhere != nil && first == elsewhere)
  }

  /// Each sprite is opaque, its corners (outside any shape) are the background, and the
  /// settled looks differ from one another: the renderer draws the looks, not a blank.
  @Test func spritesAreOpaqueLooksOverTheBackground() {
    let key = Self.keys[3]
    var renderer = SpriteSheetRenderer()
    let pixels = Self.render(key, with: &renderer)
    let sheet = SpriteSheet(key: key)
    let layout = SpriteSheetLayout(sheet: sheet, maxWidth: 4096)
    let bg = key.style.background
    let background = 0xFF00_0000 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b)
    func sprite(_ i: Int) -> [UInt32] {
      let o = layout.origin(of: i)
      var rows: [UInt32] = []
      for y in 0..<layout.spriteSize {
        let start = (o.y + y) * layout.width + o.x
        rows += pixels[start..<(start + layout.spriteSize)]
      }
      return rows
    }
    var seen: [[UInt32]] = []
    for i in 0..<sheet.count {
      let s = sprite(i)
      #expect(s.allSatisfy { $0 >> 24 == 0xFF }, "sprite \(i) is not opaque")
      #expect(s[0] == background && s[s.count - 1] == background, "sprite \(i)'s corners")
      if i < 3 { seen.append(s) }
    }
    #expect(seen[0] != seen[1] && seen[1] != seen[2] && seen[0] != seen[2])
  }

  /// The layout is square-ish, no wider than asked where a sprite fits, and puts sprite
  /// `i` at row `i / perRow`.
  @Test func theLayoutPlacesSpritesRowByRow() {
    let sheet = SpriteSheet(key: Self.keys[3])
    let wide = SpriteSheetLayout(sheet: sheet, maxWidth: 16384)
    #expect(wide.perRow * wide.perRow >= sheet.count && wide.rows <= wide.perRow)
    let narrow = SpriteSheetLayout(sheet: sheet, maxWidth: 130)
    #expect(narrow.perRow == 2 && narrow.width == 120)
    #expect(narrow.origin(of: 5) == (60, 120))
    #expect(narrow.height == (sheet.count + 1) / 2 * 60)
  }
}

/// A value handed from a thread to the test, which waits for it.
final class ThreadResult: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: [UInt32]?

  func set(_ v: [UInt32]) {
    condition.lock()
    value = v
    condition.broadcast()
    condition.unlock()
  }

  /// The value, once the thread has set it; nil if it has not within `seconds`.
  func wait(seconds: Double) -> [UInt32]? {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while value == nil, condition.wait(until: deadline) {}
    return value
  }
}
