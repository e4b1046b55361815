extension Stroker {
  /// `strokeRound` for a polyline of up to three points held inline: no array on the way
  /// to the fast path. Where the fast path's preconditions fail, the general engine draws
  /// it, as `strokeRound` does with an array.
  @discardableResult
  public static func strokeRound(
    _ line: ShortPolyline, width: Float, color: Color, feather: Feather = Feather(),
    engine: Engine = .automatic, into mesh: inout Mesh
  ) -> Bool {
    guard let band = band(width, feather) else { return false }
    if engine != .general, RoundStroke.draw(line, band, feather, color, &mesh) { return true }
    guard engine != .fast else { return false }
    // Through the array the mesh keeps for this, so that no stroke allocates.
    var points: [Point] = []
    swap(&points, &mesh.shortPoints)
    defer { swap(&points, &mesh.shortPoints) }
    points.removeAll(keepingCapacity: true)
    points.append(contentsOf: line)
    return strokeRound(
      points, width: width, color: color, feather: feather, engine: .general, into: &mesh)
  }
}
