/// The seed tick of one size, tessellated once per quantised progress and drawn translated.
///
/// A tick of one size at one progress has the same shape in every cell (issue 3, speed), so
/// every cell drawing it at that progress can copy one template. Progress is quantised to
/// `stepsPerPixel` steps per pixel of the tick's arc length (4 by default: the drawn end is
/// within 1/8 px of the exact one). Templates are built on first use and kept.
public struct TickTemplates: Sendable {
  /// The view size, the stroke's colour and its anti-aliasing.
  public let size: Float
  public let color: Color
  public let feather: Feather
  /// The number of progress steps from 0 to 1.
  public let steps: Int
  private let tick: Polyline
  private var templates: [MeshTemplate?]
  private var trimmed: [Point] = []
  /// Drawn beneath every tick in the same template (the view's circle, say), so that a
  /// whole view is one copy.
  private let beneath: MeshTemplate?

  public init(
    size: Float, color: Color, feather: Feather = Feather(), stepsPerPixel: Float = 4,
    beneath: MeshTemplate? = nil
  ) {
    self.beneath = beneath
    self.size = size
    self.color = color
    self.feather = feather
    tick = TickShape.tick(origin: .zero, width: size, height: size)
    let n = (tick.length * max(stepsPerPixel, 0.01)).rounded(.up)
    steps = n.isFinite ? min(max(Int(n), 1), 1 << 16) : 1
    templates = Array(repeating: nil, count: steps + 1)
    trimmed.reserveCapacity(tick.points.count + 2)
  }

  /// The step nearest `progress` (clamped to [0, 1]; NaN counts as 0).
  @inlinable public func step(for progress: Float) -> Int {
    let p = progress.isFinite ? min(max(progress, 0), 1) : 0
    return Int((p * Float(steps)).rounded())
  }

  /// Appends the tick at `progress` for the view whose top-left corner is `origin`.
  public mutating func append(progress: Float, at origin: Point, into mesh: inout Mesh) {
    let s = step(for: progress)
    if templates[s] == nil { templates[s] = build(step: s) }
    templates[s].unsafelyUnwrapped.append(at: origin, into: &mesh)
  }

  /// The template of step `s`, built now if it is not yet.
  public mutating func template(step s: Int) -> MeshTemplate {
    let s = min(max(s, 0), steps)
    if templates[s] == nil { templates[s] = build(step: s) }
    return templates[s].unsafelyUnwrapped
  }

  private mutating func build(step s: Int) -> MeshTemplate {
    tick.trimmed(end: Float(s) / Float(steps), into: &trimmed)
    let points = trimmed
    let width = TickShape.tickWidth * size
    let color = self.color
    let feather = self.feather
    let beneath = self.beneath
    return MeshTemplate { mesh in
      if let beneath { mesh.append(beneath.vertices, beneath.indices, offset: .zero) }
      Stroker.strokeRound(points, width: width, color: color, feather: feather, into: &mesh)
    }
  }
}
