import CSDL2
import TickFrame
import TickGeometry
import TickScene
import TickThreads

/// Draws a scene into the window by one of the three render paths, or the overview, and
/// chooses the path and hands the window over from one path to another.
///
/// What each path does with a frame is its backend's (`PathBackend`): its target, its
/// list, how the list reaches the window, what it cost. Each frame the loop hands the
/// presenter the scene and the changes it took from it (`Scene.takeChanges`); whether the
/// running path's target is stale — new, resized, or last drawn by another path or sheet —
/// is the presenter's own knowledge: then the path draws everything, whatever the changes
/// say. Choosing a path or a sheet never touches the scene.
///
/// When a sheet cannot be built (a zoom so large the sheet passes `SpriteAtlas.byteLimit`)
/// it draws with the direct path and says why in `note`.
public final class Presenter {
  private let screen: Screen
  /// The frame caches, shared with other presenters of the same screen.
  public var atlases: AtlasCache { sheets.atlases }
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

  private var sheets: SheetChoice
  private let backends: PathBackends
  /// The threads the overview's bands are painted on (shared with the frame check's
  /// presenter, which makes none of its own).
  public let pool: WorkerPool
  /// The path and sheet the targets were last drawn with; nil after an overview, which
  /// leaves every path to draw its next frame from scratch.
  private var drawn: DrawnWith?
  private var builder = FrameBuilder()
  /// The store of a path switched to, while it is drawn a share a frame, and its shares'
  /// draw list.
  private var handover: StoreHandover?
  private var share = DrawList()
  /// Whether this is the frame check's presenter: it draws with the live presenter's path
  /// and sheet as they are (it must draw with the very sprites the live frame uses, and
  /// build nothing), and leaves the window's route alone.
  private let isFrameCheck: Bool

  /// Whether new sheets are rendered on the worker's thread while frames go on (play), or
  /// whole before the frame that needs them (a headless render, which has no frame rate
  /// to keep and must give the same bytes every run).
  public var sheetsInBackground: Bool {
    get { sheets.inBackground }
    set { sheets.inBackground = newValue }
  }

  /// The clock a zoom rests by before a sheet is built for the new size (`ZoomRest`):
  /// scene time, unless the caller draws live (play), which asks for the wall clock.
  public var zoomRestClock: ZoomRest.Clock { sheets.zoomRestClock }

  /// Whether scene time stands still (play paused). A zoom then counts as rested at once:
  /// the frame drawn is the one a render at that time would draw as soon as it could.
  public var timeStopped = false

  /// A presenter drawing into `screen`'s window; its overview is painted on `pool`'s
  /// threads (by default, one for each core the process may use).
  public init(
    screen: Screen, requested: RenderPath, atlases: AtlasCache? = nil,
    zoomRestClock: ZoomRest.Clock = .scene, pool: WorkerPool? = nil
  ) {
    self.screen = screen
    self.requested = requested
    let pool = pool ?? WorkerPool(threads: availableCores())
    self.pool = pool
    backends = PathBackends(pool: pool)
    sheets = SheetChoice(
      atlases: atlases ?? AtlasCache(screen: screen), zoomRestClock: zoomRestClock)
    isFrameCheck = false
  }

  /// A presenter that draws from scratch with `live`'s path and sheet.
  private init(mirroring live: Presenter) {
    screen = live.screen
    pool = live.pool
    backends = PathBackends(pool: live.pool)
    requested = live.path
    path = live.path
    sheets = SheetChoice(
      atlases: live.atlases, atlas: live.sheets.atlas, zoomRestClock: live.zoomRestClock)
    isFrameCheck = true
  }

  /// Whether the last frame's sheet was still being rendered (or uploaded), so that views
  /// whose sprites were missing were drawn directly.
  public var sheetPending: Bool {
    guard path != .direct, let atlas = sheets.atlas else { return false }
    return !atlas.sheet(for: path).isComplete
  }

  /// The path `auto` picks on this screen.
  public var automatic: RenderPath {
    RenderPath.automatic(renderer: screen.rendererName, glRenderer: screen.glRenderer)
  }

  /// The path asked for, `auto` resolved.
  private var wanted: RenderPath { requested == .auto ? automatic : requested }

  /// Asks for path `p` from the next frame on.
  public func request(_ p: RenderPath) { requested = p }

  /// Draws `scene` at fractional step `present` into the window (not presented): only
  /// what `changes` names and what animates, unless the targets are stale.
  ///
  /// With `check` on and due, the same state is first drawn from scratch by a new
  /// presenter on the same path and compared with this one's frame.
  /// - Throws: an SDL failure, or the frame check's first mismatch.
  public func draw(_ scene: Scene, changes: SceneChanges, present: Double) throws(SDLError) {
    let start = SDLSystem.now()
    let settled = try settle(scene, changes: changes, present: present)
    let frame = PathFrame(
      scene: scene, changes: changes, present: present, full: settled.stale,
      sheet: sheets.atlas)
    try draw(frame, by: settled.backend, since: start)
  }

  /// The path and sheet the targets were last drawn with.
  private struct DrawnWith {
    var path: RenderPath
    var sheet: SpriteAtlas?
  }

  /// The backend drawing this frame, and whether its target is stale for a reason of the
  /// presenter's (another path or sheet drew last); the backend knows if it is new.
  private struct SettledPath {
    var backend: any PathBackend
    var stale: Bool
  }

  /// Draws `frame` by `backend`, from its target to the window, and records the timings;
  /// `start` is when the frame began.
  private func draw<B: PathBackend>(_ frame: PathFrame, by backend: B, since start: Double)
    throws(SDLError)
  {
    let prepared = try backend.prepare(on: screen)
    if !isFrameCheck { screen.chooseRoute(compose: backend.composes) }
    let settled = SDLSystem.now()
    let fresh = try freshFrame(frame)
    var frame = frame
    frame.full = frame.full || prepared.isNew
    let buildStart = SDLSystem.now()
    backend.build(frame, into: prepared.target, with: &builder, list: &list)
    let built = SDLSystem.now()
    let cost = try backend.execute(list, of: frame, on: prepared.target)
    timings = FrameTimings(
      start: start, sheet: settled - start, check: buildStart - settled,
      build: built - buildStart, compose: cost.compose,
      submit: SDLSystem.now() - built - cost.compose,
      cells: cost.cells, bytesUploaded: cost.bytesUploaded, full: list.fullRedraw)
    try compare(fresh, step: frame.scene.step)
  }

  /// With `check` on and due, the pixels of `frame`'s state drawn from scratch by a
  /// presenter mirroring this one (aside: `Screen.drawAside` leaves the window as it was),
  /// for `compare` once this one has drawn it into the window; else nil.
  private func freshFrame(_ frame: PathFrame) throws(SDLError) -> [UInt32]? {
    // A back buffer still settling cannot be judged (`Screen.backBufferSettling`).
    guard let check, check.isDue(), !screen.backBufferSettling else { return nil }
    // Drawn aside, so that the window keeps what the live frame is drawn over.
    return try screen.drawAside { () throws(SDLError) -> [UInt32] in
      try Presenter(mirroring: self).draw(
        frame.scene, changes: SceneChanges(everything: true), present: frame.present)
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

  /// Settles this frame's path and sheet, and draws a share of the store of a path
  /// switched to (`handOver`); returns the backend that draws the frame.
  private func settle(_ scene: Scene, changes: SceneChanges, present: Double)
    throws(SDLError) -> SettledPath
  {
    if scene.layout.isOverview { return settleOverview(scene) }
    if !isFrameCheck {
      let handing = handOverWanted()
      try choosePathAndSheet(scene, keepingSheet: handing)
      if handing {
        try handOver(scene, changes: changes, present: present)
      } else {
        handover = nil
      }
    }
    let backend = backends.backend(for: path)
    let sheet = backend.drawsSprites ? sheets.atlas : nil
    let stale = path != drawn?.path || (backend.drawsSprites && sheet !== drawn?.sheet)
    drawn = DrawnWith(path: path, sheet: sheet)
    backends.release(except: backend)
    return SettledPath(backend: backend, stale: stale)
  }

  /// Settles an overview frame (views smaller than their whole-pixel sprites), drawn the
  /// same on any path: the sheet of its base size, its pixels in memory.
  private func settleOverview(_ scene: Scene) -> SettledPath {
    // The path the HUD names: the one the views are drawn by once zoomed in again.
    path = wanted
    handover = nil
    if !isFrameCheck, let sheet = noted(sheets.choose(for: scene, standIn: false)) {
      sheets.takeIn(sheet)
    }
    drawn = nil
    return SettledPath(backend: backends.overview, stale: true)
  }

  /// The sheet chosen, if any, leaving the note it calls for: none once there is a sheet
  /// again (the note of one that could not be made, at a deeper zoom, is stale), or why
  /// none can be made. The HUD reads "path direct — <why>": the reason alone, not the
  /// path again.
  private func noted(_ outcome: SheetChoice.Outcome) -> SpriteAtlas? {
    switch outcome {
    case .kept(let sheet):
      return sheet
    case .changed(let sheet):
      note = nil
      return sheet
    case .failed(let why):
      note = "no sheet: \(why)"
      return nil
    }
  }

  /// The path this frame, and its sheet (`SheetChoice`); then the worker's pixels are
  /// taken in if they are ready, and uploaded on the atlas path, a bounded amount a frame.
  /// With `keepingSheet` (a switch being handed over, `handOver`) the sheet is kept even
  /// for the direct path: the compose path draws the window meanwhile, with it.
  private func choosePathAndSheet(_ scene: Scene, keepingSheet: Bool) throws(SDLError) {
    path = wanted
    guard path != .direct || keepingSheet else {
      sheets.drop()
      note = nil
      return
    }
    let outcome = sheets.choose(for: scene, standIn: !timeStopped)
    guard let sheet = noted(outcome) else {
      path = .direct
      return
    }
    sheets.takeIn(sheet)
    if path == .atlas { try backends.atlas.upload(sheet, inBackground: sheetsInBackground) }
  }

  /// Whether this frame switches to a path that draws into a backing store, and may hand
  /// over a share a frame (`StoreHandover`): drawing live (sheets in the background), from
  /// a path drawn last frame. Otherwise a switch is drawn whole in one frame.
  private func handOverWanted() -> Bool {
    guard sheetsInBackground, let drawn else { return false }
    return drawn.path != wanted && wanted != .compose
  }

  /// Switching to the path settled: draws the next share of its store, and has the compose
  /// path draw the window this frame, or, once the store is whole, gives it to the path's
  /// backend to draw into and show. The compose path draws the window meanwhile whatever
  /// path is being left: a whole frame costs it a few ms on the CPU and none of the
  /// renderer's time, where the direct path would redraw every view a change touches
  /// (a toggle of all: 40 ms with the share) and the renderer would rasterise both.
  private func handOver(_ scene: Scene, changes: SceneChanges, present: Double)
    throws(SDLError)
  {
    let target = path
    guard target != drawn?.path, target != .compose else {
      handover = nil
      return
    }
    let sheet = target == .atlas ? sheets.atlas : nil
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
      backends.store(for: target).adopt(h.store)
      handover = nil
      drawn = DrawnWith(path: target, sheet: sheet)
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
