/// Building a stroke: features and regions from the runs, rays for every region, boundary
/// points handed across, then cells.
extension StrokeEngine {
  /// Appends the stroke of `input` to `mesh`, clipped to its clip bounds.
  mutating func stroke(
    _ input: [Point], band: (core: Float, outer: Float, alpha: Float), antialias: Bool,
    tolerance: Float, color: Color, into mesh: inout Mesh
  ) {
    // The farthest any part of the stroke reaches from its polyline.
    let reach = band.outer + 1
    clip(input, to: mesh.clipBounds(extra: reach))
    guard !points.isEmpty else { return }
    mesh.clipped(Rect(around: points).outset(reach)) { mesh in
      tessellate(band: band, antialias: antialias, tolerance: tolerance, color: color, into: &mesh)
    }
  }

  /// Strokes the runs held in `points` and `runEnds` into `mesh`.
  mutating func tessellate(
    band: (core: Float, outer: Float, alpha: Float), antialias: Bool, tolerance: Float,
    color: Color, into mesh: inout Mesh
  ) {
    core = band.core
    outer = band.outer
    self.antialias = antialias
    self.tolerance = tolerance
    let centre = Rect(around: points).centre
    shift = Point(centre.x.rounded(), centre.y.rounded())
    var extent: Float = 0
    for i in points.indices {
      points[i] = points[i] - shift
      extent = max(extent, abs(points[i].x), abs(points[i].y))
    }
    // About 8 float steps of the largest coordinate: enough to outweigh rounding, far below
    // anything a renderer can show.
    tie = (extent + outer) * 1e-6
    buildFeatures()
    // Generous: a tick needs under a hundred rays, a long polyline a few dozen per segment.
    rayBudget = 1024 + 128 * regions.count
    findCandidates()
    castAll()
    // A point handed over can show a region a piece of its boundary that its own rays
    // missed; refining around it finds more points for the neighbour. Three more rounds
    // settle every case the fuzz tests meet.
    for _ in 0..<4 {
      guard exchange() else { break }
    }
    simplify()
    emit(color: color.scaledAlpha(band.alpha), into: &mesh)
  }

  // MARK: - Features and regions

  mutating func buildFeatures() {
    features.removeAll(keepingCapacity: true)
    regions.removeAll(keepingCapacity: true)
    rays.removeAll(keepingCapacity: true)
    var start = 0
    for end in runEnds {
      if end - start == 1 {
        // A lone point: a disc.
        let c = points[start]
        features.append(
          Feature(shape: .point(c), skip: (-1, -1), regions: (Int32(regions.count), -1)))
        regions.append(
          Region(
            kind: .fan(centre: c, first: Point(1, 0), last: Point(1, 0), sign: 1, closed: true),
            feature: Int32(features.count - 1), end: 2 * .pi))
      } else if end - start >= 2 {
        addRun(start, end)
      }
      start = end
    }
  }

  /// The features of the run `points[start..<end]` (at least two points), in path order:
  /// each vertex (ends, and turns) then the segment that starts there.
  mutating func addRun(_ start: Int, _ end: Int) {
    var lastSegment: Int32 = -1
    var previousDirection = Point.zero
    var previousNormal = Point.zero
    for j in start..<end {
      let p = points[j]
      let isFirst = j == start
      let isLast = j == end - 1
      var direction = Point.zero
      var normal = Point.zero
      var length: Float = 0
      if !isLast {
        let d = points[j + 1] - p
        length = d.length
        direction = d * (1 / length)
        normal = direction.perpendicular
      }
      // The vertex, between the previous segment's sides and the next one's, which are
      // added right after this vertex's region.
      var vertex: Int32 = -1
      let previous = lastSegment >= 0 ? features[Int(lastSegment)].regions.0 : -1
      let next = Int32(regions.count + 1)
      if isFirst || isLast {
        let axis = isFirst ? normal * -1 : previousNormal
        vertex = addVertex(
          p, first: axis, last: axis * -1, sign: 1, sweep: .pi, before: lastSegment,
          after: isFirst ? Int32(features.count + 1) : -1,
          twins: isFirst
            ? (Region.Twin(region: next + 1, atEnd: false), Region.Twin(region: next, atEnd: false))
            : (
              Region.Twin(region: previous, atEnd: true),
              Region.Twin(region: previous + 1, atEnd: true)
            ))
      } else {
        let turn = Math.atan2(previousDirection.cross(direction), previousDirection.dot(direction))
        if abs(turn) > 1e-6 {
          let s: Float = turn > 0 ? 1 : -1
          vertex = addVertex(
            p, first: previousNormal * s, last: normal * s, sign: s, sweep: abs(turn),
            before: lastSegment, after: Int32(features.count + 1),
            twins: (
              Region.Twin(region: turn > 0 ? previous : previous + 1, atEnd: true),
              Region.Twin(region: turn > 0 ? next : next + 1, atEnd: false)
            ))
        }
      }
      if vertex >= 0, lastSegment >= 0 { features[Int(lastSegment)].skip.1 = vertex }
      // The segment that starts here.
      guard !isLast else { break }
      let b = points[j + 1]
      let f = Int32(features.count)
      let r = Int32(regions.count)
      features.append(
        Feature(
          shape: .segment(a: p, b: b, e: direction, m: normal, length: length),
          skip: (vertex, -1), regions: (r, r + 1)))
      regions.append(
        Region(
          kind: .side(origin: p, originEnd: b, axis: direction, normal: normal), feature: f,
          end: length))
      regions.append(
        Region(
          kind: .side(origin: p, originEnd: b, axis: direction, normal: normal * -1),
          feature: f, end: length))
      lastSegment = f
      previousDirection = direction
      previousNormal = normal
    }
  }

  /// Appends a vertex feature with its one region and returns the feature's index.
  mutating func addVertex(
    _ c: Point, first: Point, last: Point, sign: Float, sweep: Float, before: Int32,
    after: Int32, twins: (Region.Twin, Region.Twin)
  ) -> Int32 {
    let f = Int32(features.count)
    features.append(
      Feature(shape: .point(c), skip: (before, after), regions: (Int32(regions.count), -1)))
    var region = Region(
      kind: .fan(centre: c, first: first, last: last, sign: sign, closed: false), feature: f,
      end: sweep)
    (region.twinFirst, region.twinLast) = twins
    regions.append(region)
    return f
  }

  /// For every region, the features close enough to take part of it: those within twice
  /// the outer radius (the farthest a ray goes) of its own feature.
  mutating func findCandidates() {
    candidates.removeAll(keepingCapacity: true)
    for ri in regions.indices {
      let fi = Int(regions[ri].feature)
      let f = features[fi]
      let box = Rect(f.ends.0, f.ends.1)
      regions[ri].candidateFirst = candidates.count
      for gi in features.indices where gi != fi {
        if Int32(gi) == f.skip.0 || Int32(gi) == f.skip.1 { continue }
        let g = features[gi].ends
        if box.distance(to: Rect(g.0, g.1)) <= 2 * outer { candidates.append(Int32(gi)) }
      }
      regions[ri].candidateCount = candidates.count - regions[ri].candidateFirst
    }
  }

  // MARK: - Rays

  /// Casts and refines every region's rays, in parameter order.
  ///
  /// Besides the regular first rays, each region casts a ray wherever a nearby feature comes
  /// closest to it (see `addSeeds`): a neighbour that pinches a region only over a short
  /// stretch (two thin segments crossing) would otherwise slip between two rays unseen.
  mutating func castAll() {
    // Segments first, so that a vertex region can take its two edge rays from them.
    for pass in 0..<2 {
      for ri in regions.indices where regions[ri].isSide == (pass == 0) {
        castRegion(ri)
      }
    }
  }

  /// Casts and refines the rays of region `ri`: its first and last, the seeds, and on a
  /// fan rays splitting its arc to the tolerance.
  mutating func castRegion(_ ri: Int) {
    let r = regions[ri]
    addSeeds(r)
    if case .fan = r.kind {
      let count = Tolerance.arcSegments(radius: outer, angle: r.end, tolerance: tolerance)
      for i in 1..<count { seeds.append(r.end * Float(i) / Float(count)) }
    }
    seeds.sort()
    regions[ri].first = rays.count
    var previous = edgeRay(r, atEnd: false) ?? cast(r, 0)
    rays.append(previous)
    for k in 0...seeds.count {
      let next: Ray
      if k < seeds.count {
        let u = seeds[k]
        guard u > previous.param else { continue }
        next = cast(r, u)
      } else {
        next = edgeRay(r, atEnd: true) ?? cast(r, r.end)
      }
      refine(r, previous, next, depth: 0)
      rays.append(next)
      previous = next
    }
    regions[ri].count = rays.count - regions[ri].first
  }

  /// A vertex region's first or last ray, copied from the segment side whose end ray lies
  /// on the same line; nil when there is none.
  func edgeRay(_ r: Region, atEnd: Bool) -> Ray? {
    guard let twin = atEnd ? r.twinLast : r.twinFirst else { return nil }
    let t = regions[Int(twin.region)]
    guard t.count > 0 else { return nil }
    var x = rays[twin.atEnd ? t.first + t.count - 1 : t.first]
    x.param = atEnd ? r.end : 0
    // The twin hands this point over itself.
    x.fresh = false
    return x
  }

  /// Collects into `seeds`, sorted, the parameters of region `r` nearest each candidate
  /// feature: the feet of its points and of a crossing on a segment side; the directions
  /// towards them from a vertex.
  mutating func addSeeds(_ r: Region) {
    seeds.removeAll(keepingCapacity: true)
    for c in r.candidateFirst..<(r.candidateFirst + r.candidateCount) {
      let g = features[Int(candidates[c])].shape
      switch (r.kind, g) {
      case (.side(let o, _, let axis, _), .point(let q)):
        seed(axis.dot(q - o), r)
      case (.side(let o, _, let axis, let normal), .segment(let a, let b, let e, _, _)):
        seed(axis.dot(a - o), r)
        // Near a vertex shared with a segment that turns back almost onto this one, the
        // tie margin gives a zone about tie / sin(angle) long to the lower segment; rays
        // either side of that length find it. A zone thinner than the rasteriser's guard
        // band can hide nothing visible, and such a neighbour (a real turn) needs no other
        // seed.
        if case .segment(let fa, let fb, let fe, _, _) = features[Int(r.feature)].shape,
          b == fa || a == fb
        {
          let zone = 2 * tie / max(abs(e.cross(fe)), 1e-7)
          guard zone > 1e-3 else { continue }
          let from: Float = b == fa ? 0 : r.end
          let toward: Float = b == fa ? 1 : -1
          seed(from + toward * zone * 0.5, r)
          seed(from + toward * zone * 2, r)
        }
        seed(axis.dot(b - o), r)
        let sa = normal.dot(a - o)
        let sb = normal.dot(b - o)
        if (sa < 0) != (sb < 0), sa != sb { seed(axis.dot(a + (b - a) * (sa / (sa - sb)) - o), r) }
      case (.fan(let o, _, _, _, _), .point(let q)):
        seedDirection(q - o, r)
      case (.fan(let o, _, _, _, _), .segment(let a, let b, let e, _, let length)):
        seedDirection(b - o, r)
        seedDirection(a - o, r)
        seedDirection(a + e * min(max(e.dot(o - a), 0), length) - o, r)
      }
    }
    seeds.sort()
  }

  /// Adds parameter `p` to the seeds when it lies strictly inside `r`'s range.
  @inline(__always)
  mutating func seed(_ p: Float, _ r: Region) {
    if p > 0, p < r.end, p.isFinite { seeds.append(p) }
  }

  /// Adds the parameter of direction `v` from a vertex region's centre.
  @inline(__always)
  mutating func seedDirection(_ v: Point, _ r: Region) {
    guard v.x != 0 || v.y != 0, case .fan(_, let first, _, let sign, _) = r.kind else { return }
    var a = Math.atan2(sign * first.cross(v), first.dot(v))
    if a < 0 { a += 2 * .pi }
    seed(a, r)
  }
}
