import TickScene

/// The sheet a presenter's frames draw with: the scene's own when cached; while a zoom has
/// not rested (`ZoomRest`), the last sheet of the same style, scaled; otherwise a new one,
/// its settled looks rendered now and the rest on the worker's thread.
struct SheetChoice {
  /// The frame caches, shared with other presenters of the same screen.
  let atlases: AtlasCache
  /// The sheet in use; nil where none is wanted or none could be made.
  private(set) var atlas: SpriteAtlas?
  /// Whether new sheets are rendered on the worker's thread while frames go on (play), or
  /// whole before the frame that needs them (`Presenter.sheetsInBackground`).
  var inBackground = true
  /// The clock a zoom rests by before a sheet is built for the new size.
  let zoomRestClock: ZoomRest.Clock
  private var zoomRest = ZoomRest()

  /// What choosing a sheet came to.
  enum Outcome {
    /// The sheet in use stays (the scene's own, or a stand-in while a zoom moves).
    case kept(SpriteAtlas)
    /// Another sheet, cached or made now.
    case changed(SpriteAtlas)
    /// No sheet can be made, and why.
    case failed(String)
  }

  init(atlases: AtlasCache, atlas: SpriteAtlas? = nil, zoomRestClock: ZoomRest.Clock) {
    self.atlases = atlases
    self.atlas = atlas
    self.zoomRestClock = zoomRestClock
  }

  /// Chooses the sheet for `scene`. While a zoom has not rested, the sheet in use stands
  /// in for the new size where `standIn` allows: not while time stands still (the frame
  /// drawn is the one a render would draw as soon as it could), nor for the overview,
  /// which is drawn from the sheet of its base size.
  mutating func choose(for scene: Scene, standIn: Bool) -> Outcome {
    let key = scene.spriteKey
    if let atlas, atlas.sheet.key == key { return .kept(atlas) }
    let resting =
      !standIn
      || zoomRest.hasRested(scene, clock: zoomRestClock, now: SDLSystem.now())
    if let cached = atlases.cached(key) {
      atlas = cached
      return .changed(cached)
    }
    if !resting, let current = atlas, current.sheet.canStandIn(for: key) {
      return .kept(current)
    }
    do {
      let made = try atlases.atlas(for: key, background: inBackground)
      atlas = made
      return .changed(made)
    } catch {
      atlas = nil
      return .failed(error.message)
    }
  }

  /// Takes in the worker's pixels if they are ready, or while frames need not keep a rate,
  /// renders the rest of the sheet now.
  func takeIn(_ sheet: SpriteAtlas) {
    if inBackground { sheet.update() } else { sheet.finishNow() }
  }

  /// Lets the sheet go (the direct path draws without one).
  mutating func drop() { atlas = nil }
}
