/// Building a stroke: features and regions from the runs, rays for every region, boundary
/// points handed across, then cells.
extension StrokeEngine {
  /// Appends the stroke of `input` to `mesh`, clipped to its clip bounds.
  mutating func stroke(
    _ input: [Point], band: Band, antialias: Bool, tolerance: Float, color: Color,
    into mesh: inout Mesh
  ) {
    (self.band, self.antialias, self.tolerance) = (band, antialias, tolerance)
    // The farthest any part of the stroke reaches from its polyline.
    let reach = outer + Self.boundsMargin
    PolylineClip.clip(input, to: mesh.clipBounds(extra: reach), points: &points, runEnds: &runEnds)
    guard !points.isEmpty else { return }
    // By index: passing the array would retain and release it.
    var bounds = Rect.empty
    for i in points.indices { bounds.include(points[i]) }
    mesh.clipped(bounds.outset(reach)) { mesh in
      if points.count == 1 { return dot(color, into: &mesh) }
      tessellate(about: bounds.centre, color, into: &mesh)
    }
  }

  /// A lone point: a dot, its band about the point as `Fill.disc` draws one.
  func dot(_ color: Color, into mesh: inout Mesh) {
    let (o, a) = (band.outer, band.alpha)
    let radii =
      !antialias
      ? Radial.Bands(0, 1, o, 1)
      : band.core > 0 ? Radial.Bands(0, a, band.core, a, o, 0) : Radial.Bands(0, a, o, 0)
    Radial.emit(center: points[0], radii: radii, color: color, tolerance: tolerance, into: &mesh)
  }

  /// The stroke of `points` (at least two), worked out about the whole pixel nearest
  /// `centre`: features and regions, rays, boundary points handed across, then cells.
  mutating func tessellate(about centre: Point, _ color: Color, into mesh: inout Mesh) {
    shift = Point(centre.x.rounded(), centre.y.rounded())
    var extent: Float = 0
    for i in points.indices {
      points[i] = points[i] - shift
      extent = max(extent, abs(points[i].x), abs(points[i].y))
    }
    tie = (extent + outer) * Self.tieFraction
    buildFeatures()
    findCandidates()
    // Where no region had to search (no candidates, or only a join's inner sides,
    // `bisected`), there is nothing to hand over and no repeated point to drop.
    let searched = castAll()
    if searched { settleBoundaries() }
    if searched || outer <= Self.thinStroke { simplify() }
    emit(color: color.scaledAlpha(band.alpha), into: &mesh)
  }

  // MARK: - Features and regions

  mutating func buildFeatures() {
    features.removeAll(keepingCapacity: true)
    regions.removeAll(keepingCapacity: true)
    rays.removeAll(keepingCapacity: true)
    // By index: iterating the array itself would copy it (a retain and a release).
    for k in runEnds.indices { addRun(k > 0 ? runEnds[k - 1] : 0, runEnds[k]) }
  }

  /// The features of the run `points[start..<end]` (at least two points), in path order:
  /// each vertex (ends, and turns) then the segment that starts there.
  mutating func addRun(_ start: Int, _ end: Int) {
    // The previous segment, its direction and normal.
    var segment: Int32?
    var (pe, pm) = (Point.zero, Point.zero)
    for j in start..<end {
      let p = points[j]
      var (e, m, length) = (Point.zero, Point.zero, Float(0))
      if j < end - 1 {
        let d = points[j + 1] - p
        length = d.length
        e = d * (1 / length)
        m = e.perpendicular
      }
      // A vertex region sits between the previous segment's sides (`sides`, `sides + 1`)
      // and the next one's (`next`, `next + 1`), whose end rays it shares; an end is a half
      // turn, as if the path turned back onto itself.
      let r = Int32(regions.count)
      var (sides, next) = (r - 2, r + 1)
      if j == start { (pm, sides) = (m * -1, next + 1) }
      if j == end - 1 { (m, next) = (pm * -1, sides + 1) }
      let turn = j == start || j == end - 1 ? .pi : Math.atan2(pe.cross(e), pe.dot(e))
      var vertex: Int32?
      if abs(turn) > Self.straightTurn {
        vertex = addVertex(
          p, turn: turn, from: pm, to: m, after: segment, continues: j < end - 1,
          twins: turn > 0
            ? Twins(first: sides, last: next) : Twins(first: sides + 1, last: next + 1))
      } else if let segment {
        // The path runs straight on: the previous segment has no vertex after it.
        features[Int(segment)].joinsNext = false
      }
      // The segment that starts here; the vertex it ends at, if any, is the next feature.
      guard j < end - 1 else { break }
      segment = addSegment(p, points[j + 1], e: e, m: m, length: length, after: vertex)
      (pe, pm) = (e, m)
    }
  }

  /// Adds the vertex at `p`, where the path turns by `turn` from normal `from` to normal
  /// `to`, after feature `segment` (none at a start) and before the segment added next
  /// when the path `continues`, and its fan region; returns the feature.
  mutating func addVertex(
    _ p: Point, turn: Float, from: Point, to: Point, after segment: Int32?, continues: Bool,
    twins: Twins
  ) -> Int32 {
    let s: Float = turn > 0 ? 1 : -1
    let vertex = Int32(features.count)
    features.append(
      Feature(
        shape: .point(p), joinsPrevious: segment != nil, joinsNext: continues, box: Rect(p, p),
        region: Int32(regions.count)))
    regions.append(
      Region(
        kind: .fan(centre: p, first: from * s, last: to * s, sign: s, twins: twins),
        feature: vertex, end: abs(turn)))
    return vertex
  }

  /// Adds the segment from `a` to `b` (unit direction `e`, normal `m`), after feature
  /// `vertex` (none where the path runs straight on), and its two sides; returns the
  /// feature.
  mutating func addSegment(
    _ a: Point, _ b: Point, e: Point, m: Point, length: Float, after vertex: Int32?
  ) -> Int32 {
    let (segment, r) = (Int32(features.count), Int32(regions.count))
    features.append(
      Feature(
        shape: .segment(a: a, b: b, e: e, m: m, length: length), joinsPrevious: vertex != nil,
        joinsNext: true, box: Rect(a, b), region: r))
    regions.append(
      Region(
        kind: .side(origin: a, originEnd: b, axis: e, normal: m), feature: segment, end: length))
    regions.append(
      Region(
        kind: .side(origin: a, originEnd: b, axis: e, normal: m * -1), feature: segment,
        end: length))
    return segment
  }

  /// For every region, the features close enough to take part of it: those within
  /// `candidateRange` outer radii of its own feature, not wholly behind a
  /// side's line (`behind`) and able to stop one of its rays (`outOfReach`). A feature's
  /// near ones are listed once, then each of its regions keeps its share after them.
  mutating func findCandidates() {
    candidates.removeAll(keepingCapacity: true)
    for fi in features.indices {
      let (f, me, first) = (features[fi], Int32(fi), candidates.count)
      let range = Self.candidateRange * outer
      let zone = f.box.outset(range)
      // The features it joins are skipped as `me` is.
      let (before, after) = (f.joinsPrevious ? me - 1 : me, f.joinsNext ? me + 1 : me)
      for g in 0..<Int32(features.count) where g != me && g != before && g != after {
        // Most features lie well apart: the boxes' distance only for those close.
        let b = features[Int(g)].box
        if zone.intersects(b), f.box.distance(to: b) <= range { candidates.append(g) }
      }
      // (A region is built with no candidates.)
      let near = first..<candidates.count
      guard !near.isEmpty else { continue }
      for ri in f.regions {
        let (r, start) = (regions[ri], candidates.count)
        for k in near where !behind(candidates[k], r) && !outOfReach(candidates[k], r) {
          candidates.append(candidates[k])
        }
        regions[ri].nearby = start..<candidates.count
      }
    }
  }

  /// Whether feature `g` lies wholly behind the line of side `r` (on its other side): a
  /// point at height h on `r` is then at least h from `g`, so `g` is never nearer. Against
  /// the tie margin (`g` lower in path order) it must lie `tie` behind, but for an end it
  /// shares with `r`'s segment at a turn under 120° (`sharpTurnCosine`) whose tie zone is
  /// invisible (`invisibleZone`), which `addSeeds` ignores too (the outer side at a join). Nearer a reversal the zone runs
  /// the whole height of the side and is kept.
  func behind(_ g: Int32, _ r: Region) -> Bool {
    guard case .side(let o, let oEnd, let axis, let n) = r.kind else { return false }
    let depth: Float = g > r.feature ? 0 : -tie
    switch features[Int(g)].shape {
    case .point(let c): return n.dot(c - o) <= depth
    case .segment(let a, let b, let e, _, _):
      let zoneIsSmall =
        e.dot(axis) > Self.sharpTurnCosine && 2 * tie < Self.invisibleZone * abs(e.cross(axis))
      func isBehind(_ y: Point) -> Bool {
        n.dot(y - o) <= depth || (y == o || y == oEnd) && zoneIsSmall
      }
      return isBehind(a) && isBehind(b)
    }
  }

  // MARK: - Rays

  /// Casts and refines every region's rays, in parameter order: segment sides first, so
  /// that a vertex region can take its two edge rays from them. Besides the regular rays,
  /// each region casts one wherever a nearby feature comes closest to it (`addSeeds`): a
  /// neighbour that pinches a region only over a short stretch (two thin segments crossing)
  /// would otherwise slip between two rays unseen.
  /// Returns whether any region searched (`castRegion`).
  mutating func castAll() -> Bool {
    // A cap's half turn: the same chord count for every cap of the stroke.
    let caps = Tolerance.arcSegments(
      radius: outer, sweep: .half, tolerance: tolerance, floor: Stroker.capFloor(band))
    var searched = false
    for ri in regions.indices where regions[ri].isSide {
      searched = castRegion(ri, caps: caps) || searched
    }
    for ri in regions.indices where !regions[ri].isSide {
      searched = castRegion(ri, caps: caps) || searched
    }
    return searched
  }

  /// Casts and refines the rays of region `ri`: its first and last, the seeds, and on a
  /// fan rays splitting its arc to the tolerance (`caps` chords for a half turn). Returns
  /// whether it searched: whether it had candidates and was not `bisected`.
  mutating func castRegion(_ ri: Int, caps: Int) -> Bool {
    let r = regions[ri]
    let first = rays.count
    defer { regions[ri].span = first..<rays.count }
    if r.isSide, r.nearby.count == 1, bisected(r) { return false }
    // Where nothing can stop a ray, it reaches the outer edge (as `cast` finds) and nothing
    // needs refining.
    @inline(__always) func ray(_ u: Float) -> Ray {
      guard r.nearby.isEmpty else { return cast(r, u) }
      let (o, d) = frame(r, u)
      return Ray(param: u, h: outer, point: o + d * outer, direction: d, binder: nil)
    }
    let (start, end) =
      r.isSide ? (ray(0), ray(r.end)) : (edgeRay(r, atEnd: false), edgeRay(r, atEnd: true))
    rays.append(start)
    // A fan's chord count.
    let count =
      r.isSide
      ? 1
      : r.end == .pi
        ? caps : Tolerance.arcSegments(radius: outer, angle: r.end, tolerance: tolerance)
    guard !r.nearby.isEmpty else {
      // A cap's rays take the unit circle's steps (`frame` past the table).
      if r.end == .pi, UnitCircle.isTabulated(2 * count),
        case .fan(let c, let axis, _, let sign, _) = r.kind
      {
        UnitCircle.withTable(2 * count) { t in
          for i in 1..<count {
            let d = axis.rotated(by: Point(t[i].x, sign * t[i].y))
            let u = r.end * Float(i) / Float(count)
            rays.append(Ray(param: u, h: outer, point: c + d * outer, direction: d, binder: nil))
          }
        }
      } else {
        for i in 1..<count { rays.append(ray(r.end * Float(i) / Float(count))) }
      }
      rays.append(end)
      return false
    }
    seeds.replaceSubrange(
      seeds.indices, with: (1..<count).lazy.map { r.end * Float($0) / Float(count) })
    addSeeds(r)
    seeds.sort()
    seeds.append(r.end)
    var previous = start
    for k in seeds.indices where seeds[k] > previous.param {
      let next = seeds[k] < r.end ? cast(r, seeds[k]) : end
      refine(r, previous, next, depth: 0)
      rays.append(next)
      previous = next
    }
    return true
  }

  /// The rays of side `r` whose one nearby feature is the segment it meets at a real turn,
  /// on its side (a join's inner sides): the two are equally near along the turn's bisector,
  /// a line from the vertex whose height above this side grows by `rise / run` per unit
  /// along it. Where that line reaches the outer radius within both segments, no search is
  /// needed: the rays are the vertex's (stopped at once), those where the line crosses the
  /// core and the outer radius, and the far end's (free). Returns whether it appended them.
  mutating func bisected(_ r: Region) -> Bool {
    let c = r.nearby.lowerBound
    let g = features[Int(candidates[c])]
    guard case .side(let o, let oEnd, let axis, let n) = r.kind,
      case .segment(let a, let b, let e, _, let length) = g.shape,
      b == o || a == oEnd, tieZone(r, c) == nil
    else { return false }
    // Whether the vertex is this side's start; away from it along this side (f) and along
    // the other segment.
    let atStart = b == o
    let f = atStart ? axis : axis * -1
    let bisector = f + (atStart ? e * -1 : e)
    let (rise, run) = (bisector.dot(n), bisector.dot(f))
    let reach = outer * run / rise
    guard rise > 0, run > 0, reach * Self.bisectorClearance < min(r.end, length) else {
      return false
    }
    let binder = g.region(holding: o + f * reach + n * outer, tie: tie)
    // The ray `s` from the vertex along f whose boundary point is at height h.
    func ray(_ s: Float, _ h: Float) -> Ray {
      let u = atStart ? s : r.end - s
      return Ray(param: u, h: h, point: o + axis * u + n * h, direction: n, binder: binder)
    }
    // In parameter order: from the vertex out when it is the start, else inwards.
    let (near, far) = atStart ? (Float(0), r.end) : (r.end, Float(0))
    let (nearFoot, farFoot) = atStart ? (o, oEnd) : (oEnd, o)
    let vertex = Ray(param: near, h: 0, point: nearFoot, direction: n, binder: binder)
    let free = Ray(param: far, h: outer, point: farFoot + n * outer, direction: n, binder: nil)
    rays.append(atStart ? vertex : free)
    let cored = core > 0 && core < outer
    if atStart, cored { rays.append(ray(reach * core / outer, core)) }
    rays.append(ray(reach, outer))
    if !atStart, cored { rays.append(ray(reach * core / outer, core)) }
    rays.append(atStart ? free : vertex)
    return true
  }

  /// A vertex region's first or last ray, copied from the segment side whose end ray lies
  /// on the same line (a side before the vertex in path order ends there, one after starts
  /// there), cast already.
  @inline(__always)
  func edgeRay(_ r: Region, atEnd: Bool) -> Ray {
    guard case .fan(_, _, _, _, let twins) = r.kind else {
      preconditionFailure("StrokeEngine: edge rays are a fan's")
    }
    let twin = regions[Int(atEnd ? twins.last : twins.first)]
    var x = rays[twin.feature < r.feature ? twin.span.upperBound - 1 : twin.span.lowerBound]
    // The twin hands this point over itself.
    (x.param, x.fresh) = (atEnd ? r.end : 0, false)
    return x
  }

  /// Adds to `seeds` the parameters of region `r` nearest each candidate feature:
  /// those of its end points, of where a segment crosses a side's line, and of the point
  /// of a segment nearest a vertex; each only where it lies within `candidateRange` outer
  /// radii of `r`'s feature, the farthest a point can be and still stop one of its rays.
  mutating func addSeeds(_ r: Region) {
    for c in r.nearby {
      guard case .segment(let a, let b, let e, _, let length) = features[Int(candidates[c])].shape
      else {
        if case .point(let q) = features[Int(candidates[c])].shape { seed(at: q, r) }
        continue
      }
      seed(at: a, r)
      switch r.kind {
      case .fan(let o, _, _, _, _):
        seed(at: a + e * min(max(e.dot(o - a), 0), length), r)
      case .side(let o, let oEnd, _, let normal):
        // Rays either side of a tie zone's length find it; a segment sharing an end with
        // this one at a real turn needs no other seed.
        if b == o || a == oEnd {
          guard let zone = tieZone(r, c) else { continue }
          let (from, toward): (Float, Float) = b == o ? (0, 1) : (r.end, -1)
          seed(from + toward * zone * Self.insideTieZone, r)
          seed(from + toward * zone * Self.pastTieZone, r)
        }
        let (sa, sb) = (normal.dot(a - o), normal.dot(b - o))
        if (sa < 0) != (sb < 0), sa != sb { seed(at: a + (b - a) * (sa / (sa - sb)), r) }
      }
      seed(at: b, r)
    }
  }

  /// The tie zone of side `r` against its candidate `c` when that is a segment sharing an
  /// end with `r`'s and turning back almost onto it: near the vertex the tie margin gives a
  /// zone about tie / sin(angle) long to the lower segment. Nil at a real turn, where the
  /// zone is invisible (`invisibleZone`).
  func tieZone(_ r: Region, _ c: Int) -> Float? {
    guard case .side(let o, let oEnd, let axis, _) = r.kind,
      case .segment(let a, let b, let e, _, _) = features[Int(candidates[c])].shape,
      b == o || a == oEnd
    else { return nil }
    let zone = 2 * tie / max(abs(e.cross(axis)), Self.parallelCross)
    return zone > Self.invisibleZone ? zone : nil
  }

  /// Adds parameter `p` to the seeds when it lies strictly inside `r`'s range.
  @inline(__always)
  mutating func seed(_ p: Float, _ r: Region) {
    if p > 0, p < r.end, p.isFinite { seeds.append(p) }
  }

  /// Seeds the ray of `r` towards `x` when `x` lies within `candidateRange` outer radii of
  /// its feature (of a side's line).
  @inline(__always)
  mutating func seed(at x: Point, _ r: Region) {
    let range = Self.candidateRange * outer
    switch r.kind {
    case .side(let o, _, _, let n): guard abs(n.dot(x - o)) <= range else { return }
    case .fan(let c, _, _, _, _): guard (x - c).dot(x - c) <= range * range else { return }
    }
    seed(param(r, x), r)
  }

  /// The parameter of the ray of region `r` towards `x`, unclamped: a side's foot, a fan's
  /// angle in [0, 2π).
  @inline(__always)
  func param(_ r: Region, _ x: Point) -> Float {
    switch r.kind {
    case .side(let o, _, let axis, _): return axis.dot(x - o)
    case .fan(let c, let first, _, let sign, _):
      let v = x - c
      let a = Math.atan2(sign * first.cross(v), first.dot(v))
      return a < 0 ? a + 2 * .pi : a
    }
  }
}
