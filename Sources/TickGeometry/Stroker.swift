/// Strokes open polylines into triangles that cover every point of the stroke once.
///
/// The stroke is split by nearest feature (each segment's two sides and each vertex) and
/// each piece is drawn from its own feature outwards, so the pieces meet edge to edge and
/// never overlap: a translucent stroke blends once everywhere, at joins, at caps, where a
/// segment is shorter than the width (the trimmed tick just past its corner), at hairpin
/// turns and where a path crosses itself. `StrokeEngine` tells how. With anti-aliasing on,
/// the outer edge carries a 1-px alpha feather (`Feather`), itself covered once.
///
/// What each kind of input draws:
/// - Non-finite points are skipped; points within `epsilon` of the previous one are
///   dropped, so repeated points add nothing.
/// - A polyline that reduces to a single point draws a dot of diameter `width` with a round
///   cap (as a zero-length round-capped subpath does in Skia), a `width` square with a
///   square cap, and nothing with a butt cap. Trimming never produces one:
///   `Polyline.trimmed` returns no points for a zero trimmed length, as Skia's and Lottie's
///   trims draw nothing.
/// - An empty polyline, or a width that is not finite and positive, draws nothing.
/// - Huge coordinates are clipped to the mesh's `clipRect` first (see `Mesh.clipRect`).
///
/// Limits are listed on `StrokeEngine`.
public enum Stroker {
  /// Consecutive points closer than this, in pixels, count as one.
  public static let epsilon: Float = 1e-4

  /// Appends the round-capped, round-joined stroke of `points` to `mesh`: the seed tick's
  /// style.
  public static func strokeRound(
    _ points: [Point], width: Float, color: Color, feather: Feather = Feather(),
    into mesh: inout Mesh
  ) {
    stroke(points, style: StrokeStyle(width: width), color: color, feather: feather, into: &mesh)
  }

  /// Appends the stroke of `points` in `style` to `mesh`.
  public static func stroke(
    _ points: [Point], style: StrokeStyle, color: Color, feather: Feather = Feather(),
    into mesh: inout Mesh
  ) {
    guard let band = feather.band(width: style.width) else { return }
    var engine = StrokeEngine()
    swap(&engine, &mesh.strokeEngine)
    defer { swap(&engine, &mesh.strokeEngine) }
    engine.points.removeAll(keepingCapacity: true)
    engine.runEnds.removeAll(keepingCapacity: true)
    for p in points where p.isFinite {
      if let last = engine.points.last, !((p - last).length > epsilon) { continue }
      engine.points.append(p)
    }
    guard let first = engine.points.first else { return }
    if engine.points.count == 1, style.cap != .round {
      if style.cap == .square {
        Fill.roundedSquare(
          center: first, halfSize: style.width / 2, cornerRadius: 0, color: color,
          feather: feather, into: &mesh)
      }
      return
    }
    engine.runEnds.append(engine.points.count)
    engine.stroke(
      style: style, band: band, antialias: feather.antialias, tolerance: feather.tolerance,
      color: color, into: &mesh)
  }
}
