import TickScene

/// Frame caches by sprite key, shared by the presenters of one screen, so that a
/// from-scratch render (the frame check) or a return to a recent size or style finds its
/// sheet built.
///
/// Least recently used sheets go first once the cache holds more than `byteBudget` bytes;
/// the sheet in use is never evicted (an evicted sheet still being rendered is cancelled).
/// A key whose sheet could not be built is remembered, so it is not tried again every
/// frame. Sheets are rendered on one worker thread of the cache's (`SheetWorker`).
public final class AtlasCache {
  private let screen: Screen
  private let worker: SheetWorker
  /// Most recently used last.
  private var entries: [SpriteAtlas] = []
  private var failures: [(key: SpriteSheet.Key, error: SDLError)] = []
  /// The most bytes the cached sheets may take together (pixels and textures).
  public let byteBudget: Int

  public init(screen: Screen, byteBudget: Int = 256 << 20) {
    self.screen = screen
    self.byteBudget = byteBudget
    worker = SheetWorker()
  }

  deinit { worker.stop() }

  /// The atlas of `key`, made now if none is cached: its settled looks rendered at once,
  /// the rest on the worker's thread when `background`, else here and now. The caller
  /// takes in the worker's pixels (`SpriteAtlas.update`) and uploads them.
  /// - Throws: why the sheet cannot be built (the same error each time for that key).
  public func atlas(for key: SpriteSheet.Key, background: Bool) throws(SDLError) -> SpriteAtlas {
    if let a = cached(key) { return a }
    if let f = failures.first(where: { $0.key == key }) { throw f.error }
    let a: SpriteAtlas
    do {
      a = try SpriteAtlas(
        screen: screen, sheet: SpriteSheet(key: key), worker: background ? worker : nil)
    } catch {
      failures.append((key, error))
      throw error
    }
    entries.append(a)
    var total = entries.reduce(0) { $0 + $1.bytes }
    while total > byteBudget, entries.count > 1 {
      total -= entries.removeFirst().bytes
    }
    return a
  }

  /// The cached atlas of `key`, if there is one (made most recently used); nil otherwise.
  public func cached(_ key: SpriteSheet.Key) -> SpriteAtlas? {
    guard let i = entries.lastIndex(where: { $0.sheet.key == key }) else { return nil }
    let a = entries.remove(at: i)
    entries.append(a)
    return a
  }
}
