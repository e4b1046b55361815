/// Where one drawn frame's time went, in seconds, and what it moved: the presenter reports
/// it, the HUD shows it, `--trace` and the benches record it.
public struct FrameTimings: Equatable, Sendable {
  /// When drawing began (`SDLSystem.now()`); the phases below follow one another from
  /// there, in this order.
  public var start = 0.0
  /// Settling the path, the sheet and the targets: a new sheet's settled looks, taking in
  /// a sheet the worker finished, uploads (atlas path), a new backing store or frame.
  public var sheet = 0.0
  /// The frame check's fresh render and read-back, when on.
  public var check = 0.0
  /// Building the draw list.
  public var build = 0.0
  /// Composing on the CPU (compose path).
  public var compose = 0.0
  /// Handing the frame to SDL (uploads, copies, geometry), present not included.
  public var submit = 0.0
  /// Views drawn: sprites copied, views tessellated, and (direct path) ticks drawn alone.
  public var cells = 0
  /// Bytes uploaded to the GPU (the compose path's band of changed rows).
  public var bytesUploaded = 0
  /// Whether the whole frame was drawn.
  public var full = false

  public init(
    start: Double = 0, sheet: Double = 0, check: Double = 0, build: Double = 0,
    compose: Double = 0, submit: Double = 0, cells: Int = 0, bytesUploaded: Int = 0,
    full: Bool = false
  ) {
    self.start = start
    self.sheet = sheet
    self.check = check
    self.build = build
    self.compose = compose
    self.submit = submit
    self.cells = cells
    self.bytesUploaded = bytesUploaded
    self.full = full
  }
}
