/// Handing boundary points across, and writing the cells.
extension StrokeEngine {
  // MARK: - Exchange

  /// Hands every ray another feature stopped to that feature's region across the boundary,
  /// merges what each region received into its rays in order and refines around it: two
  /// regions that share a boundary then hold the same points along it, so their cells end
  /// on the same chords. Returns whether that refining found new points, for another round.
  mutating func exchange() -> Bool {
    // A region without candidates stopped no ray of its own: those it holds from elsewhere
    // (a twin's edge ray, points received) are handed over already.
    for ri in regions.indices where !regions[ri].nearby.isEmpty {
      let isSide = regions[ri].isSide
      for i in regions[ri].span where rays[i].fresh && rays[i].binder >= 0 {
        // A straight boundary seen by a region with no other neighbour near: its own rays
        // found both ends of it, and there is nothing else to find (the ray stays fresh,
        // never to be handed over).
        let q = regions[Int(rays[i].binder)]
        if q.nearby.count == 1, q.isSide == isSide { continue }
        rays[i].fresh = false
        handOver(rays[i].binder, rays[i].point, from: Int32(ri))
      }
    }
    guard !pending.isEmpty else { return false }
    defer { pending.removeAll(keepingCapacity: true) }
    pending.sort { ($0.region, $0.ray.param) < ($1.region, $1.ray.param) }
    // Each region that receives points gets a new span at the end of `rays`.
    var (k, found) = (0, false)
    while k < pending.count {
      let ri = Int(pending[k].region)
      let (r, first) = (regions[ri], rays.count)
      // This region's own rays `i..<end` and received ones `k..<kEnd`.
      var (i, end) = (r.span.lowerBound, r.span.upperBound)
      let kEnd = pending[k...].firstIndex { $0.region != Int32(ri) } ?? pending.count
      // The ray taken last, and whether it still needs refining around.
      var last: (ray: Ray, received: Bool)?
      while i < end || k < kEnd {
        var x: Ray
        var received = i == end || k < kEnd && pending[k].ray.param < rays[i].param
        if received {
          (x, k) = (pending[k].ray, k + 1)
          // Within 1e-4 px of a point this region holds, it is that point, found by each
          // side to its own rounding: the boundaries differ by under 1e-4 px there, as
          // after `simplify`. (Keeping the lower region's point instead would be exact, but
          // next to a junction of three regions it can lie just past the third boundary.)
          if let l = last?.ray, close(l.point, x.point) { continue }
          if i < end, close(rays[i].point, x.point) { continue }
          // Between two rays the same neighbour stops on a straight boundary (two sides,
          // two vertices), it lies on their chord, refined already: nothing new.
          received =
            !(last?.ray.binder == x.binder && i < end && rays[i].binder == x.binder
            && r.isSide == regions[Int(x.binder)].isSide)
        } else {
          (x, i) = (rays[i], i + 1)
          if let l = last?.ray, l.point == x.point, l.param == x.param { continue }
        }
        if let (l, lReceived) = last, received || lReceived {
          let count = rays.count
          refine(r, l, x, depth: 0)
          found = found || rays.count > count
        }
        rays.append(x)
        last = (x, received)
      }
      regions[ri].span = first..<rays.count
    }
    return found
  }

  /// Whether two boundary points are within 1e-4 px: one point, found twice.
  @inline(__always)
  func close(_ a: Point, _ b: Point) -> Bool { (a - b).dot(a - b) < 1e-8 }

  /// Queues boundary point `b` for region `q`, found by region `from`, unless it lies on
  /// `q`'s feature itself (within the tie margin: the corner of a join, a crossing): that
  /// is the origin of `q`'s rays, not a boundary point, and its real neighbours on the
  /// boundary are found from both sides.
  mutating func handOver(_ q: Int32, _ b: Point, from: Int32) {
    let r = regions[Int(q)]
    var u = param(r, b)
    let h: Float
    switch r.kind {
    case .side(let o, _, _, let normal): h = normal.dot(b - o)
    case .fan(let c, _, _, _):
      h = (b - c).length
      if u > r.end {
        // Outside the wedge by rounding only: snap to the nearer edge. Farther out it is
        // not on this region's boundary at all.
        let (past, before) = (u - r.end, 2 * .pi - u)
        guard min(past, before) * h < 4 * tie else { return }
        u = past < before ? r.end : 0
      }
    }
    guard h > tie else { return }
    u = min(max(u, 0), r.end)
    let d = frame(r, u).direction
    pending.append((q, Ray(param: u, h: h, point: b, direction: d, binder: from, fresh: false)))
  }

  // MARK: - Simplifying

  /// Drops rays that add nothing to a region's shape: one landing within 1e-4 px of the ray
  /// before it (a switch found from both sides of a boundary lands twice; a tie zone at a
  /// corner leaves rays 1e-4 px apart), and a side's ray between two others that all reach
  /// the outer edge (a straight line there). The first and last rays stay: vertex regions
  /// share them. A neighbour that kept a dropped point strays from this region's boundary
  /// by under 1e-4 px (`CoverageRasterizer.guardBand`). A vertex region without candidates
  /// is left alone: its rays lie a chord apart (over 1e-4 px unless the stroke is
  /// narrower than 1e-3 px), and any it received were merged without repeats (`exchange`).
  /// Without candidates, then, there is nothing to do: every side has only its two rays.
  mutating func simplify() {
    guard !candidates.isEmpty || outer <= 1e-3 else { return }
    for ri in regions.indices where regions[ri].span.count > 2 {
      if outer > 1e-3, regions[ri].nearby.isEmpty, !regions[ri].isSide { continue }
      let r = regions[ri]
      let (first, last) = (r.span.lowerBound, r.span.upperBound - 1)
      // Kept rays are moved down to `n`, the last kept one being `p`.
      var (n, p) = (first + 1, rays[first])
      for i in first + 1...last {
        let x = rays[i]
        if i < last {
          // Between two outer-edge rays of a side, the edge runs straight on.
          let straight = r.isSide && p.binder < 0 && x.binder < 0 && rays[i + 1].binder < 0
          if straight || close(p.point, x.point) { continue }
        } else if n > first + 1, close(p.point, x.point) {
          n -= 1
        }
        if n != i { rays[n] = x }
        (n, p) = (n + 1, x)
      }
      if n <= last { regions[ri].span = first..<n }
    }
  }

  // MARK: - Cells

  /// Writes every region's cells. A segment's two sides share one run of centre points,
  /// the feet of both sides' rays, so that no edge along the centre line ends in the middle
  /// of another (a T-junction, which a rasteriser can hit twice or miss); a fan's cells
  /// share its centre.
  ///
  /// Everything goes through one `MeshWriter`, with room made for the most the rays can
  /// need: per ray two vertices and a centre point, per cell a fan over its centre points
  /// and a feather quad.
  mutating func emit(color: Color, into mesh: inout Mesh) {
    var rayCount = 0
    for ri in regions.indices { rayCount += regions[ri].span.count }
    let clear = color.scaledAlpha(0)
    var w = mesh.writer(
      vertices: 3 * rayCount + features.count, indices: 3 * (5 * rayCount + features.count))
    for fi in features.indices {
      let f = features[fi]
      let a = regions[Int(f.regions.0)]
      centre.removeAll(keepingCapacity: true)
      guard f.regions.1 >= 0 else {
        guard a.span.count >= 2 else { continue }
        centre.append((0, w.vertex(frame(a, 0).origin + shift, color)))
        cells(a, color: color, clear: clear, into: &w)
        continue
      }
      let b = regions[Int(f.regions.1)]
      // The feet of both sides' rays, in order (each side's are already).
      var (i, j) = (a.span.lowerBound, b.span.lowerBound)
      while i < a.span.upperBound || j < b.span.upperBound {
        let u: Float
        if j == b.span.upperBound || i < a.span.upperBound && rays[i].param <= rays[j].param {
          u = rays[i].param
          i += 1
        } else {
          u = rays[j].param
          j += 1
        }
        if centre.last?.param == u { continue }
        centre.append((u, shared(frame(a, u).origin, color, centre.last?.vertex, &w)))
      }
      guard centre.count >= 2 else { continue }
      cells(a, color: color, clear: clear, into: &w)
      cells(b, color: color, clear: clear, into: &w)
    }
    mesh.commit(w)
  }

  /// Writes region `r`'s cells over the centre points in `centre`. Each ray has a core
  /// and an outer vertex (one where the ray stops inside the core, or without a feather),
  /// shared with the ray before when they coincide (a switch found on both sides of a
  /// boundary lands twice within a millionth of a pixel); a fan's free arc rays are pushed
  /// out (`grow`).
  mutating func cells(_ r: Region, color: Color, clear: Color, into w: inout MeshWriter) {
    guard r.span.count >= 2 else { return }
    if case .fan(let c, _, _, let sign) = r.kind, r.nearby.isEmpty,
      freeFan(r, c, sign, color: color, clear: clear, into: &w)
    {
      return
    }
    let isSide = r.isSide
    var c = 0
    var previous: (core: UInt32, outer: UInt32, centre: Int)?
    for i in r.span {
      let x = rays[i]
      let (o, d) = (frame(r, isSide ? x.param : 0).origin, x.direction)
      while isSide, centre[c].param < x.param { c += 1 }
      let s = isSide ? 1 : grow(r, i, o, d)
      var (corePoint, outerPoint, outerInk) = (x.point, x.point, color)
      if s > 1 {
        corePoint = o + d * (s * core)
        outerPoint = o + d * (s * outer)
        outerInk = clear
      } else if x.h > core {
        corePoint = o + d * core
        // Most rays reach the outer edge, where the feather is clear.
        outerInk =
          outer <= core
          ? color
          : x.h >= outer ? clear : color.scaledAlpha((outer - x.h) / (outer - core))
      }
      let p = shared(corePoint, color, previous?.core, &w)
      let q =
        antialias && outerPoint != corePoint
        ? shared(outerPoint, outerInk, previous?.outer, &w) : p
      if let (pp, pq, pc) = previous {
        // The core cell: a fan from the previous ray's core point over every centre point
        // beneath it (the cell is convex; a side's centre points are collinear).
        if core > 0 {
          for k in pc..<c {
            w.orientedTriangle(pp, centre[k].vertex, centre[k + 1].vertex)
          }
          w.orientedTriangle(pp, centre[c].vertex, p)
        }
        if antialias {
          w.orientedTriangle(pp, p, q)
          w.orientedTriangle(pp, q, pq)
        }
      }
      previous = (p, q, c)
    }
  }

  /// Writes the cells of vertex region `r` (centre `c`, turning by `sign`) when nothing can
  /// stop its rays (no candidate) and none was stopped; returns false, having written
  /// nothing, otherwise. The vertices and triangles are those of the loop in `cells`, in the
  /// same order, without its checks: no two rays share a point, every triangle has area
  /// (else `cells` checks each, as `Radial.emit` does), and the winding follows from `sign`.
  mutating func freeFan(
    _ r: Region, _ c: Point, _ sign: Float, color: Color, clear: Color,
    into w: inout MeshWriter
  ) -> Bool {
    let (first, last) = (r.span.lowerBound, r.span.upperBound - 1)
    // Twice the smallest triangle's area is at least core · thin · sin of the least angle:
    // the rays are spaced evenly (to rounding), so half the first step's sine bounds it.
    for i in r.span where rays[i].binder >= 0 { return false }
    let sine = abs(rays[first].direction.cross(rays[first + 1].direction)) / 2
    let thin = antialias ? min(core, outer - core) : core
    guard core * thin * sine > 8 * Mesh.minimumDoubleArea else { return false }
    let centre = self.centre[0].vertex
    var (pp, pq): (UInt32, UInt32) = (0, 0)
    for i in r.span {
      let x = rays[i]
      // The free arc's rays are pushed out (`grow`); the edge rays are not.
      var s: Float = 1
      if i > first, i < last {
        let theta = (rays[i + 1].param - rays[i - 1].param) / 2
        if theta > 1e-3 { s = growth(theta) }
      }
      let d = x.direction
      let corePoint = s > 1 || antialias ? c + d * (s * core) : x.point
      let p = w.vertex(corePoint + shift, color)
      let q = antialias ? w.vertex((s > 1 ? c + d * (s * outer) : x.point) + shift, clear) : p
      if i > first {
        if sign > 0 {
          w.triangle(pp, p, centre)
          if antialias {
            w.triangle(pp, q, p)
            w.triangle(pp, pq, q)
          }
        } else {
          w.triangle(pp, centre, p)
          if antialias { w.quad(pp, p, q, pq) }
        }
      }
      (pp, pq) = (p, q)
    }
    return true
  }

  /// The factor `sqrt(θ / sin θ)` by which `grow` pushes out a free arc's ray; worked out
  /// once per spacing, since a free arc's rays are spaced evenly (to rounding, which moves
  /// the factor by under 10⁻⁶).
  mutating func growth(_ theta: Float) -> Float {
    if abs(theta - grown.theta) > 1e-6 * theta {
      grown = (theta, (theta / Math.sin(theta)).squareRoot())
    }
    return grown.k
  }

  /// Vertex `previous` when it is within a millionth of a pixel of `p` with the same colour;
  /// otherwise a new vertex.
  @inline(__always)
  func shared(_ local: Point, _ ink: Color, _ previous: UInt32?, _ w: inout MeshWriter) -> UInt32 {
    let p = local + shift
    if let q = previous {
      let v = w[q]
      if (v.position - p).dot(v.position - p) <= 1e-12, v.color == ink { return q }
    }
    return w.vertex(p, ink)
  }

  /// How far to push out the outer-edge ray `i` of a vertex region so that the chords keep
  /// the arc's area: `sqrt(θ / sin θ)` for the mean angle θ of its two cells, as
  /// `Radial.emit` does for discs. Only a ray on a free stretch of arc moves: it and both
  /// neighbours reach the outer edge, and nothing else lies within the pushed distance;
  /// otherwise 1.
  mutating func grow(_ r: Region, _ i: Int, _ o: Point, _ d: Point) -> Float {
    let x = rays[i]
    guard i > r.span.lowerBound, i < r.span.upperBound - 1, x.binder < 0,
      rays[i - 1].binder < 0, rays[i + 1].binder < 0
    else { return 1 }
    let theta = (rays[i + 1].param - rays[i - 1].param) / 2
    guard theta > 1e-3 else { return 1 }
    let k = growth(theta)
    for c in r.nearby {
      let gi = candidates[c]
      if Self.exit(features[Int(gi)].shape, shift: slack(gi, against: r), o, d) < k * x.h {
        return 1
      }
    }
    return k
  }
}
