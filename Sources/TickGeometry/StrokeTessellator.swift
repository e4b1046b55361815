/// The scratch of the general stroke engine, kept apart from the meshes it writes: stroking
/// through one tessellator allocates nothing once its buffers have grown.
///
/// `Stroker.strokeRound` borrows the one each `Mesh` carries; a caller that strokes into
/// many meshes can own one instead.
public struct StrokeTessellator: Sendable {
  var engine = StrokeEngine()

  public init() {}

  /// Appends the round-capped, round-joined stroke of `points` to `mesh` (see `Stroker`).
  /// Returns whether the fast path drew it.
  @discardableResult
  public mutating func strokeRound(
    _ points: [Point], width: Float, color: Color, feather: Feather = Feather(),
    engine choice: Stroker.Engine = .automatic, into mesh: inout Mesh
  ) -> Bool {
    guard let band = Stroker.band(width, feather) else { return false }
    if choice != .general, RoundStroke.draw(points, band, feather, color, &mesh) { return true }
    guard choice != .fast else { return false }
    engine.stroke(
      points, band: band, antialias: feather.antialias,
      tolerance: Stroker.tolerance(feather.tolerance, band: band), color: color, into: &mesh)
    return false
  }
}
