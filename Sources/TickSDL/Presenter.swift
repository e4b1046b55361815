import CSDL2
import TickFrame
import TickGeometry
import TickScene

/// Draws a scene into the window by one of the three render paths, and knows what its
/// targets hold.
///
/// Each frame the loop hands it the scene and the changes it took from the scene
/// (`Scene.takeChanges`). Whether the backing store (direct, atlas) or the composed frame
/// (compose) is stale — new, resized, or drawn by another path or sheet — is the
/// presenter's own knowledge: then it draws everything, whatever the changes say. Choosing
/// a path or a sheet never touches the scene.
///
/// When a sheet cannot be built (a zoom so large the sheet passes `SpriteAtlas.byteLimit`)
/// it draws with the direct path and says why in `note`.
public final class Presenter {
  private let screen: Screen
  /// The frame caches, shared with other presenters of the same screen.
  public let atlases: AtlasCache
  /// The path asked for (`auto` allowed).
  public private(set) var requested: RenderPath
  /// The path drawing the window: while the store of a path switched to is still being
  /// drawn (`StoreHandover`), the path being left.
  public private(set) var path: RenderPath = .direct
  /// Why the running path differs from the requested one, if it does.
  public private(set) var note: String?
  /// The last frame's draw list (what the HUD counts).
  public private(set) var list = DrawList()
  /// Where the last frame's time went.
  public private(set) var timings = FrameTimings()
  /// Under-invalidation checking, when on.
  public var check: FrameCheck?

  private var atlas: SpriteAtlas?
  private var store: BackingStore?
  private var compositor: Compositor?
  /// The path and sheet the targets were last drawn with.
  private var drawnPath: RenderPath?
  private var drawnAtlas: SpriteAtlas?
  private var builder = FrameBuilder()
  /// The store of a path switched to, while it is drawn a share a frame, and its shares'
  /// draw list.
  private var handover: StoreHandover?
  private var share = DrawList()
  /// Draws overview layouts.
  private let overview = OverviewPainter()
  /// For the frame check's presenter: the live presenter's path and sheet, used as they
  /// are (it must draw with the very sprites the live frame uses, and build nothing).
  private let mirrored: (path: RenderPath, atlas: SpriteAtlas?)?

  /// Whether new sheets are rendered on the worker's thread while frames go on (play), or
  /// whole before the frame that needs them (a headless render, which has no frame rate
  /// to keep and must give the same bytes every run).
  public var sheetsInBackground = true

  /// The most bytes of sprites a frame uploads into the atlas path's textures (at least
  /// one row): llvmpipe takes about 1 ms a MB (`bench sheets`: 2.7 MB in 2.4–3.1 ms,
  /// textures made on the way), so a frame spends about 2 ms on it, and a sheet of 66-px
  /// sprites (3.3 MB) is in after two frames; a GPU takes it in a fraction of that.
  public static let uploadBytesPerFrame = 2 << 20

  /// The clock a zoom rests by before a sheet is built for the new size (`ZoomRest`):
  /// scene time, unless the caller draws live (play), which asks for the wall clock.
  public let zoomRestClock: ZoomRest.Clock
  private var zoomRest = ZoomRest()

  /// Whether scene time stands still (play paused). A zoom then counts as rested at once:
  /// the frame drawn is the one a render at that time would draw as soon as it could.
  public var timeStopped = false

  public init(
    screen: Screen, requested: RenderPath, atlases: AtlasCache? = nil,
    zoomRestClock: ZoomRest.Clock = .scene
  ) {
    self.screen = screen
    self.requested = requested
    self.zoomRestClock = zoomRestClock
    self.atlases = atlases ?? AtlasCache(screen: screen)
    mirrored = nil
  }

  /// A presenter that draws from scratch with `live`'s path and sheet.
  private init(mirroring live: Presenter) {
    screen = live.screen
    requested = live.path
    atlases = live.atlases
    mirrored = (live.path, live.atlas)
    zoomRestClock = live.zoomRestClock
  }

  /// Whether the last frame's sheet was still being rendered (or uploaded), so that views
  /// whose sprites were missing were drawn directly.
  public var sheetPending: Bool {
    guard path != .direct, let atlas else { return false }
    return !atlas.sheet(for: path).isComplete
  }

  /// The path `auto` picks on this screen.
  public var automatic: RenderPath {
    RenderPath.automatic(renderer: screen.rendererName, glRenderer: screen.glRenderer)
  }

  /// Asks for path `p` from the next frame on.
  public func request(_ p: RenderPath) { requested = p }

  /// Draws `scene` at fractional step `present` into the window (not presented): only
  /// what `changes` names and what animates, unless the targets are stale.
  ///
  /// With `check` on and due, the same state is first drawn from scratch by a new
  /// presenter on the same path and compared with this one's frame.
  /// - Throws: an SDL failure, or the frame check's first mismatch.
  public func draw(_ scene: Scene, changes: SceneChanges, present: Double) throws(SDLError) {
    if scene.layout.isOverview { return try drawOverview(scene, present: present) }
    let start = SDLSystem.now()
    let target = try settle(scene, changes: changes, present: present)
    if mirrored == nil { screen.chooseRoute(compose: path == .compose) }
    let settled = SDLSystem.now()
    let fresh = try freshFrame { other throws(SDLError) in
      try other.draw(scene, changes: SceneChanges(everything: true), present: present)
    }
    let buildStart = SDLSystem.now()
    let drawn = try drawList(scene, changes: changes, present: present, into: target)
    timings = FrameTimings(
      start: start, sheet: settled - start, check: buildStart - settled,
      build: drawn.built - buildStart, compose: drawn.compose,
      submit: SDLSystem.now() - drawn.built - drawn.compose,
      cells: list.views, bytesUploaded: drawn.bytesUploaded,
      full: list.fullRedraw)
    try compare(fresh, step: scene.step)
  }

  /// What a path draws into: the direct and atlas paths' backing store, or the compose
  /// path's (and the overview's) composed frame.
  enum FrameTarget {
    case store(BackingStore)
    case composed(Compositor)
  }

  /// This frame's target, and whether it is stale: new, resized, or last drawn by another
  /// path or sheet.
  struct SettledTarget {
    var target: FrameTarget
    var stale: Bool
  }

  /// When the frame's list was built, and what composing it cost (compose path).
  struct DrawnList {
    var built: Double
    var compose: Double = 0
    var bytesUploaded = 0
  }

  /// Builds the frame's draw list for the running path and executes it into `t`.
  private func drawList(
    _ scene: Scene, changes: SceneChanges, present: Double, into t: SettledTarget
  ) throws(SDLError) -> DrawnList {
    switch t.target {
    case .store(let store):
      // The direct path keeps bases in its store; the atlas path copies sprites into it.
      let sheet = path == .direct ? nil : atlas
      if sheet == nil {
        builder.build(
          scene, changes: changes, full: t.stale, present: present, keeping: &store.bases,
          into: &list)
      } else {
        builder.build(
          scene, changes: changes, full: t.stale, present: present,
          sheet: sheet?.sheet(for: path), into: &list)
      }
      let built = SDLSystem.now()
      try store.draw(list, atlas: sheet)
      return DrawnList(built: built)
    case .composed(let c):
      builder.build(
        scene, changes: changes, full: t.stale, present: present, sheet: atlas?.sheet(for: path),
        overlays: true, into: &list)
      let built = SDLSystem.now()
      try c.present(list, atlas: atlas)
      return DrawnList(built: built, compose: c.composeSeconds, bytesUploaded: c.bytesUploaded)
    }
  }

  /// With `check` on and due, the pixels of the frame a presenter mirroring this one draws
  /// from scratch with `draw` (aside: `Screen.drawAside` leaves the window as it was), for
  /// `compare` once this one has drawn it into the window; else nil.
  private func freshFrame(_ draw: (Presenter) throws(SDLError) -> Void) throws(SDLError)
    -> [UInt32]?
  {
    // A back buffer still settling cannot be judged (`Screen.backBufferSettling`).
    guard let check, check.isDue(), !screen.backBufferSettling else { return nil }
    // Drawn aside, so that the window keeps what the live frame is drawn over.
    return try screen.drawAside { () throws(SDLError) -> [UInt32] in
      try draw(Presenter(mirroring: self))
      return try screen.readPixels()
    }
  }

  /// Compares the window with the fresh frame, if any; throws the check's report on a
  /// mismatch.
  private func compare(_ fresh: [UInt32]?, step: Int64) throws(SDLError) {
    guard let fresh, let check else { return }
    let incremental = try screen.readPixels()
    // A window resized under the frame was read back from a drawable of another size:
    // that frame cannot be judged (the next one, at the new size, is).
    if incremental != fresh, !screen.resizePending {
      try check.report(
        incremental: incremental, fresh: fresh, screen: screen, step: step, path: path)
    }
  }

  // MARK: - Private

  /// Draws the overview (views smaller than their whole-pixel sprites) on any path: every
  /// view at the level of detail of its size (`OverviewPainter`), resampled into the
  /// compositor's frame and uploaded as one streaming texture (only the grid's pixels
  /// when the background round it stayed). Nothing is kept between frames for the other
  /// paths, so the frame after an overview is drawn from scratch.
  private func drawOverview(_ scene: Scene, present: Double) throws(SDLError) {
    let start = SDLSystem.now()
    // The path the HUD names: the one the views are drawn by once zoomed in again.
    path = requested == .auto ? automatic : requested
    handover = nil
    if mirrored == nil { screen.chooseRoute(compose: true) }
    let sheet = try overviewSheet(scene)
    let settled = SDLSystem.now()
    // Checked as the paths are: only the grid's pixels are uploaded from frame to frame.
    let fresh = try freshFrame { other throws(SDLError) in
      try other.drawOverview(scene, present: present)
    }
    let drawStart = SDLSystem.now()
    let c = try sizedCompositor()
    try c.presentRepainted { frame in
      overview.paint(
        scene, present: present, atlas: sheet, frame: frame, width: c.width, height: c.height)
    }
    drawnPath = nil
    drawnAtlas = nil
    list.reset()
    list.fullRedraw = true
    timings = FrameTimings(
      start: start, sheet: settled - start, check: drawStart - settled, build: c.composeSeconds,
      compose: 0, submit: SDLSystem.now() - drawStart - c.composeSeconds,
      cells: scene.layout.visibleCount, bytesUploaded: c.bytesUploaded, full: true)
    try compare(fresh, step: scene.step)
  }

  /// The sheet of the overview's base size, its pixels in memory (rendered on the CPU,
  /// the rest on the worker's thread as for any sheet); nil (and a note) when it cannot be
  /// made.
  private func overviewSheet(_ scene: Scene) throws(SDLError) -> SpriteAtlas? {
    // The frame check's presenter draws with the live frame's sheet as it is.
    if let mirrored { return mirrored.atlas }
    let key = scene.spriteKey
    if atlas?.sheet.key != key, let cached = atlases.cached(key) {
      atlas = cached
      note = nil
    } else if atlas?.sheet.key != key, !makeAtlas(key) {
      return nil
    }
    guard let atlas else { return nil }
    if sheetsInBackground { atlas.update() } else { atlas.finishNow() }
    return atlas
  }

  /// Makes the sheet of `key` the presenter's (its settled looks now, the rest on the
  /// worker's thread); when it cannot be made, no sheet and a note saying why. Returns
  /// whether it was made.
  private func makeAtlas(_ key: SpriteSheet.Key) -> Bool {
    do {
      atlas = try atlases.atlas(for: key, background: sheetsInBackground)
      note = nil
      return true
    } catch {
      atlas = nil
      // The HUD reads "path direct — <why>": the reason alone, not the path again.
      note = "no sheet: \(error.message)"
      return false
    }
  }

  /// Settles this frame's path, sheet and targets, and draws a share of the store of a
  /// path switched to (`handOver`); returns whether the targets are stale.
  private func settle(_ scene: Scene, changes: SceneChanges, present: Double) throws(SDLError)
    -> SettledTarget
  {
    if let mirrored {
      (path, atlas) = mirrored
    } else {
      let handing = handOverWanted()
      try choosePathAndSheet(scene, keepingSheet: handing)
      if handing {
        try handOver(scene, changes: changes, present: present)
      } else {
        handover = nil
      }
    }
    let stale = path != drawnPath || (path != .direct && atlas !== drawnAtlas)
    drawnPath = path
    drawnAtlas = path == .direct ? nil : atlas
    if path == .compose {
      store = nil
      let kept = compositor
      let c = try sizedCompositor()
      return SettledTarget(target: .composed(c), stale: stale || c !== kept)
    }
    compositor = nil
    let kept = store
    let s = try sizedStore()
    return SettledTarget(target: .store(s), stale: stale || s !== kept)
  }

  /// The composed frame at the screen's size: the one kept, or a new one.
  private func sizedCompositor() throws(SDLError) -> Compositor {
    if let c = compositor, c.width == screen.width, c.height == screen.height { return c }
    compositor = nil
    let c = try Compositor(screen: screen)
    compositor = c
    return c
  }

  /// The backing store at the screen's size: the one kept, or a new one.
  private func sizedStore() throws(SDLError) -> BackingStore {
    if let s = store, s.width == screen.width, s.height == screen.height { return s }
    store = nil
    let s = try BackingStore(screen: screen)
    store = s
    return s
  }

  /// The path this frame, and its sheet: the scene's own when cached; while a zoom has not
  /// rested, the last sheet of the same style, scaled; otherwise a new one (its settled
  /// looks rendered now, the rest on the worker's thread). Then the worker's pixels are
  /// taken in if they are ready, and uploaded on the atlas path, a bounded amount a frame.
  /// With `keepingSheet` (a switch being handed over, `handOver`) the sheet is kept even
  /// for the direct path: the compose path draws the window meanwhile, with it.
  private func choosePathAndSheet(_ scene: Scene, keepingSheet: Bool) throws(SDLError) {
    let wanted = requested == .auto ? automatic : requested
    path = wanted
    guard wanted != .direct || keepingSheet else {
      atlas = nil
      note = nil
      return
    }
    let key = scene.spriteKey
    if atlas?.sheet.key != key {
      let resting =
        timeStopped
        || zoomRest.hasRested(scene, clock: zoomRestClock, now: SDLSystem.now())
      if let cached = atlases.cached(key) {
        // A sheet again: a note of one that could not be made (a deeper zoom) is stale.
        atlas = cached
        note = nil
      } else if !resting, let current = atlas, current.sheet.canStandIn(for: key) {
        // Keep the stand-in.
      } else if !makeAtlas(key) {
        path = .direct
        return
      }
    }
    guard let atlas else { return }
    if sheetsInBackground { atlas.update() } else { atlas.finishNow() }
    if path == .atlas {
      try atlas.upload(budget: sheetsInBackground ? Self.uploadBytesPerFrame : .max)
    }
  }

  /// Whether this frame switches to a path that draws into a backing store, and may hand
  /// over a share a frame (`StoreHandover`): drawing live (sheets in the background), from
  /// a path drawn last frame. Otherwise a switch is drawn whole in one frame.
  private func handOverWanted() -> Bool {
    let wanted = requested == .auto ? automatic : requested
    guard sheetsInBackground, let drawnPath else { return false }
    return drawnPath != wanted && wanted != .compose
  }

  /// Switching to the path settled: draws the next share of its store, and has the compose
  /// path draw the window this frame, or, once the store is whole, makes it the store the
  /// frame draws into and shows. The compose path draws the window meanwhile whatever
  /// path is being left: a whole frame costs it a few ms on the CPU and none of the
  /// renderer's time, where the direct path would redraw every view a change touches
  /// (a toggle of all: 40 ms with the share) and the renderer would rasterise both.
  private func handOver(_ scene: Scene, changes: SceneChanges, present: Double)
    throws(SDLError)
  {
    let target = path
    guard target != drawnPath, target != .compose else {
      handover = nil
      return
    }
    let sheet = target == .atlas ? atlas : nil
    var h: StoreHandover
    if let kept = handover, kept.path == target, kept.atlas === sheet,
      kept.store.width == screen.width, kept.store.height == screen.height
    {
      h = kept
    } else {
      h = StoreHandover(path: target, store: try BackingStore(screen: screen), atlas: sheet)
    }
    let l = scene.layout
    if changes.everything || !h.drawnFor(rows: l.visibleRows, columns: l.visibleColumns) {
      h.restart(rows: l.visibleRows, columns: l.visibleColumns)
    }
    if h.isComplete {
      store = h.store
      handover = nil
      drawnPath = target
      drawnAtlas = sheet
      note = nil
      return
    }
    let shareStart = SDLSystem.now()
    let adding = h.nextRows
    builder.buildShare(
      scene, changes: changes, drawn: h.drawnRows, adding: adding, present: present,
      sheet: sheet?.sheet(for: target), into: &share)
    try h.store.draw(share, atlas: sheet, show: false)
    screen.flushRenderer()
    h.record(adding, seconds: SDLSystem.now() - shareStart)
    handover = h
    path = .compose
    note = "switching to \(target.rawValue)"
  }
}
