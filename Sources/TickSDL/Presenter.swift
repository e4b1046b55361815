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
  /// Seconds the last frame spent building its draw list.
  public private(set) var buildSeconds = 0.0
  /// Under-invalidation checking, when on.
  public var check: FrameCheck?

  private var atlas: SpriteAtlas?
  private var store: BackingStore?
  private var compositor: Compositor?
  /// The path and sheet the targets were last drawn with.
  private var drawnPath: RenderPath?
  private var drawnKey: SpriteSheet.Key?
  private var builder = FrameBuilder()

  public init(screen: Screen, requested: RenderPath, atlases: AtlasCache? = nil) {
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
    let stale = try settle(scene)
    var fresh: [UInt32]?
    if let check, check.isDue() {
      let other = Presenter(screen: screen, requested: path, atlases: atlases)
      try other.draw(scene, changes: SceneChanges(everything: true), present: present)
      fresh = try screen.readPixels()
    }
    let start = SDLSystem.now()
    builder.build(
      scene, changes: changes, full: stale, present: present,
      sheet: path == .direct ? nil : atlas?.sheet, overlays: path == .compose, into: &list)
    buildSeconds = SDLSystem.now() - start
    switch path {
    case .direct, .auto: try store!.draw(list, atlas: nil)
    case .atlas: try store!.draw(list, atlas: atlas)
    case .compose: try compositor!.present(list, atlas: atlas)
    }
    if let fresh, let check {
      try check.compare(
        incremental: try screen.readPixels(), fresh: fresh, screen: screen,
        step: scene.step, path: path)
    }
  }

  /// Seconds the last frame spent composing on the CPU (compose path).
  public var composeSeconds: Double { path == .compose ? compositor?.composeSeconds ?? 0 : 0 }

  /// Bytes the last frame uploaded to the GPU (the compose path's row band).
  public var bytesUploaded: Int { path == .compose ? compositor?.bytesUploaded ?? 0 : 0 }

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
