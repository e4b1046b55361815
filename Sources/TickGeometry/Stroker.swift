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

  /// Which tessellator draws a stroke.
  public enum Engine: Sendable {
    /// The fast path (`RoundStroke`) where its preconditions hold, the general engine
    /// elsewhere: what every caller wants.
    case automatic
    /// The general engine only, for comparison (tests, `tickplay bench tessellate`).
    case general
    /// The fast path only: nothing is drawn where its preconditions fail.
    case fast
  }

  /// Appends the round-capped, round-joined stroke of `points` to `mesh`: the seed tick's
  /// style. Returns whether the fast path drew it.
  @discardableResult
  public static func strokeRound(
    _ points: [Point], width: Float, color: Color, feather: Feather = Feather(),
    engine: Engine = .automatic, into mesh: inout Mesh
  ) -> Bool {
    stroke(
      points, style: StrokeStyle(width: width), color: color, feather: feather, engine: engine,
      into: &mesh)
  }

  /// Appends the stroke of `points` in `style` to `mesh`. Returns whether the fast path
  /// drew it.
  @discardableResult
  public static func stroke(
    _ points: [Point], style: StrokeStyle, color: Color, feather: Feather = Feather(),
    engine: Engine = .automatic, into mesh: inout Mesh
  ) -> Bool {
    guard style.width.isFinite else { return false }
    var style = style
    style.width = min(style.width, maximumWidth)
    style.miterLimit = style.miterLimit.isNaN ? 4 : min(style.miterLimit, maximumMiterLimit)
    guard let band = feather.band(width: style.width) else { return false }
    let tolerance = Self.tolerance(feather.tolerance)
    if engine != .general, style.cap == .round, style.join == .round,
      let fast = RoundStroke.make(
        points, band: band, antialias: feather.antialias, tolerance: tolerance, color: color,
        clip: mesh.clipBounds())
    {
      fast.emit(into: &mesh)
      return true
    }
    guard engine != .fast else { return false }
    var engine = StrokeEngine()
    swap(&engine, &mesh.strokeEngine)
    defer { swap(&engine, &mesh.strokeEngine) }
    // The farthest any part of the stroke reaches from its polyline.
    let reach = band.outer * (style.join == .miter ? max(style.miterLimit, 1) : 1) + 1
    let single = engine.clip(points, to: mesh.clipBounds(extra: reach))
    guard let first = engine.points.first else { return false }
    if single, style.cap != .round {
      if style.cap == .square {
        Fill.roundedSquare(
          center: first, halfSize: style.width / 2, cornerRadius: 0, color: color,
          feather: feather, into: &mesh)
      }
      return false
    }
    var lo = first
    var hi = first
    for p in engine.points {
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    let r = Point(reach, reach)
    mesh.clipped(lo - r, hi + r) { mesh in
      engine.stroke(
        style: style, band: band, antialias: feather.antialias, tolerance: tolerance,
        color: color, into: &mesh)
    }
    return false
  }

  /// The tolerance as drawn: below a thousandth of a pixel no renderer can tell, and the
  /// floor bounds the work; a tolerance that is not finite and positive is the default.
  static func tolerance(_ t: Float) -> Float {
    t.isFinite && t > 0 ? max(t, 1e-3) : Tolerance.defaultPixels
  }

  /// Wider strokes draw at this width: a quarter of the guard band, wider than any window,
  /// and small enough that a stroke's arcs stay a few hundred chords.
  public static let maximumWidth: Float = 8192

  /// Larger miter limits count as this: a longer miter than 100 widths is never seen whole.
  public static let maximumMiterLimit: Float = 100
}

extension StrokeEngine {
  /// Fills `points` and `runEnds` with the finite points of `input`, consecutive repeats
  /// dropped, cut to `bounds` (Liang–Barsky per segment): a polyline that leaves the bounds
  /// becomes several runs. Returns whether the input was a single point.
  mutating func clip(_ input: [Point], to bounds: (lo: Point, hi: Point)) -> Bool {
    points.removeAll(keepingCapacity: true)
    runEnds.removeAll(keepingCapacity: true)
    var previous = Point.zero
    var havePrevious = false
    var distinct = 0
    var runStart = 0
    for p in input where p.isFinite {
      guard havePrevious else {
        previous = p
        havePrevious = true
        distinct = 1
        if Self.contains(bounds, p) { points.append(p) }
        continue
      }
      guard (p - previous).length > Stroker.epsilon else { continue }
      distinct += 1
      let q = previous
      previous = p
      guard let (a, b, cutStart, cutEnd) = Self.clipSegment(q, p, bounds) else {
        endRun(&runStart)
        continue
      }
      if cutStart || points.count == runStart {
        endRun(&runStart)
        points.append(a)
      }
      if let last = points.last, (b - last).length > Stroker.epsilon { points.append(b) }
      if cutEnd { endRun(&runStart) }
    }
    if distinct == 1 {
      if points.count == 1 { runEnds.append(1) }
      return true
    }
    endRun(&runStart)
    return false
  }

  /// Closes the run that began at `runStart`: kept with two points or more, dropped as a
  /// lone point (a sliver of a cut segment).
  mutating func endRun(_ runStart: inout Int) {
    if points.count - runStart >= 2 {
      runEnds.append(points.count)
    } else {
      points.removeSubrange(runStart...)
    }
    runStart = points.count
  }

  static func contains(_ b: (lo: Point, hi: Point), _ p: Point) -> Bool {
    p.x >= b.lo.x && p.x <= b.hi.x && p.y >= b.lo.y && p.y <= b.hi.y
  }

  /// The part of segment `p → q` inside `b`, and whether each end was cut; nil when none
  /// is.
  ///
  /// Worked in `Double` on the line's implicit equation `n·x = c`, so that a segment between
  /// points 10³⁰ px away still crosses the viewport where it should: the usual parametric
  /// form would round the crossing to the segment's midpoint.
  static func clipSegment(_ p: Point, _ q: Point, _ b: (lo: Point, hi: Point))
    -> (Point, Point, Bool, Bool)?
  {
    let pIn = contains(b, p)
    let qIn = contains(b, q)
    if pIn, qIn { return (p, q, false, false) }
    let px = Double(p.x)
    let py = Double(p.y)
    let dx = Double(q.x) - px
    let dy = Double(q.y) - py
    let nx = -dy
    let ny = dx
    let c = nx * px + ny * py
    let lo = (x: Double(b.lo.x), y: Double(b.lo.y))
    let hi = (x: Double(b.hi.x), y: Double(b.hi.y))
    // Where the whole line crosses the box, as the extreme projections on its direction.
    var sMin = Double.infinity
    var sMax = -Double.infinity
    var pMin = (x: 0.0, y: 0.0)
    var pMax = (x: 0.0, y: 0.0)
    func consider(_ x: Double, _ y: Double) {
      guard x >= lo.x, x <= hi.x, y >= lo.y, y <= hi.y else { return }
      let s = dx * x + dy * y
      if s < sMin { (sMin, pMin) = (s, (x, y)) }
      if s > sMax { (sMax, pMax) = (s, (x, y)) }
    }
    if ny != 0 {
      consider(lo.x, (c - nx * lo.x) / ny)
      consider(hi.x, (c - nx * hi.x) / ny)
    }
    if nx != 0 {
      consider((c - ny * lo.y) / nx, lo.y)
      consider((c - ny * hi.y) / nx, hi.y)
    }
    guard sMin <= sMax else { return nil }
    let sp = dx * px + dy * py
    let sq = dx * Double(q.x) + dy * Double(q.y)
    guard sq >= sMin, sp <= sMax else { return nil }
    let a = pIn || sp >= sMin ? p : Point(Float(pMin.x), Float(pMin.y))
    let e = qIn || sq <= sMax ? q : Point(Float(pMax.x), Float(pMax.y))
    return (a, e, !(pIn || sp >= sMin), !(qIn || sq <= sMax))
  }
}
