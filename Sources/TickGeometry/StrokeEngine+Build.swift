/// Building a stroke: features and regions from the runs, rays for every region, boundary
/// points handed across, then cells.
extension StrokeEngine {
  /// Strokes the runs held in `points` and `runEnds` into `mesh`.
  mutating func stroke(
    style: StrokeStyle, band: (core: Float, outer: Float, alpha: Float), antialias: Bool,
    tolerance: Float, color: Color, into mesh: inout Mesh
  ) {
    core = band.core
    outer = band.outer
    self.antialias = antialias
    // Below a thousandth of a pixel no renderer can tell; the floor bounds the work.
    self.tolerance =
      tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-3) : Tolerance.defaultPixels
    var lo = points.first ?? .zero
    var hi = lo
    for p in points {
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    shift = Point(((lo.x + hi.x) / 2).rounded(), ((lo.y + hi.y) / 2).rounded())
    var extent: Float = 0
    for i in points.indices {
      points[i] = points[i] - shift
      extent = max(extent, abs(points[i].x), abs(points[i].y))
    }
    // About 8 float steps of the largest coordinate: enough to outweigh rounding, far below
    // anything a renderer can show.
    tie = (extent + outer) * 1e-6
    buildFeatures(style: style, halfWidth: style.width / 2)
    // Generous: a tick needs under a hundred rays, a long polyline a few dozen per segment.
    rayBudget = 1024 + 128 * regions.count
    findCandidates(reach: outer * (style.join == .miter ? max(style.miterLimit, 1) : 1))
    castAll()
    // A point handed over can show a region a piece of its boundary that its own rays
    // missed; refining around it finds more points for the neighbour. Three more rounds
    // settle every case the fuzz tests meet.
    for _ in 0..<4 {
      guard exchange() else { break }
      refineReceived()
    }
    simplify()
    emit(color: color.scaledAlpha(band.alpha), into: &mesh)
  }

  // MARK: - Features and regions

  mutating func buildFeatures(style: StrokeStyle, halfWidth: Float) {
    features.removeAll(keepingCapacity: true)
    regions.removeAll(keepingCapacity: true)
    rays.removeAll(keepingCapacity: true)
    var start = 0
    for end in runEnds {
      if end - start == 1, style.cap == .round {
        addDot(points[start])
      } else if end - start >= 2 {
        addRun(start, end, style: style, halfWidth: halfWidth)
      }
      start = end
    }
  }

  /// A lone point with a round cap: a disc.
  mutating func addDot(_ c: Point) {
    let f = Int32(features.count)
    features.append(
      Feature(
        a: c, b: c, e: .zero, m: .zero, length: 0, isSegment: false, order: f, skip0: -1,
        skip1: -1, region0: Int32(regions.count), region1: -1))
    regions.append(
      Region(
        feature: f, isSegment: false, origin: c, originEnd: c, axis: Point(1, 0),
        axisEnd: Point(1, 0), normal: .zero, sign: 1, end: 2 * .pi, closed: true,
        profile: .round))
  }

  /// The features of the run `points[start..<end]` (at least two points), in path order.
  mutating func addRun(_ start: Int, _ end: Int, style: StrokeStyle, halfWidth: Float) {
    let capped = style.cap != .round
    // Butt and square ends lengthen the end segments: by half the width for square, and by
    // half a pixel of feather, over which the alpha ramps down, when anti-aliased.
    let lengthen = (style.cap == .square ? halfWidth : 0) + (antialias ? 0.5 : 0)
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
      // The vertex.
      var vertex: Int32 = -1
      // The segment regions on either side: the previous segment's, and the next one's,
      // which are added right after this vertex's region.
      let previous0 = lastSegment >= 0 ? features[Int(lastSegment)].region0 : -1
      let next0 = Int32(regions.count + (isFirst || isLast ? (capped ? 0 : 1) : 1))
      if isFirst || isLast {
        if !capped {
          let axis = isFirst ? normal * -1 : previousNormal
          vertex = addVertexFeature(
            p, axis: axis, axisEnd: axis * -1, sign: 1, sweep: .pi, profile: .round,
            before: lastSegment, after: isFirst ? Int32(features.count + 1) : -1)
          let v = regions.count - 1
          if isFirst {
            (regions[v].twinFirst, regions[v].twinFirstAtEnd) = (next0 + 1, false)
            (regions[v].twinLast, regions[v].twinLastAtEnd) = (next0, false)
          } else {
            (regions[v].twinFirst, regions[v].twinFirstAtEnd) = (previous0, true)
            (regions[v].twinLast, regions[v].twinLastAtEnd) = (previous0 + 1, true)
          }
        }
      } else {
        let turn = Math.atan2(previousDirection.cross(direction), previousDirection.dot(direction))
        if abs(turn) > 1e-6 {
          let s: Float = turn > 0 ? 1 : -1
          let axis = turn > 0 ? previousNormal : previousNormal * -1
          let axisEnd = turn > 0 ? normal : normal * -1
          let half = abs(turn) / 2
          let cosHalf = Math.cos(half)
          let profile: Profile
          switch style.join {
          case .round:
            profile = .round
          case .miter where cosHalf * style.miterLimit >= 1:
            profile = .miter(n0: axis, n1: axisEnd, half: half)
          case .miter, .bevel:
            let b = axis.rotated(by: Point(Math.cos(s * half), Math.sin(s * half)))
            profile = .bevel(bisector: b, cosHalf: cosHalf)
          }
          vertex = addVertexFeature(
            p, axis: axis, axisEnd: axisEnd, sign: s, sweep: abs(turn), profile: profile,
            before: lastSegment, after: Int32(features.count + 1))
          let v = regions.count - 1
          regions[v].twinFirst = turn > 0 ? previous0 : previous0 + 1
          regions[v].twinFirstAtEnd = true
          regions[v].twinLast = turn > 0 ? next0 : next0 + 1
          regions[v].twinLastAtEnd = false
        }
      }
      if vertex >= 0, lastSegment >= 0 { features[Int(lastSegment)].skip1 = vertex }
      // The segment that starts here.
      guard !isLast else { break }
      let startGrow: Float = isFirst && capped ? lengthen : 0
      let endGrow: Float = j + 1 == end - 1 && capped ? lengthen : 0
      let a = startGrow > 0 ? p - direction * startGrow : p
      let b = endGrow > 0 ? points[j + 1] + direction * endGrow : points[j + 1]
      let f = Int32(features.count)
      let r = Int32(regions.count)
      features.append(
        Feature(
          a: a, b: b, e: direction, m: normal, length: length + startGrow + endGrow,
          isSegment: true, order: f, skip0: vertex, skip1: -1, region0: r, region1: r + 1))
      for side in 0..<2 {
        regions.append(
          Region(
            feature: f, isSegment: true, origin: a, originEnd: b, axis: direction,
            axisEnd: direction, normal: side == 0 ? normal : normal * -1,
            sign: side == 0 ? 1 : -1, end: length + startGrow + endGrow, closed: false,
            profile: .round, rampStart: antialias && startGrow > 0,
            rampEnd: antialias && endGrow > 0))
      }
      lastSegment = f
      previousDirection = direction
      previousNormal = normal
    }
  }

  /// Appends a vertex feature with its one region and returns the feature's index.
  mutating func addVertexFeature(
    _ c: Point, axis: Point, axisEnd: Point, sign: Float, sweep: Float, profile: Profile,
    before: Int32, after: Int32
  ) -> Int32 {
    let f = Int32(features.count)
    features.append(
      Feature(
        a: c, b: c, e: .zero, m: .zero, length: 0, isSegment: false, order: f, skip0: before,
        skip1: after, region0: Int32(regions.count), region1: -1))
    regions.append(
      Region(
        feature: f, isSegment: false, origin: c, originEnd: c, axis: axis, axisEnd: axisEnd,
        normal: .zero, sign: sign, end: sweep, closed: false, profile: profile))
    return f
  }

  /// For every region, the features close enough to take part of it: those within twice
  /// `reach` (the farthest a ray goes) of its own feature.
  mutating func findCandidates(reach: Float) {
    candidates.removeAll(keepingCapacity: true)
    let limit = 2 * reach
    for ri in regions.indices {
      let fi = Int(regions[ri].feature)
      let f = features[fi]
      let flo = Point(min(f.a.x, f.b.x), min(f.a.y, f.b.y))
      let fhi = Point(max(f.a.x, f.b.x), max(f.a.y, f.b.y))
      regions[ri].candidateFirst = candidates.count
      for gi in features.indices where gi != fi {
        let g = features[gi]
        if Int32(gi) == f.skip0 || Int32(gi) == f.skip1 { continue }
        let gx = max(0, min(g.a.x, g.b.x) - fhi.x, flo.x - max(g.a.x, g.b.x))
        let gy = max(0, min(g.a.y, g.b.y) - fhi.y, flo.y - max(g.a.y, g.b.y))
        if gx <= limit, gy <= limit, gx * gx + gy * gy <= limit * limit {
          candidates.append(Int32(gi))
        }
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
      for ri in regions.indices where regions[ri].isSegment == (pass == 0) {
        castRegion(ri)
      }
    }
  }

  /// Casts and refines the rays of region `ri`.
  mutating func castRegion(_ ri: Int) {
    let r = regions[ri]
    addSeeds(r)
    regions[ri].first = rays.count
    var previous = edgeRay(r, atEnd: false) ?? cast(r, 0)
    rays.append(previous)
    let count = initialRayCount(r)
    var s = 0
    for i in 1...count {
      let p = initialParam(r, i, count)
      while s < seeds.count, seeds[s] < p {
        if seeds[s] > previous.param {
          let next = cast(r, seeds[s])
          refine(r, previous, next, depth: 0)
          rays.append(next)
          previous = next
        }
        s += 1
      }
      let next = i == count ? edgeRay(r, atEnd: true) ?? cast(r, p) : cast(r, p)
      refine(r, previous, next, depth: 0)
      rays.append(next)
      previous = next
    }
    regions[ri].count = rays.count - regions[ri].first
  }

  /// A vertex region's first or last ray, copied from the segment region whose end ray lies
  /// on the same line; nil when there is none.
  func edgeRay(_ r: Region, atEnd: Bool) -> Ray? {
    let twin = atEnd ? r.twinLast : r.twinFirst
    guard twin >= 0 else { return nil }
    let t = regions[Int(twin)]
    guard t.count > 0 else { return nil }
    let fromEnd = atEnd ? r.twinLastAtEnd : r.twinFirstAtEnd
    var x = rays[fromEnd ? t.first + t.count - 1 : t.first]
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
    var c = r.candidateFirst
    while c < r.candidateFirst + r.candidateCount {
      let g = features[Int(candidates[c])]
      c += 1
      if r.isSegment {
        seed(r.axis.dot(g.a - r.origin), r)
        guard g.isSegment else { continue }
        // Near a vertex shared with a segment that turns back almost onto this one, the
        // tie margin gives a zone about tie / sin(angle) long to the lower segment; rays
        // either side of that length find it.
        let f = features[Int(r.feature)]
        if g.b == f.a || g.a == f.b {
          let zone = 2 * tie / max(abs(g.e.cross(f.e)), 1e-7)
          // A zone thinner than the rasteriser's guard band can hide nothing visible.
          guard zone > 1e-3 else { continue }
          let from: Float = g.b == f.a ? 0 : r.end
          let toward: Float = g.b == f.a ? 1 : -1
          seed(from + toward * zone * 0.5, r)
          seed(from + toward * zone * 2, r)
        }
        seed(r.axis.dot(g.b - r.origin), r)
        let sa = r.normal.dot(g.a - r.origin)
        let sb = r.normal.dot(g.b - r.origin)
        if (sa < 0) != (sb < 0), sa != sb {
          let x = g.a + (g.b - g.a) * (sa / (sa - sb))
          seed(r.axis.dot(x - r.origin), r)
        }
      } else {
        var q = g.a
        if g.isSegment {
          let t = min(max(g.e.dot(r.origin - g.a), 0), g.length)
          q = g.a + g.e * t
          seedDirection(g.b - r.origin, r)
          seedDirection(g.a - r.origin, r)
        }
        seedDirection(q - r.origin, r)
      }
    }
    // Insertion sort: a region has few candidates.
    var i = 1
    while i < seeds.count {
      let v = seeds[i]
      var j = i - 1
      while j >= 0, seeds[j] > v {
        seeds[j + 1] = seeds[j]
        j -= 1
      }
      seeds[j + 1] = v
      i += 1
    }
  }

  /// Adds parameter `p` to the seeds when it lies strictly inside `r`'s range.
  @inline(__always)
  mutating func seed(_ p: Float, _ r: Region) {
    if p > 0, p < r.end, p.isFinite { seeds.append(p) }
  }

  /// Adds the parameter of direction `v` from a vertex region's centre.
  @inline(__always)
  mutating func seedDirection(_ v: Point, _ r: Region) {
    guard v.x != 0 || v.y != 0 else { return }
    var a = Math.atan2(r.sign * r.axis.cross(v), r.axis.dot(v))
    if a < 0 { a += 2 * .pi }
    seed(a, r)
  }

  /// How many steps the first rays of `r` take from parameter 0 to its end.
  func initialRayCount(_ r: Region) -> Int {
    if r.isSegment {
      // Breaks at the ramps' inner ends, where the alpha stops changing along the segment.
      if r.rampStart && r.rampEnd && r.end < 2 { return 2 }
      return (r.rampStart ? 1 : 0) + (r.rampEnd ? 1 : 0) + 1
    }
    switch r.profile {
    case .round: return Tolerance.arcSegments(radius: outer, angle: r.end, tolerance: tolerance)
    case .miter: return 2
    case .bevel: return 1
    }
  }

  /// The parameter of the `i`-th of `count` first rays of `r` (the last is its end).
  func initialParam(_ r: Region, _ i: Int, _ count: Int) -> Float {
    if i == count { return r.end }
    if r.isSegment {
      let both = r.rampStart && r.rampEnd
      if both && r.end < 2 { return r.end / 2 }
      if r.rampStart && i == 1 { return min(1, r.end) }
      return max(r.end - 1, 0)
    }
    return r.end * Float(i) / Float(count)
  }

  /// The alpha factor of the butt or square ramps at parameter `u` of a segment region.
  @inline(__always)
  func ramp(_ r: Region, _ u: Float) -> Float {
    var f: Float = 1
    if r.rampStart { f = min(f, u) }
    if r.rampEnd { f = min(f, r.end - u) }
    return min(max(f, 0), 1)
  }
}
