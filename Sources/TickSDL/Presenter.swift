import CSDL2
import TickApp
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
  /// The path running.
  public private(set) var path: RenderPath = .direct
  /// Why the running path differs from the requested one, if it does.
  public private(set) var note: String?
  /// The last frame's draw list (what the HUD counts).
  public private(set) var list = DrawList()
  /// Where the last frame's time went.
  public private(set) var timings = Timings()
  /// Under-invalidation checking, when on.
  public var check: FrameCheck?

  private var atlas: SpriteAtlas?
  private var store: BackingStore?
  private var compositor: Compositor?
  /// The path and sheet the targets were last drawn with.
  private var drawnPath: RenderPath?
  private var drawnKey: SpriteSheet.Key?
  private var builder = FrameBuilder()
  /// Whether this presenter extends incomplete sheets (the frame check's does not: it must
  /// draw with the very sprites the live frame uses).
  private let buildsSheets: Bool

  /// The time a frame may spend building a sheet, in seconds: 2 ms by default; infinite
  /// for a headless render, which has no frame rate to keep.
  public var sheetBudget = 0.002

  public convenience init(screen: Screen, requested: RenderPath, atlases: AtlasCache? = nil) {
    self.init(screen: screen, requested: requested, atlases: atlases, buildsSheets: true)
  }

  private init(screen: Screen, requested: RenderPath, atlases: AtlasCache?, buildsSheets: Bool) {
    self.buildsSheets = buildsSheets
    self.screen = screen
    self.requested = requested
    self.atlases = atlases ?? AtlasCache(screen: screen)
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
    let start = SDLSystem.now()
    let stale = try settle(scene)
    let settled = SDLSystem.now()
    var fresh: [UInt32]?
    if let check, check.isDue() {
      let other = Presenter(
        screen: screen, requested: path, atlases: atlases, buildsSheets: false)
      try other.draw(scene, changes: SceneChanges(everything: true), present: present)
      fresh = try screen.readPixels()
    }
    let buildStart = SDLSystem.now()
    let checkSeconds = buildStart - settled
    builder.build(
      scene, changes: changes, full: stale, present: present,
      sheet: path == .direct ? nil : atlas?.sheet, overlays: path == .compose, into: &list)
    let built = SDLSystem.now()
    switch path {
    case .direct, .auto: try store!.draw(list, atlas: nil)
    case .atlas: try store!.draw(list, atlas: atlas)
    case .compose: try compositor!.present(list, atlas: atlas)
    }
    let compose = path == .compose ? compositor!.composeSeconds : 0
    timings = Timings(
      start: start, sheet: settled - start, check: checkSeconds, build: built - buildStart,
      compose: compose,
      submit: SDLSystem.now() - built - compose, cells: list.sprites.count + list.clears.count,
      bytesUploaded: path == .compose ? compositor!.bytesUploaded : 0, full: list.fullRedraw)
    if let fresh, let check {
      try check.compare(
        incremental: try screen.readPixels(), fresh: fresh, screen: screen,
        step: scene.step, path: path)
    }
  }

  /// Where one frame's time went, in seconds, and what it moved.
  public struct Timings: Sendable {
    /// When drawing began (`SDLSystem.now()`); the phases below follow one another from
    /// there, in this order.
    public var start = 0.0
    /// Settling the path and the sheet: building or extending a frame cache.
    public var sheet = 0.0
    /// The frame check's fresh render and read-back, when on.
    public var check = 0.0
    /// Building the draw list.
    public var build = 0.0
    /// Composing on the CPU (compose path).
    public var compose = 0.0
    /// Handing the frame to SDL (uploads, copies, geometry), present not included.
    public var submit = 0.0
    /// Views drawn: sprites copied and views tessellated over a clear.
    public var cells = 0
    /// Bytes uploaded to the GPU (the compose path's band of changed rows).
    public var bytesUploaded = 0
    /// Whether the whole frame was drawn.
    public var full = false
  }

  // MARK: - Private

  /// Settles this frame's path, sheet and targets; returns whether the targets are stale.
  private func settle(_ scene: Scene) throws(SDLError) -> Bool {
    let wanted = requested == .auto ? automatic : requested
    path = wanted
    if wanted == .direct {
      atlas = nil
      note = nil
    } else {
      let key = scene.spriteKey
      if atlas?.sheet.key != key || (wanted == .compose && atlas?.pixels.isEmpty != false) {
        do {
          atlas = try atlases.atlas(for: key, readBack: wanted == .compose)
          note = nil
        } catch {
          atlas = nil
          note = "direct (\(error.message))"
          path = .direct
        }
      }
      // The rest of an incomplete sheet, a slice a frame: never a stall.
      if buildsSheets, let atlas, !atlas.isComplete { try atlas.build(budget: sheetBudget) }
    }
    var stale = path != drawnPath || (path != .direct && atlas?.sheet.key != drawnKey)
    if path == .compose {
      store = nil
      if compositor == nil || compositor!.width != screen.width
        || compositor!.height != screen.height
      {
        compositor = nil
        compositor = try Compositor(screen: screen)
        stale = true
      }
    } else {
      compositor = nil
      if store == nil || store!.width != screen.width || store!.height != screen.height {
        store = nil
        store = try BackingStore(screen: screen)
        stale = true
      }
    }
    drawnPath = path
    drawnKey = path == .direct ? nil : atlas?.sheet.key
    return stale
  }
}
