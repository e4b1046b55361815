import TickFiles
import TickFrame
import TickScene

extension HUDModel {
  /// What the HUD's text shows besides the rolling timing figures, taken and compared
  /// every frame: when it differs from the frame before, the text is refreshed in this
  /// frame, so a change (a key, a click, a replayed key, rain, an animation ending)
  /// shows in the frame it happens.
  ///
  /// Cheap to take: counts the scene keeps, and values copied without allocating (the
  /// style's storage is shared, and compares by identity first while unchanged).
  public struct Shown: Equatable, Sendable {
    var views: Int
    var visible: Int
    var cell: Double
    var selected: Int
    var animating: Int
    var style: TickStyle
    /// Row 1's style: it differs from the scene's in a gallery.
    var secondRow: AnimationStyle
    var timeScale: Double
    var paused: Bool
    var path: RenderPath
    var requested: RenderPath
    var note: String?
    /// The views' area: the help and a notice are wrapped to it.
    var area: ViewArea

    /// What `scene` and the loop's settings show now: the clock's `timeScale`, whether
    /// time is `paused`, the `path` drawing, the one `requested` and the renderer's
    /// `note` on it.
    public init(
      scene: Scene, timeScale: Double, paused: Bool, path: RenderPath, requested: RenderPath,
      note: String?
    ) {
      views = scene.count
      visible = scene.layout.visibleCount
      cell = scene.layout.screenCell
      selected = scene.selectedCount
      animating = scene.animatingCount
      style = scene.style
      secondRow = scene.animation(ofRow: 1)
      self.timeScale = timeScale
      self.paused = paused
      self.path = path
      self.requested = requested
      self.note = note
      area = ViewArea(width: scene.layout.windowWidth, height: scene.layout.windowHeight)
    }
  }
}
