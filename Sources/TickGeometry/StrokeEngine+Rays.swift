/// Casting rays: how far each one runs before another feature is nearer.
extension StrokeEngine {
  /// The origin and unit direction of the ray at parameter `p` of region `r`. The first and
  /// last rays use the stored end points and directions exactly, so that a vertex region's
  /// edge ray and its segment's end ray are the same line to the bit.
  @inline(__always)
  func frame(_ r: Region, _ p: Float) -> (origin: Point, direction: Point) {
    switch r.kind {
    case .side(let o, let oEnd, let axis, let normal):
      return (p <= 0 ? o : (p >= r.end ? oEnd : o + axis * p), normal)
    case .fan(let c, let first, let last, let sign, _):
      if p <= 0 { return (c, first) }
      if p >= r.end { return (c, last) }
      let a = sign * p
      return (c, first.rotated(by: Point(Math.cos(a), Math.sin(a))))
    }
  }

  /// The slack in feature `g`'s favour against region `r`'s own: the tie margin, for the
  /// feature lower in path order.
  @inline(__always)
  func slack(_ g: Int32, against r: Region) -> Float { g < r.feature ? tie : -tie }

  /// Casts the ray at parameter `p` of region `r`.
  func cast(_ r: Region, _ p: Float) -> Ray {
    let (o, d) = frame(r, p)
    var best = outer
    var who: Int32 = -1
    for c in r.candidateFirst..<(r.candidateFirst + r.candidateCount) {
      let gi = candidates[c]
      let g = features[Int(gi)]
      let t = Self.exit(g.shape, shift: slack(gi, against: r), o, d)
      if t < best, inWedge(g, o + d * t) {
        best = t
        who = gi
      }
    }
    let point = o + d * best
    guard who >= 0 else { return Ray(param: p, h: best, point: point, binder: -1) }
    // The region, not just the feature, that stops the ray: where a path crosses itself a
    // segment's two sides meet this region on either side of the crossing, along two
    // different lines. A point on the segment's line itself (within the tie margin) counts
    // as its first side, so that rounding cannot flip the binder back and forth along an
    // overlap.
    let g = features[Int(who)]
    var side = g.regions.0
    if case .segment(let a, _, _, let m, _) = g.shape, m.dot(point - a) < 0 { side = g.regions.1 }
    return Ray(param: p, h: best, point: point, binder: side)
  }

  /// Whether `p` lies in the region of feature `g`: always for a segment (its side is
  /// decided afterwards); for a vertex, inside its wedge. Outside it the vertex is never the
  /// nearest point (an adjacent segment is at least as near, and is compared itself), so a
  /// vertex only claims what its own region draws.
  @inline(__always)
  func inWedge(_ g: Feature, _ p: Point) -> Bool {
    guard case .point = g.shape else { return true }
    guard g.regions.0 >= 0,
      case .fan(let c, let first, let last, let sign, let closed) = regions[Int(g.regions.0)].kind
    else { return false }
    if closed { return true }
    let v = p - c
    return sign * first.cross(v) >= 0 && sign * v.cross(last) >= 0
  }

  /// How far along the ray `o + d·t` feature `g` becomes nearer than the ray's own feature
  /// (which is `t` away), with `shift` of slack in `g`'s favour; `.infinity` when never.
  ///
  /// A segment counts only where the foot of the perpendicular falls strictly inside it (its
  /// end points are features of their own). A point `c` is nearer once
  /// `|o + d·t − c| < t + shift`, a linear condition in `t` after squaring.
  @inline(__always)
  static func exit(_ g: Shape, shift: Float, _ o: Point, _ d: Point) -> Float {
    switch g {
    case .point(let c):
      let w = o - c
      let q = shift - d.dot(w)
      let ww = w.dot(w)
      if q <= 0 { return shift > 0 && ww < shift * shift ? 0 : .infinity }
      return max((ww - shift * shift) / (2 * q), max(-shift, 0))
    case .segment(let a, _, let e, let m, let length):
      let w = o - a
      // |f0 + k·t| < t + shift  ⟺  (1 − k)·t > f0 − shift  and  (1 + k)·t > −f0 − shift.
      let f0 = m.dot(w)
      let k = m.dot(d)
      var lower: Float = 0
      if 1 - k > 1e-7 {
        lower = max(lower, (f0 - shift) / (1 - k))
      } else if f0 - shift >= 0 {
        return .infinity
      }
      if 1 + k > 1e-7 {
        lower = max(lower, (-f0 - shift) / (1 + k))
      } else if -f0 - shift >= 0 {
        return .infinity
      }
      // margin < u0 + ku·t < length − margin: the foot inside the segment, by a margin of
      // the tie's size, so that a foot at the segment's very end (a ray along the normal at
      // a shared vertex) cannot fall inside by rounding.
      let margin = abs(shift)
      let u0 = e.dot(w)
      let ku = e.dot(d)
      var upper = Float.infinity
      if abs(ku) > 1e-9 {
        let ta = (margin - u0) / ku
        let tb = (length - margin - u0) / ku
        lower = max(lower, min(ta, tb))
        upper = max(ta, tb)
      } else if !(u0 > margin && u0 < length - margin) {
        return .infinity
      }
      return lower < upper ? lower : .infinity
    }
  }

  // MARK: - Refinement

  /// Appends to `rays`, in order, the rays needed strictly between `a` and `b`: where the
  /// nearer feature changes, where a curved boundary strays from its chord by more than the
  /// tolerance, and where the boundary crosses the core radius.
  mutating func refine(_ r: Region, _ a: Ray, _ b: Ray, depth: Int) {
    // The smallest parameter step worth bisecting.
    let step: Float = r.isSide ? max(r.end, 1) * 2e-7 : 2e-7
    guard depth < 24, b.param - a.param > step, rays.count < rayBudget else { return }
    if a.binder != b.binder {
      // Where the nearer feature changes.
      bisect(r, a, b, depth: depth) {
        $0.binder == a.binder ? true : ($0.binder == b.binder ? false : nil)
      }
      return
    }
    let mid = cast(r, (a.param + b.param) / 2)
    // A boundary that is a parabola (a point against a segment side) and strays from its
    // chord.
    let curved = a.binder >= 0 && r.isSide != regions[Int(a.binder)].isSide
    if mid.binder != a.binder || curved && Self.deviation(mid.point, a.point, b.point) > tolerance {
      split(r, a, mid, b, depth)
      return
    }
    if (a.h < core) != (b.h < core), a.h != core, b.h != core {
      // The boundary crosses the core radius: a ray on each side of the crossing, so that
      // no cell holds both full-alpha core and a cut feather.
      let inside = a.h < core
      let radius = core
      bisect(r, a, b, depth: depth) { $0.binder != a.binder ? nil : ($0.h < radius) == inside }
    }
  }

  /// Bisects between rays `a` and `b` of region `r`, where `isNearA` tells on which side of
  /// the change a ray lies (nil: neither, a third neighbour), to float resolution; then
  /// refines both sides of the pair found, or splits at a ray that showed a third neighbour.
  mutating func bisect(
    _ r: Region, _ a: Ray, _ b: Ray, depth: Int, _ isNearA: (Ray) -> Bool?
  ) {
    let step: Float = r.isSide ? max(r.end, 1) * 2e-7 : 2e-7
    var lo = a
    var hi = b
    var iterations = 0
    while hi.param - lo.param > step, iterations < 40 {
      iterations += 1
      let mid = cast(r, (lo.param + hi.param) / 2)
      guard let nearA = isNearA(mid) else {
        split(r, a, mid, b, depth)
        return
      }
      if nearA { lo = mid } else { hi = mid }
    }
    if lo.param > a.param {
      refine(r, a, lo, depth: depth + 1)
      rays.append(lo)
    }
    if hi.param < b.param {
      rays.append(hi)
      refine(r, hi, b, depth: depth + 1)
    }
  }

  /// Refines both halves about `mid` and appends it between them.
  mutating func split(_ r: Region, _ a: Ray, _ mid: Ray, _ b: Ray, _ depth: Int) {
    refine(r, a, mid, depth: depth + 1)
    rays.append(mid)
    refine(r, mid, b, depth: depth + 1)
  }

  /// The distance from `p` to the line through `a` and `b` (to `a` when they coincide).
  static func deviation(_ p: Point, _ a: Point, _ b: Point) -> Float {
    let ab = b - a
    let l = ab.length
    guard l > 1e-12 else { return (p - a).length }
    return abs(ab.cross(p - a)) / l
  }
}
