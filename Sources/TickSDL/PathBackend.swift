import TickFrame
import TickScene
import TickThreads

/// What one render path does with a frame, in the order the presenter asks it, as nanovg's
/// backend table (`NVGparams`) lists what a renderer does: each path keeps its own target,
/// and the presenter only chooses the path and hands the window from one to another
/// (docs/architecture.md, "How a frame reaches the window").
///
/// | entry | direct | atlas | compose | overview |
/// | --- | --- | --- | --- | --- |
/// | `prepare` | backing store | backing store | frame in memory | compose's frame |
/// | `build` | geometry, kept bases | sprite quads | sprite copies | resampled pixels |
/// | `execute` | into the store, copied | the same | rows put or uploaded | the grid put |
/// | `release` | the store | the store | the frame | nothing of its own |
protocol PathBackend: AnyObject {
  /// What the path draws into, kept from frame to frame at the window's size.
  associatedtype Target

  /// Whether the compose path's frame in memory is what reaches the window, so that it can
  /// be put from shared memory (`Screen.chooseRoute`).
  var composes: Bool { get }

  /// Whether the target holds the sheet's sprites, so that a new sheet makes it stale.
  var drawsSprites: Bool { get }

  /// The target at the screen's size: the one kept, or a new one in its place.
  func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<Target>

  /// Fills `list` with what this frame draws into `target` (the overview paints the
  /// target's pixels here: its list only says the frame is whole).
  func build(
    _ frame: PathFrame, into target: Target, with builder: inout FrameBuilder,
    list: inout DrawList)

  /// Draws `list` into `target` and copies what changed to the window.
  func execute(_ list: DrawList, of frame: PathFrame, on target: Target) throws(SDLError)
    -> PathCost

  /// Lets the target go: another path draws the window, and one target at a time is kept.
  func release()
}

/// The backends of the paths and the overview, one each, keeping their targets between
/// frames: the presenter's table of them (docs/architecture.md, "How a frame reaches the
/// window").
struct PathBackends {
  let direct = DirectBackend()
  let atlas = AtlasBackend()
  let compose: ComposeBackend
  /// Draws into the compose path's frame.
  let overview: OverviewBackend

  /// Backends whose work is split over `pool`'s threads (the overview's bands).
  init(pool: WorkerPool) {
    compose = ComposeBackend()
    overview = OverviewBackend(drawingInto: compose, pool: pool)
  }

  /// The backend of `path`. `auto` is resolved before a frame is drawn (`Presenter`'s
  /// `wanted`); the direct path, which draws any scene, stands for it.
  func backend(for path: RenderPath) -> any PathBackend {
    switch path {
    case .direct, .auto: direct
    case .atlas: atlas
    case .compose: compose
    }
  }

  /// The backend of a path that draws into a backing store (direct or atlas).
  func store(for path: RenderPath) -> any StoreBackend {
    path == .atlas ? atlas : direct
  }

  /// Lets every path's target go but `running`'s, so that one is kept at a time. The
  /// overview, drawn into the compose path's frame, lets none go: a path's frame after it
  /// is drawn whole anyway.
  func release(except running: any PathBackend) {
    // Each by name, not from an array made every frame.
    guard running !== overview else { return }
    if running !== direct { direct.release() }
    if running !== atlas { atlas.release() }
    if running !== compose { compose.release() }
  }
}

/// A path's target for this frame, and whether it was made for it (it then holds nothing,
/// and the frame is drawn whole).
struct PreparedTarget<Target> {
  var target: Target
  var isNew: Bool
}

/// What a path draws this frame.
struct PathFrame {
  var scene: Scene
  var changes: SceneChanges
  /// The fractional step drawn.
  var present: Double
  /// Whether everything is drawn: the target is stale (new, resized, or last drawn by
  /// another path or sheet).
  var full: Bool
  /// The sheet the path's sprites come from; nil where none could be made.
  var sheet: SpriteAtlas?
}

/// What a path's `execute` reports for `FrameTimings`, beyond the time it took.
struct PathCost {
  /// Views drawn.
  var cells: Int
  /// Seconds spent composing on the CPU (compose path).
  var compose = 0.0
  /// Bytes uploaded to the GPU.
  var bytesUploaded = 0
}

/// A target made for one window size.
protocol ScreenSizedTarget: AnyObject {
  var width: Int { get }
  var height: Int { get }
  init(screen: Screen) throws(SDLError)
}

extension BackingStore: ScreenSizedTarget {}
extension Compositor: ScreenSizedTarget {}

/// Where a path keeps its target between frames.
struct KeptTarget<Target: ScreenSizedTarget> {
  private var kept: Target?

  /// The target at the screen's size: the one kept, or a new one, made once the old one
  /// is let go (a window-sized target is several MB).
  mutating func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<Target> {
    if let t = kept, t.width == screen.width, t.height == screen.height {
      return PreparedTarget(target: t, isNew: false)
    }
    kept = nil
    let t = try Target(screen: screen)
    kept = t
    return PreparedTarget(target: t, isNew: true)
  }

  /// Keeps `target`, drawn elsewhere (`StoreHandover`), in place of the one kept.
  mutating func adopt(_ target: Target) { kept = target }

  mutating func release() { kept = nil }
}
