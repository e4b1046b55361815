/// Strokes open polylines with round caps and round joins into triangles that cover every
/// point of the stroke once.
///
/// A translucent stroke blends once everywhere: at joins, at caps, where a segment is
/// shorter than the width (the trimmed tick just past its corner), at hairpin turns and
/// where a path crosses itself. With anti-aliasing on, the outer edge carries a 1-px alpha
/// feather (`Feather`), itself covered once. Two tessellators share the work: the fast path
/// (`RoundStroke`) draws two- and three-point polylines in closed form, the general engine
/// (`StrokeEngine`) everything else; both keep these properties (`RoundStrokeTests`).
///
/// What each kind of input draws:
/// - Non-finite points are skipped; points within `epsilon` of the previous one are
///   dropped, so repeated points add nothing.
/// - A polyline that reduces to a single point draws a dot of diameter `width` (as a
///   zero-length round-capped subpath does in Skia). Trimming never produces one:
///   `Polyline.trimmed` returns no points for a zero trimmed length, as Skia's and Lottie's
///   trims draw nothing.
/// - An empty polyline, or a width that is not finite and positive, draws nothing.
/// - Huge coordinates are clipped to the mesh's `clipRect` first (see `Mesh.clipRect`).
public enum Stroker {
  /// Consecutive points closer than this, in pixels, count as one.
  public static let epsilon: Float = 1e-4

  /// Which tessellator draws a stroke.
  public enum Engine: Sendable {
    /// The fast path where its preconditions hold, the general engine elsewhere: what
    /// every caller wants.
    case automatic
    /// The general engine only, for comparison (tests, `tickplay bench tessellate`).
    case general
    /// The fast path only: nothing is drawn where its preconditions fail.
    case fast
  }

  /// Appends the round-capped, round-joined stroke of `points` to `mesh`: the seed tick's
  /// style. Returns whether the fast path drew it.
  ///
  /// The general engine's scratch is the one `mesh` lends (`Mesh.tessellator`); a caller
  /// stroking into many meshes can keep its own `StrokeTessellator` instead.
  @discardableResult
  public static func strokeRound(
    _ points: [Point], width: Float, color: Color, feather: Feather = Feather(),
    engine: Engine = .automatic, into mesh: inout Mesh
  ) -> Bool {
    // Lent by swapping with nil: swapping with a new tessellator would retain and release
    // its empty buffers on every stroke.
    var tessellator: StrokeTessellator? = nil
    swap(&tessellator, &mesh.tessellator)
    defer { swap(&tessellator, &mesh.tessellator) }
    if tessellator == nil { tessellator = StrokeTessellator() }
    return tessellator!.strokeRound(
      points, width: width, color: color, feather: feather, engine: engine, into: &mesh)
  }

  /// The band of `width` as drawn (see `Feather.band`), or nil when nothing is.
  static func band(_ width: Float, _ feather: Feather) -> Band? {
    guard width.isFinite else { return nil }
    return feather.band(width: min(width, maximumWidth))
  }

  /// Wider strokes draw at this width: a quarter of the guard band, wider than any window,
  /// and small enough that a stroke's arcs stay a few hundred chords.
  public static let maximumWidth: Float = 8192

  /// The tolerance as drawn: at least `finestTolerance`; a tolerance that is not finite
  /// and positive is the default.
  static func tolerance(_ t: Float) -> Float {
    t.isFinite && t > 0 ? max(t, finestTolerance) : Tolerance.defaultPixels
  }

  /// The tolerance as drawn for `band`: `tolerance(_:)` in coverage rather than distance. A
  /// line under a pixel wide is drawn a pixel wide at a fraction of its alpha
  /// (`Feather.band`), so a chord `d` px off its arc moves `alpha · d` of ink, and the
  /// chords may lie `1 / alpha` times farther off for the same error in what a pixel shows
  /// (at most `thinLineToleranceScale` times, so that a hairline is still round). An 8-px
  /// view's tick, 0.48 px wide, gets half as many chords in its caps.
  static func tolerance(_ t: Float, band: Band) -> Float {
    let base = tolerance(t)
    guard band.alpha < 1, band.alpha > 0 else { return base }
    return base * min(1 / band.alpha, thinLineToleranceScale)
  }

  /// The fewest chords of `band`'s caps: `Tolerance.minimumThinCapSegments` for a line
  /// under a pixel wide, drawn as a band at a fraction of its alpha; the half circle's
  /// floor otherwise.
  static func capFloor(_ band: Band) -> Int {
    band.alpha < 1 ? Tolerance.minimumThinCapSegments : Tolerance.floor(.half)
  }

  /// The most a thin line's tolerance grows (see `tolerance(_:band:)`).
  static let thinLineToleranceScale: Float = 4

  /// The finest tolerance drawn, in pixels: below a thousandth of a pixel no renderer can
  /// tell, and the floor bounds the work.
  static let finestTolerance: Float = 1e-3
}
