/// Casting rays: how far each one runs before another feature is nearer.
extension StrokeEngine {
  /// The origin and unit direction of the ray at parameter `p` of region `r`. The first and
  /// last rays use the stored end points and directions exactly, so that a vertex region's
  /// edge ray and its segment's end ray are the same line to the bit.
  @inline(__always)
  func frame(_ r: Region, _ p: Float) -> (origin: Point, direction: Point) {
    if r.isSegment {
      let o = p <= 0 ? r.origin : (p >= r.end ? r.originEnd : r.origin + r.axis * p)
      return (o, r.normal)
    }
    if p <= 0 { return (r.origin, r.axis) }
    if p >= r.end { return (r.origin, r.axisEnd) }
    let a = r.sign * p
    return (r.origin, r.axis.rotated(by: Point(Math.cos(a), Math.sin(a))))
  }

  /// The factor by which the ray with direction `d` at parameter `p` scales the radii: 1 but
  /// for miter and bevel joins, whose outer edges are straight.
  @inline(__always)
  func scale(_ r: Region, _ p: Float, _ d: Point) -> Float {
    switch r.profile {
    case .round:
      return 1
    case .miter(let n0, let n1, let half):
      // Exactly 1 on the edge rays, which the segments' end rays share.
      if p <= 0 || p >= r.end { return 1 }
      return 1 / max(d.dot(p <= half ? n0 : n1), 1e-3)
    case .bevel(let bisector, let cosHalf):
      if p <= 0 || p >= r.end { return 1 }
      return cosHalf / max(d.dot(bisector), 1e-3)
    }
  }

  /// Casts the ray at parameter `p` of region `r`.
  func cast(_ r: Region, _ p: Float) -> Ray {
    let (o, d) = frame(r, p)
    var best = scale(r, p, d) * outer
    var who: Int32 = -1
    let own = features[Int(r.feature)].order
    var c = r.candidateFirst
    let stop = c + r.candidateCount
    while c < stop {
      let gi = candidates[c]
      let g = features[Int(gi)]
      let t = Self.exit(g, shift: g.order < own ? tie : -tie, o, d)
      if t < best, g.isSegment || inWedge(g, o + d * t) {
        best = t
        who = gi
      }
      c += 1
    }
    let point = o + d * best
    guard who >= 0 else { return Ray(param: p, h: best, point: point, binder: -1) }
    // The region, not just the feature, that stops the ray: where a path crosses itself a
    // segment's two sides meet this region on either side of the crossing, along two
    // different lines.
    let g = features[Int(who)]
    // A point on the segment's line itself (within the tie margin) counts as its first
    // side, so that rounding cannot flip the binder back and forth along an overlap.
    let side = g.isSegment && g.m.dot(point - g.a) < 0 ? g.region1 : g.region0
    return Ray(param: p, h: best, point: point, binder: side)
  }

  /// Whether `p` lies in the wedge of vertex feature `g`'s region: outside it the vertex is
  /// never the nearest point (an adjacent segment is at least as near, and is compared
  /// itself), so a vertex only claims what its own region draws.
  @inline(__always)
  func inWedge(_ g: Feature, _ p: Point) -> Bool {
    guard g.region0 >= 0 else { return false }
    let r = regions[Int(g.region0)]
    if r.closed { return true }
    let v = p - r.origin
    return r.sign * r.axis.cross(v) >= 0 && r.sign * v.cross(r.axisEnd) >= 0
  }

  /// How far along the ray `o + d·t` feature `g` becomes nearer than the ray's own feature
  /// (which is `t` away), with `shift` of slack in `g`'s favour; `.infinity` when never.
  ///
  /// A segment counts only where the foot of the perpendicular falls strictly inside it (its
  /// end points are features of their own). A point `c` is nearer once
  /// `|o + d·t − c| < t + shift`, a linear condition in `t` after squaring.
  @inline(__always)
  static func exit(_ g: Feature, shift: Float, _ o: Point, _ d: Point) -> Float {
    let w = o - g.a
    if g.isSegment {
      // |f0 + k·t| < t + shift  ⟺  (1 − k)·t > f0 − shift  and  (1 + k)·t > −f0 − shift.
      let f0 = g.m.dot(w)
      let k = g.m.dot(d)
      var lower: Float = 0
      let c1 = 1 - k
      let r1 = f0 - shift
      if c1 > 1e-7 {
        lower = max(lower, r1 / c1)
      } else if r1 >= 0 {
        return .infinity
      }
      let c2 = 1 + k
      let r2 = -f0 - shift
      if c2 > 1e-7 {
        lower = max(lower, r2 / c2)
      } else if r2 >= 0 {
        return .infinity
      }
      // m < u0 + ku·t < length − m: the foot inside the segment, by a margin `m` of the
      // tie's size, so that a foot at the segment's very end (a ray along the normal at a
      // shared vertex) cannot fall inside by rounding.
      let margin = abs(shift)
      let u0 = g.e.dot(w)
      let ku = g.e.dot(d)
      var upper = Float.infinity
      if abs(ku) > 1e-9 {
        let ta = (margin - u0) / ku
        let tb = (g.length - margin - u0) / ku
        lower = max(lower, min(ta, tb))
        upper = max(ta, tb)
      } else if !(u0 > margin && u0 < g.length - margin) {
        return .infinity
      }
      return lower < upper ? lower : .infinity
    }
    let q = shift - d.dot(w)
    let ww = w.dot(w)
    if q <= 0 { return shift > 0 && ww < shift * shift ? 0 : .infinity }
    return max((ww - shift * shift) / (2 * q), max(-shift, 0))
  }

  // MARK: - Refinement

  /// The smallest parameter step worth bisecting, for region `r`.
  @inline(__always)
  func minimumStep(_ r: Region) -> Float {
    r.isSegment ? max(r.end, 1) * 2e-7 : 2e-7
  }

  /// Whether the boundary between region `r` and region `q` is curved (a parabola: one is
  /// a point, the other a segment side).
  @inline(__always)
  func isCurved(_ r: Region, _ q: Int32) -> Bool {
    q >= 0 && r.isSegment != regions[Int(q)].isSegment
  }

  /// Appends to `rays`, in order, the rays needed strictly between `a` and `b`: where the
  /// nearer feature changes, where a curved boundary strays from its chord by more than the
  /// tolerance, and where the boundary crosses the core radius.
  mutating func refine(_ r: Region, _ a: Ray, _ b: Ray, depth: Int) {
    let step = minimumStep(r)
    guard depth < 24, b.param - a.param > step, rays.count < rayBudget else { return }
    if a.binder != b.binder {
      var lo = a
      var hi = b
      var iterations = 0
      while hi.param - lo.param > step, iterations < 40 {
        iterations += 1
        let mid = cast(r, (lo.param + hi.param) / 2)
        if mid.binder == lo.binder {
          lo = mid
        } else if mid.binder == hi.binder {
          hi = mid
        } else {
          split(r, a, mid, b, depth)
          return
        }
      }
      if lo.param > a.param {
        refine(r, a, lo, depth: depth + 1)
        rays.append(lo)
      }
      if hi.param < b.param {
        rays.append(hi)
        refine(r, hi, b, depth: depth + 1)
      }
      return
    }
    let mid = cast(r, (a.param + b.param) / 2)
    if mid.binder != a.binder {
      split(r, a, mid, b, depth)
      return
    }
    if isCurved(r, a.binder), Self.deviation(mid.point, a.point, b.point) > tolerance {
      split(r, a, mid, b, depth)
      return
    }
    let ga = a.h - coreLimit(r, a)
    let gb = b.h - coreLimit(r, b)
    if (ga < 0 && gb > 0) || (ga > 0 && gb < 0) {
      // The boundary crosses the core radius: put a ray on each side of the crossing so
      // that no cell holds both full-alpha core and a cut feather.
      var lo = a
      var hi = b
      var iterations = 0
      while hi.param - lo.param > step, iterations < 40 {
        iterations += 1
        let m = cast(r, (lo.param + hi.param) / 2)
        let gm = m.h - coreLimit(r, m)
        if m.binder != a.binder {
          split(r, a, m, b, depth)
          return
        }
        if (gm < 0) == (ga < 0) { lo = m } else { hi = m }
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
  }

  /// Refines both halves about `mid` and appends it between them.
  mutating func split(_ r: Region, _ a: Ray, _ mid: Ray, _ b: Ray, _ depth: Int) {
    refine(r, a, mid, depth: depth + 1)
    rays.append(mid)
    refine(r, mid, b, depth: depth + 1)
  }

  /// The core radius along ray `x` of region `r`.
  @inline(__always)
  func coreLimit(_ r: Region, _ x: Ray) -> Float {
    let (_, d) = frame(r, x.param)
    return scale(r, x.param, d) * core
  }

  /// The distance from `p` to the line through `a` and `b` (to `a` when they coincide).
  static func deviation(_ p: Point, _ a: Point, _ b: Point) -> Float {
    let ab = b - a
    let l = ab.length
    guard l > 1e-12 else { return (p - a).length }
    return abs(ab.cross(p - a)) / l
  }
}
