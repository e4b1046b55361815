import TickFrame

/// A backing store drawn for a path switched to while frames go on (M in play), a share of
/// its visible rows a frame, while the compose path draws the window. Drawing a whole store
/// at once costs a frame 24–30 ms on llvmpipe for 56-px views (every view's triangles
/// submitted, then rasterised); in shares of about `shareBudget` each, no frame of the
/// switch passes 16.7 ms. The rows already drawn take each frame's changed views, and the
/// frame after the last share shows the store, drawing its animating views as every
/// frame does (`FrameBuilder.buildShare`).
///
/// Anything that changes every view (`SceneChanges.everything`: a zoom, a pan, a style) or
/// the visible rows starts it again from the first row.
struct StoreHandover {
  /// The path the store is drawn for (direct or atlas).
  let path: RenderPath
  let store: BackingStore
  /// The sheet the store's sprites come from (atlas path), nil for the direct path.
  let atlas: SpriteAtlas?
  /// The visible rows and columns the store is being drawn for.
  private(set) var rows = 0..<0
  private(set) var columns = 0..<0
  /// How many of `rows`, from the first, are drawn.
  private(set) var done = 0
  /// What the last share cost a row, once one was drawn since the last restart.
  private var secondsPerRow: Double?
  /// Whether a share has been drawn since the last restart (an empty grid has no rows, and
  /// is complete once its first share has cleared the store).
  private var started = false

  /// The time a share is sized to take: the compose path's frame (put from shared memory in
  /// under 2 ms here) and a share stay well within 16.7 ms, and a window of 56-px views on
  /// llvmpipe, about 13 ms whole, is drawn in three frames.
  static let shareBudget = 0.005
  /// The part of the visible rows the first share draws, before any share's cost is known:
  /// a whole window of 56-px views costs about 13 ms, so an eighth stays within the budget.
  static let firstShareDivisor = 8

  init(path: RenderPath, store: BackingStore, atlas: SpriteAtlas?) {
    self.path = path
    self.store = store
    self.atlas = atlas
  }

  /// Whether every row is drawn: the store can be shown.
  var isComplete: Bool { started && done == rows.count }

  /// The rows drawn so far.
  var drawnRows: Range<Int> { rows.lowerBound..<(rows.lowerBound + done) }

  /// Whether the store was drawn for another set of visible cells than `rows` × `columns`.
  func drawnFor(rows r: Range<Int>, columns c: Range<Int>) -> Bool { rows == r && columns == c }

  /// Starts again from the first of `rows` (the next share clears the store).
  mutating func restart(rows r: Range<Int>, columns c: Range<Int>) {
    rows = r
    columns = c
    done = 0
    started = false
  }

  /// The rows the next share draws: as many as the last share's cost a row says fit in
  /// `shareBudget`, at least one.
  var nextRows: Range<Int> {
    let left = rows.count - done
    let count: Int
    if let secondsPerRow, secondsPerRow > 0 {
      count = Int(Self.shareBudget / secondsPerRow)
    } else {
      count = rows.count / Self.firstShareDivisor
    }
    let first = rows.lowerBound + done
    return first..<(first + min(left, max(1, count)))
  }

  /// Counts a share of `drawn` rows that took `seconds` (its changes in earlier rows
  /// included, so the next share is sized for what a frame of this switch really costs).
  mutating func record(_ drawn: Range<Int>, seconds: Double) {
    started = true
    done += drawn.count
    if !drawn.isEmpty { secondsPerRow = seconds / Double(drawn.count) }
  }
}
