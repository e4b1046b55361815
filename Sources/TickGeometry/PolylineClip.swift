/// Cutting a polyline to a rectangle before it is stroked: what the general engine strokes
/// (`StrokeEngine.stroke`) is the part of its input inside the mesh's clip bounds.
enum PolylineClip {
  /// Fills `points` and `runEnds` with the finite points of `input`, consecutive repeats
  /// dropped, cut to `bounds` (Liang–Barsky per segment): a polyline that leaves the bounds
  /// becomes several runs, `points[runEnds[k - 1]..<runEnds[k]]`; a single point is one run
  /// of one.
  static func clip(
    _ input: [Point], to bounds: Rect, points: inout [Point], runEnds: inout [Int]
  ) {
    // Wholly inside, as most are: the input, repeats dropped.
    if !input.isEmpty, input.allSatisfy({ bounds.contains($0) }) {
      points.replaceSubrange(points.indices, with: input)
      var n = 1
      for i in 1..<input.count where (input[i] - points[n - 1]).length > Stroker.epsilon {
        points[n] = input[i]
        n += 1
      }
      points.removeLast(points.count - n)
      return runEnds.replaceSubrange(runEnds.indices, with: CollectionOfOne(n))
    }
    points.removeAll(keepingCapacity: true)
    runEnds.removeAll(keepingCapacity: true)
    var previous: Point?
    // Whether all points so far are one, and where the current run starts.
    var (single, runStart) = (true, 0)
    // Closes the run that began at `runStart`: kept with two points or more, dropped as a
    // lone point (a sliver of a cut segment).
    func endRun() {
      if points.count - runStart >= 2 {
        runEnds.append(points.count)
      } else {
        points.removeSubrange(runStart...)
      }
      runStart = points.count
    }
    for p in input where p.isFinite {
      guard let q = previous else {
        previous = p
        if bounds.contains(p) { points.append(p) }
        continue
      }
      guard (p - q).length > Stroker.epsilon else { continue }
      single = false
      previous = p
      guard let part = clipSegment(q, p, bounds) else {
        endRun()
        continue
      }
      if part.cutStart || points.count == runStart {
        endRun()
        points.append(part.start)
      }
      if let last = points.last, (part.end - last).length > Stroker.epsilon {
        points.append(part.end)
      }
      if part.cutEnd { endRun() }
    }
    if single {
      if points.count == 1 { runEnds.append(1) }
      return
    }
    endRun()
  }

  /// The part of a segment inside a box, and whether each end was cut.
  struct SegmentPart: Equatable {
    var start: Point
    var end: Point
    var cutStart: Bool
    var cutEnd: Bool
  }

  /// The part of segment `p → q` inside `b`; nil when none is.
  ///
  /// Worked in `Double` on the line's implicit equation `n·x = c`, so that a segment between
  /// points 10³⁰ px away still crosses the viewport where it should: the usual parametric
  /// form would round the crossing to the segment's midpoint.
  static func clipSegment(_ p: Point, _ q: Point, _ b: Rect) -> SegmentPart? {
    let (pIn, qIn) = (b.contains(p), b.contains(q))
    if pIn, qIn { return SegmentPart(start: p, end: q, cutStart: false, cutEnd: false) }
    let (px, py) = (Double(p.x), Double(p.y))
    let (dx, dy) = (Double(q.x) - px, Double(q.y) - py)
    // The line is −dy·x + dx·y = c.
    let c = dx * py - dy * px
    let lo = (x: Double(b.lo.x), y: Double(b.lo.y))
    let hi = (x: Double(b.hi.x), y: Double(b.hi.y))
    // Where the whole line crosses the box, as the extreme projections on its direction.
    var (sMin, sMax) = (Double.infinity, -Double.infinity)
    var (pMin, pMax) = ((x: 0.0, y: 0.0), (x: 0.0, y: 0.0))
    func consider(_ x: Double, _ y: Double) {
      guard x >= lo.x, x <= hi.x, y >= lo.y, y <= hi.y else { return }
      let s = dx * x + dy * y
      if s < sMin { (sMin, pMin) = (s, (x, y)) }
      if s > sMax { (sMax, pMax) = (s, (x, y)) }
    }
    if dx != 0 {
      consider(lo.x, (c + dy * lo.x) / dx)
      consider(hi.x, (c + dy * hi.x) / dx)
    }
    if dy != 0 {
      consider((dx * lo.y - c) / dy, lo.y)
      consider((dx * hi.y - c) / dy, hi.y)
    }
    guard sMin <= sMax else { return nil }
    let sp = dx * px + dy * py
    let sq = dx * Double(q.x) + dy * Double(q.y)
    guard sq >= sMin, sp <= sMax else { return nil }
    let (cutStart, cutEnd) = (!pIn && sp < sMin, !qIn && sq > sMax)
    return SegmentPart(
      start: cutStart ? Point(Float(pMin.x), Float(pMin.y)) : p,
      end: cutEnd ? Point(Float(pMax.x), Float(pMax.y)) : q, cutStart: cutStart, cutEnd: cutEnd)
  }
}
