import TickFrame
import TickScene

/// A sprite sheet's sprites in memory, rendered on the CPU: the settled looks and the
/// first frames of each transition at once, the whole sheet on a `SheetWorker`'s thread,
/// swapped in when it is all there.
///
/// Owned by the main thread. `sheet` says which sprites may be read: until the worker's
/// pixels are taken in (`poll`), the settled looks (`settledCount`) and the first
/// `leadingFrames` frames of every transition kind, so that a frame that makes a sheet
/// and starts animations (a style key and toggle-all) draws them as sprites rather than
/// tessellating every view; then every sprite. The worker renders those sprites again
/// with the same code, so they are the same bytes before and after the swap: nothing
/// drawn from them is owed a redraw.
final class SheetPixels {
  let layout: SpriteSheetLayout
  /// The sheet, with which of its sprites are in `pixels`.
  private(set) var sheet: SpriteSheet
  /// The image, ARGB8888, `layout.width` pixels a row; only available sprites are
  /// meaningful.
  private(set) var pixels: [UInt32]
  /// The worker's job while it renders the rest.
  private var job: SheetJob?

  /// The settled looks: rendered at once, so that settled views never wait for a sprite.
  static let settledCount = 4

  /// The main thread's time for the leading frames when a sheet is made, in seconds: a
  /// small share of a 16.7-ms frame (the frame that makes a sheet is a full redraw
  /// already). It buys seven frames of each kind at 66-px sprites, more at smaller ones:
  /// animations started with the sheet reach frame 2 in that frame (two 120-Hz steps a
  /// frame) and frame 6 two frames later, by when the worker's sheet is in (`bench
  /// interact`: one to three frames pending a sheet).
  static let leadingBudget = 0.001

  /// The CPU's cost of one sprite, to size `leadingFrames` within `leadingBudget`: about
  /// 20 µs to tessellate and set up, and 6 ns a pixel to rasterize (`bench sheets`:
  /// 187-sprite sheets in 3–4 ms at 20 px and 6–10 ms at 60 px).
  static let spriteSeconds = 20e-6
  static let pixelSeconds = 6e-9

  /// Renders the settled looks and the leading frames now and the whole sheet on
  /// `worker`; with no worker, every sprite now.
  init(sheet full: SpriteSheet, layout: SpriteSheetLayout, worker: SheetWorker?) {
    self.layout = layout
    pixels = SpriteSheetRenderer.uninitialisedPixels(layout)
    var renderer = SpriteSheetRenderer()
    guard let worker else {
      renderer.render(full, 0..<full.count, layout: layout, into: &pixels)
      sheet = full.with(available: full.count)
      return
    }
    let settled = min(Self.settledCount, full.count)
    let early = full.with(available: settled, leadingFrames: Self.leadingFrames(full))
    renderer.render(full, 0..<settled, layout: layout, into: &pixels)
    for i in early.leadingSprites {
      renderer.render(full, i..<(i + 1), layout: layout, into: &pixels)
    }
    guard early.leadingFrames < full.framesPerKind else {
      sheet = full.with(available: full.count)
      return
    }
    sheet = early
    let job = SheetJob(sheet: full, layout: layout)
    self.job = job
    worker.submit(job)
  }

  /// How many frames of each kind fit in `leadingBudget` for `sheet`'s sprite size.
  static func leadingFrames(_ sheet: SpriteSheet) -> Int {
    let size = Double(sheet.spriteSize)
    let perFrame = 3 * (spriteSeconds + size * size * pixelSeconds)
    return min(sheet.framesPerKind, Int(leadingBudget / perFrame))
  }

  deinit { job?.cancel() }

  /// Whether every sprite is in.
  var isComplete: Bool { sheet.isComplete }

  /// Takes in the worker's pixels if it has finished; never waits for it. Returns whether
  /// the sheet became complete.
  @discardableResult
  func poll() -> Bool {
    guard let job, let rendered = job.take() else { return false }
    pixels = rendered
    sheet = sheet.with(available: sheet.count, leadingFrames: sheet.leadingFrames)
    self.job = nil
    return true
  }

  /// Completes the sheet on this thread now, for a caller that has no frame rate to keep
  /// (a headless render): the worker's pixels if they are there, else rendered here with
  /// the same code, so the bytes are the same either way.
  func finishNow() {
    guard !isComplete, !poll() else { return }
    job?.cancel()
    job = nil
    var renderer = SpriteSheetRenderer()
    renderer.render(sheet, sheet.available..<sheet.count, layout: layout, into: &pixels)
    sheet = sheet.with(available: sheet.count, leadingFrames: sheet.leadingFrames)
  }
}
