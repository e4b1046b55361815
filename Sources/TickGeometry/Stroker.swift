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
    guard style.width.isFinite else { return }
    var style = style
    style.width = min(style.width, maximumWidth)
    style.miterLimit = style.miterLimit.isNaN ? 4 : min(style.miterLimit, maximumMiterLimit)
    guard let band = feather.band(width: style.width) else { return }
    var engine = StrokeEngine()
    swap(&engine, &mesh.strokeEngine)
    defer { swap(&engine, &mesh.strokeEngine) }
    // The farthest any part of the stroke reaches from its polyline.
    let reach = band.outer * (style.join == .miter ? max(style.miterLimit, 1) : 1) + 1
    let single = engine.clip(points, to: mesh.clipBounds(extra: reach))
    guard let first = engine.points.first else { return }
    if single, style.cap != .round {
      if style.cap == .square {
        Fill.roundedSquare(
          center: first, halfSize: style.width / 2, cornerRadius: 0, color: color,
          feather: feather, into: &mesh)
      }
      return
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
        style: style, band: band, antialias: feather.antialias, tolerance: feather.tolerance,
        color: color, into: &mesh)
    }
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
      guard let (t0, t1) = Self.clipSegment(q, p, bounds) else {
        endRun(&runStart)
        continue
      }
      let a = t0 > 0 ? q.lerp(to: p, t0) : q
      let b = t1 < 1 ? q.lerp(to: p, t1) : p
      if t0 > 0 || points.count == runStart {
        endRun(&runStart)
        points.append(a)
      }
      if let last = points.last, (b - last).length > Stroker.epsilon { points.append(b) }
      if t1 < 1 { endRun(&runStart) }
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

  /// The parameters `t0 ≤ t1` of the part of segment `p → q` inside `b`, or nil.
  static func clipSegment(_ p: Point, _ q: Point, _ b: (lo: Point, hi: Point)) -> (Float, Float)? {
    var t0: Float = 0
    var t1: Float = 1
    let d = q - p
    guard clipSlab(d.x, b.lo.x, b.hi.x, p.x, &t0, &t1),
      clipSlab(d.y, b.lo.y, b.hi.y, p.y, &t0, &t1)
    else { return nil }
    return (t0, t1)
  }

  /// Narrows `t0…t1` to where `start + delta·t` lies in `lo…hi`; false when nothing is left.
  @inline(__always)
  static func clipSlab(
    _ delta: Float, _ lo: Float, _ hi: Float, _ start: Float, _ t0: inout Float,
    _ t1: inout Float
  ) -> Bool {
    if delta == 0 { return start >= lo && start <= hi }
    var ta = (lo - start) / delta
    var tb = (hi - start) / delta
    if ta > tb { swap(&ta, &tb) }
    t0 = max(t0, ta)
    t1 = min(t1, tb)
    return t0 <= t1
  }
}
