import TickScene

/// A sprite sheet's sprites in memory, rendered on the CPU: the settled looks at once, the
/// rest on a `SheetWorker`'s thread, swapped in whole when they are all there.
///
/// Owned by the main thread. `sheet.available` says which sprites may be read: the
/// settled looks (`settledCount`) until the worker's pixels are taken in (`poll`), then
/// every sprite. The worker renders the settled looks again with the same code, so they
/// are the same bytes before and after the swap: nothing drawn from them is owed a redraw.
final class SheetPixels {
  let layout: SpriteSheetLayout
  /// The sheet, with how many of its sprites are in `pixels`.
  private(set) var sheet: SpriteSheet
  /// The image, ARGB8888, `layout.width` pixels a row; only available sprites are
  /// meaningful.
  private(set) var pixels: [UInt32]
  /// The worker's job while it renders the rest.
  private var job: SheetJob?

  /// The settled looks: rendered at once (four sprites, cheap), so that settled views
  /// never wait for a sprite.
  static let settledCount = 4

  /// Renders the settled looks now and the rest on `worker`; with no worker, every sprite
  /// now.
  init(sheet full: SpriteSheet, layout: SpriteSheetLayout, worker: SheetWorker?) {
    self.layout = layout
    pixels = SpriteSheetRenderer.uninitialisedPixels(layout)
    let settled = min(Self.settledCount, full.count)
    var renderer = SpriteSheetRenderer()
    renderer.render(full, 0..<settled, layout: layout, into: &pixels)
    sheet = full.with(available: settled)
    guard settled < full.count else { return }
    if let worker {
      let job = SheetJob(sheet: full, layout: layout)
      self.job = job
      worker.submit(job)
    } else {
      renderer.render(full, settled..<full.count, layout: layout, into: &pixels)
      sheet = full.with(available: full.count)
    }
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
    sheet = sheet.with(available: sheet.count)
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
    sheet = sheet.with(available: sheet.count)
  }
}
