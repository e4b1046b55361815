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
      // Quarter turns exactly, the rest (at most π/4) from Taylor series (error about
      // 10⁻⁷): no libm call, no division.
      let a = sign * p
      let q = Int(a * (2 / .pi) + (a < 0 ? -0.5 : 0.5))
      let x = a - Float(q) * (.pi / 2)
      let x2 = x * x
      let sine = x * (1 - x2 * (1 / 6 - x2 * (1 / 120 - x2 * (1 / 5040 - x2 * (1 / 362_880)))))
      let cosine = 1 - x2 * (1 / 2 - x2 * (1 / 24 - x2 * (1 / 720 - x2 * (1 / 40320))))
      var v = first.rotated(by: Point(cosine, sine))
      for _ in 0..<(q & 3) { v = Point(-v.y, v.x) }
      return (c, v)
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
    var nearest: Int32?
    for c in r.nearby {
      let gi = candidates[c]
      let g = features[Int(gi)]
      let t = Self.exit(g.shape, shift: slack(gi, against: r), o, d)
      if t < best, inWedge(g, o + d * t) {
        best = t
        nearest = gi
      }
    }
    let point = o + d * best
    // The region, not just the feature, that stops the ray: a path crossing itself meets
    // this region with both sides of a segment, along two lines.
    let binder = nearest.map { features[Int($0)].region(holding: point, tie: tie) }
    return Ray(param: p, h: best, point: point, direction: d, binder: binder)
  }

  /// Whether `p` lies in the region of feature `g`: always for a segment (its side is
  /// decided afterwards); for a vertex, inside its wedge, outside which an adjacent segment
  /// is at least as near (and compared itself): a vertex claims only what it draws. The
  /// wedge reaches the tie margin past its edges, as a segment's feet stop short of its
  /// ends by it (`exit`): no ray slips between the two.
  @inline(__always)
  func inWedge(_ g: Feature, _ p: Point) -> Bool {
    guard case .point = g.shape else { return true }
    guard
      case .fan(let c, let first, let last, let sign, _) = regions[Int(g.region)].kind
    else { return false }
    let inside = Self.wedgeEdges(p - c, first, last, sign)
    return inside.first >= -tie && inside.last >= -tie
  }

  /// How far `v` (from a vertex) lies inside each edge of the wedge turning by `sign` from
  /// `first` to `last`: negative past that edge.
  @inline(__always)
  static func wedgeEdges(_ v: Point, _ first: Point, _ last: Point, _ sign: Float) -> (
    first: Float, last: Float
  ) {
    (sign * first.cross(v), sign * v.cross(last))
  }

  /// How far along the ray `o + d·t` feature `g` becomes nearer than the ray's own feature
  /// (which is `t` away), with `shift` of slack in `g`'s favour; `.infinity` when never.
  ///
  /// A segment counts only where the foot of the perpendicular falls strictly inside it (its
  /// end points are features of their own). A point `c` is nearer once
  /// `|o + d·t − c| < t + shift`, a linear condition in `t` after squaring.
  @inline(__always)
  static func exit(_ g: Shape, shift: Float, _ o: Point, _ d: Point, whole: Bool = false) -> Float {
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
      if 1 - k > Self.parallelRate {
        lower = max(lower, (f0 - shift) / (1 - k))
      } else if f0 - shift >= 0 {
        return .infinity
      }
      if 1 + k > Self.parallelRate {
        lower = max(lower, (-f0 - shift) / (1 + k))
      } else if -f0 - shift >= 0 {
        return .infinity
      }
      if whole { return lower }
      // margin < u0 + ku·t < length − margin: the foot inside the segment, by a margin of
      // the tie's size, so that a foot at the segment's very end (a ray along the normal at
      // a shared vertex) cannot fall inside by rounding.
      let margin = abs(shift)
      let u0 = e.dot(w)
      let ku = e.dot(d)
      var upper = Float.infinity
      if abs(ku) > Self.stillFoot {
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

  /// Whether feature `g` stops no ray of region `r` (with twice the tie margin in `g`'s
  /// favour) before it has run `largestGrowth` times the outer radius, the most a free arc's
  /// ray is pushed out (`ArcGrowth`). Nothing then needs casting
  /// against it: a join's far end, a cap facing away, a vertex whose wedge a side's cells
  /// never enter.
  @inline(__always)
  func outOfReach(_ g: Int32, _ r: Region) -> Bool {
    let (s, reach) = (2 * tie, Self.largestGrowth * outer)
    let shape = features[Int(g)].shape
    if case .side(let o, _, let axis, let n) = r.kind {
      // A vertex stops a ray only inside its wedge (`inWedge`) and within `reach` of it:
      // none if the side's cells that near it lie wholly past one edge of the wedge.
      guard case .point(let c) = shape,
        case .fan(_, let first, let last, let sign, _) = regions[Int(features[Int(g)].region)].kind
      else { return false }
      let u = axis.dot(c - o)
      let (a, b) = (o + axis * max(u - reach - s, 0), o + axis * min(u + reach + s, r.end))
      func edges(_ x: Point) -> (first: Float, last: Float) {
        Self.wedgeEdges(x - c, first, last, sign)
      }
      // The four corners of those cells.
      let (k, l, m, q) = (edges(a), edges(b), edges(a + n * reach), edges(b + n * reach))
      return max(k.first, l.first, m.first, q.first) < -s
        || max(k.last, l.last, m.last, q.last) < -s
    }
    guard case .fan(let p, let first, let last, let sign, _) = r.kind else { return false }
    // The most `d·v` reaches over the wedge's directions `d`: |v| if v points into it, else
    // at an edge (a wedge turns by at most π).
    func most(_ v: Point) -> Float {
      let inside = Self.wedgeEdges(v, first, last, sign)
      return min(inside.first, inside.last) >= 0 ? v.length : max(first.dot(v), last.dot(v))
    }
    switch shape {
    case .point(let c):
      // Along d, `c` is nearer from t = (|v|² − s²) / 2(s + d·v), v = c − p.
      let v = c - p
      return most(v) <= (v.dot(v) - s * s) / (2 * reach) - s
    case .segment(let a, _, _, let m, _):
      // Its line is nearer once the distance |f| − (n·d)·t to it drops below t + s, n
      // being the normal from p towards the line.
      let f = m.dot(a - p)
      return 1 + most(f < 0 ? m * -1 : m) <= (abs(f) - s) / reach
    }
  }

  // MARK: - Refinement

  /// Appends to `rays`, in order, the rays needed strictly between `a` and `b`: where the
  /// nearer feature changes, where a curved boundary strays from its chord by more than the
  /// tolerance, and where the boundary crosses the core radius.
  mutating func refine(_ r: Region, _ a: Ray, _ b: Ray, depth: Int) {
    guard depth < Self.maximumDepth, b.param - a.param > Self.step(r), rays.count < rayBudget
    else { return }
    guard a.binder == b.binder else { return bracket(r, a, b, depth: depth, level: nil) }
    // With one nearby feature, nothing else can come in between two rays it stops on a
    // straight boundary (two sides, two vertices), nor between two free ones: how far it lets
    // a ray run is convex in the parameter over where its foot lies on it, least towards its
    // nearest point or an end of it, which are seeded where near (`addSeeds`), so it cannot
    // dip under the outer radius between them; but for a segment that turns back almost onto
    // a side from a shared end, whose tie zone there free rays can straddle. A curved
    // boundary (a point against a side) must stay within the tolerance of its chord.
    let straight = straightBoundary(r, a.binder)
    if !straight || r.nearby.count > 1
      || a.binder == nil && r.nearby.count == 1 && tieZone(r, r.nearby.lowerBound) != nil
    {
      let mid = cast(r, (a.param + b.param) / 2)
      let strays = !straight && Self.deviation(mid.point, a.point, b.point) > tolerance
      if mid.binder != a.binder || strays { return split(r, a, mid, b, depth) }
    }
    guard (a.h < core) != (b.h < core), a.h != core, b.h != core else { return }
    // The boundary crosses the core radius: a ray there (or one on each side of it), so
    // that no cell holds both full-alpha core and a cut feather. Between two sides the
    // boundary is a line, its height linear in the foot: one cast where a and b put the
    // crossing, kept if it lands within `coreCrossing` of the core radius, finds it;
    // elsewhere, or if the line bends there (the tie margin, a segment's end), the search
    // does.
    if r.isSide, a.binder != nil, straight {
      let x = cast(r, a.param + (b.param - a.param) * ((core - a.h) / (b.h - a.h)))
      if x.binder == a.binder, abs(x.h - core) < Self.coreCrossing, x.param > a.param,
        x.param < b.param
      {
        return rays.append(x)
      }
    }
    bracket(r, a, b, depth: depth, level: core)
  }

  /// Whether the boundary between region `r` and `binder`, the region stopping a ray, is
  /// straight: both are sides of segments or both vertices (a line), or there is none (two
  /// free rays' outer edge, an arc split to the tolerance already).
  @inline(__always)
  func straightBoundary(_ r: Region, _ binder: Int32?) -> Bool {
    guard let q = binder else { return true }
    return r.isSide == regions[Int(q)].isSide
  }

  /// The smallest parameter step worth telling apart in region `r`.
  @inline(__always)
  static func step(_ r: Region) -> Float { max(r.end, 1) * parameterResolution }

  /// Finds, to float resolution, two rays between `a` and `b` either side of where the
  /// nearer feature changes (`level` nil) or where `a`'s boundary crosses the radius
  /// `level`; then refines both sides of the pair, or splits at a ray that showed a third
  /// neighbour. A boundary's distance along the rays is smooth (linear against a line, a
  /// conic against a point), so secant steps on the two features alone (`estimate`) find
  /// the pair; casts there and a probe past it check it, and bisection takes over where
  /// they disagree (a third feature, a wedge's edge).
  mutating func bracket(_ r: Region, _ a: Ray, _ b: Ray, depth: Int, level: Float?) {
    let step = Self.step(r)
    var (lo, hi) = (a, b)
    // Which side of the change ray `x` lies on: true for a's, nil for neither.
    func nearA(_ x: Ray) -> Bool? {
      if let level { return x.binder != a.binder ? nil : (x.h < level) == (a.h < level) }
      return x.binder == a.binder ? true : (x.binder == b.binder ? false : nil)
    }
    // The estimate, then two probes past it, then plain bisection (a probe that falls
    // outside the pair left gives way to it too).
    var guess: Float? = estimate(r, a, b, level: level, step: step)
    var (probe, iterations) = (Self.firstProbe * step, 0)
    var third: Ray?
    while hi.param - lo.param > step, iterations < Self.maximumBracketSteps {
      iterations += 1
      var p = (lo.param + hi.param) / 2
      if let g = guess, g > lo.param, g < hi.param { p = g }
      let x = cast(r, p)
      guard let isA = nearA(x) else {
        third = x
        break
      }
      if isA { lo = x } else { hi = x }
      guess = guess == nil || iterations > Self.probes ? nil : x.param + (isA ? probe : -probe)
      probe *= Self.probeGrowth
    }
    if lo.param > a.param {
      refine(r, a, lo, depth: depth + 1)
      rays.append(lo)
    }
    // A ray that showed a third neighbour splits the pair left, whose ends are kept.
    if let x = third { split(r, lo, x, hi, depth) }
    if hi.param < b.param {
      rays.append(hi)
      refine(r, hi, b, depth: depth + 1)
    }
  }

  /// Where, between `a` and `b`, the distance of `a`'s boundary meets that of `b`'s (or
  /// `level`): the secant rule with the Illinois variant, on those two features alone.
  func estimate(_ r: Region, _ a: Ray, _ b: Ray, level: Float?, step: Float) -> Float {
    // Where the change is the crossing of a line, the secant runs on the distance across it.
    let line = level == nil ? crossingLine(a.binder, b.binder) : nil
    func gap(_ p: Float) -> Float {
      let (o, d) = frame(r, p)
      if let line { return line.across.dot(o + d * reach(r, line.side, o, d) - line.through) }
      return reach(r, a.binder, o, d) - (level ?? reach(r, b.binder, o, d))
    }
    var (lo, hi) = (a.param, b.param)
    var (flo, fhi) = (gap(lo), gap(hi))
    // No sign change (rounding, a wedge's edge): the change is most likely at the end
    // whose gap is smaller.
    guard flo.isFinite, fhi.isFinite, (flo < 0) != (fhi < 0) else {
      return abs(flo) < abs(fhi) ? lo + Self.firstProbe * step : hi - Self.firstProbe * step
    }
    // Which end was kept last (Illinois: one kept twice running has its value halved).
    var (keptHi, last): (Bool?, Float) = (nil, .infinity)
    for _ in 0..<Self.maximumSecantSteps {
      let p = min(max((lo * fhi - hi * flo) / (fhi - flo), lo), hi)
      // Settled (the casts check it), or bracketed to a step.
      guard hi - lo > step, abs(p - last) > step else { return p }
      last = p
      let fp = gap(p)
      if fp == 0 { return p }
      let keepHi = (fp < 0) == (flo < 0)
      if keepHi { (lo, flo) = (p, fp) } else { (hi, fhi) = (p, fp) }
      if keptHi == keepHi { if keepHi { fhi /= 2 } else { flo /= 2 } }
      keptHi = keepHi
    }
    return (lo + hi) / 2
  }

  /// A line that the boundary point of segment side `side` crosses where the nearer feature
  /// changes: the line through `through` across `across`.
  struct CrossingLine {
    var side: Int32
    var through: Point
    var across: Point
  }

  /// Where the nearer feature changes from region `a`'s to region `b`'s, when that is the
  /// crossing of a line. Two sides of one segment meet where the boundary point crosses the
  /// segment's line; a vertex and a side of a segment that ends there, where it crosses the
  /// segment's end normal moved in by the tie margin (`exit`, `inWedge`): they are equally
  /// near only on the normal, so a secant on their distances finds no sign change. Nil for
  /// other pairs, and where either ray is free.
  func crossingLine(_ a: Int32?, _ b: Int32?) -> CrossingLine? {
    guard var q = a, let b else { return nil }
    var (f, g) = (regions[Int(q)].feature, regions[Int(b)].feature)
    if case .point = features[Int(f)].shape { (q, f, g) = (b, g, f) }
    guard case .segment(let s, _, let e, let m, _) = features[Int(f)].shape else { return nil }
    if f == g { return CrossingLine(side: q, through: s, across: m) }
    let v = features[Int(g)]
    guard case .point(let c) = v.shape, v.joins(f, at: g) else { return nil }
    return CrossingLine(side: q, through: c + e * (c == s ? tie : -tie), across: e)
  }

  /// How far the ray `o + d·t` of region `r` runs before the feature of region `q`, taken
  /// whole (a segment as its line), is nearer: `outer` for none, at most `reachCap` outer
  /// radii.
  @inline(__always)
  func reach(_ r: Region, _ q: Int32?, _ o: Point, _ d: Point) -> Float {
    guard let q else { return outer }
    let g = regions[Int(q)].feature
    return min(
      Self.exit(features[Int(g)].shape, shift: slack(g, against: r), o, d, whole: true),
      Self.reachCap * outer)
  }

  /// Refines both halves about `mid` and appends it between them.
  mutating func split(_ r: Region, _ a: Ray, _ mid: Ray, _ b: Ray, _ depth: Int) {
    refine(r, a, mid, depth: depth + 1)
    rays.append(mid)
    refine(r, mid, b, depth: depth + 1)
  }

  /// The distance from `p` to the line through `a` and `b` (to `a` when they coincide).
  static func deviation(_ p: Point, _ a: Point, _ b: Point) -> Float {
    let l = (b - a).length
    return l > noLength ? abs((b - a).cross(p - a)) / l : (p - a).length
  }
}
