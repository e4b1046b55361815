/// Handing boundary points across, and writing the cells.
extension StrokeEngine {
  // MARK: - Exchange

  /// Hands every ray that another feature stopped to that feature's region on the other side
  /// of the boundary, then merges what each region received into its rays in order. After
  /// this, two regions that share a boundary hold the same points along it, so their cells
  /// end on the same chords. Returns whether anything was handed over.
  mutating func exchange() -> Bool {
    pending.removeAll(keepingCapacity: true)
    for ri in regions.indices {
      let r = regions[ri]
      for i in r.first..<(r.first + r.count) {
        let x = rays[i]
        guard x.fresh, x.binder >= 0 else { continue }
        rays[i].fresh = false
        // A point on the receiving feature itself (within the tie margin: the corner of a
        // join, a crossing) is the origin of that region's rays, not a boundary point to
        // add; its real neighbours on the boundary are found from both sides.
        let q = regions[Int(x.binder)]
        let h: Float
        switch q.kind {
        case .side(let o, _, _, let normal): h = normal.dot(x.point - o)
        case .fan(let c, _, _, _, _): h = (x.point - c).length
        }
        if h > tie { handOver(x.binder, x.point, from: Int32(ri)) }
      }
    }
    guard !pending.isEmpty else { return false }
    // By region, then along it; then where each region's share starts.
    pending.sort { ($0.region, $0.ray.param) < ($1.region, $1.ray.param) }
    pendingStart.removeAll(keepingCapacity: true)
    var k = 0
    for ri in 0...regions.count {
      while k < pending.count, pending[k].region < ri { k += 1 }
      pendingStart.append(k)
    }

    merged.removeAll(keepingCapacity: true)
    for ri in regions.indices {
      let r = regions[ri]
      let first = merged.count
      var i = r.first
      let iEnd = r.first + r.count
      var k = pendingStart[ri]
      let kEnd = pendingStart[ri + 1]
      while i < iEnd || k < kEnd {
        if k < kEnd, i >= iEnd || pending[k].ray.param < rays[i].param {
          var x = pending[k].ray
          x.fresh = false
          x.received = true
          k += 1
          // A point this region already holds (both sides found it) is not added twice.
          if merged.count > first, merged[merged.count - 1].point == x.point { continue }
          if i < iEnd, rays[i].point == x.point { continue }
          merged.append(x)
        } else {
          if merged.count > first, merged[merged.count - 1].point == rays[i].point,
            merged[merged.count - 1].param == rays[i].param
          {
            i += 1
            continue
          }
          merged.append(rays[i])
          i += 1
        }
      }
      regions[ri].first = first
      regions[ri].count = merged.count - first
    }
    swap(&rays, &merged)
    return true
  }

  /// Refines each region between every received ray and its neighbours.
  mutating func refineReceived() {
    swap(&rays, &merged)
    rays.removeAll(keepingCapacity: true)
    for ri in regions.indices {
      let r = regions[ri]
      let first = rays.count
      let stop = r.first + r.count
      for i in r.first..<stop {
        var x = merged[i]
        x.received = false
        rays.append(x)
        if i + 1 < stop, merged[i].received || merged[i + 1].received {
          refine(r, merged[i], merged[i + 1], depth: 0)
        }
      }
      regions[ri].first = first
      regions[ri].count = rays.count - first
    }
  }

  /// Queues boundary point `b` for region `q`, found by region `from`.
  mutating func handOver(_ q: Int32, _ b: Point, from: Int32) {
    let r = regions[Int(q)]
    switch r.kind {
    case .side(let o, _, let axis, let normal):
      let w = b - o
      let u = min(max(axis.dot(w), 0), r.end)
      let h = max(normal.dot(w), 0)
      pending.append(Pending(region: q, ray: Ray(param: u, h: h, point: b, binder: from)))
    case .fan(let c, let first, _, let sign, let closed):
      let v = b - c
      var a = Math.atan2(sign * first.cross(v), first.dot(v))
      let twoPi = 2 * Float.pi
      if closed {
        if a < 0 { a += twoPi }
      } else if a < 0 || a > r.end {
        // Outside the wedge by rounding only: snap to the nearer edge. Farther out it is
        // not on this region's boundary at all.
        let wrapped = a < 0 ? a + twoPi : a
        let past = wrapped - r.end
        let before = twoPi - wrapped
        guard min(past, before) * v.length < 4 * tie else { return }
        a = past < before ? r.end : 0
      }
      pending.append(
        Pending(
          region: q,
          ray: Ray(param: min(max(a, 0), r.end), h: v.length, point: b, binder: from)))
    }
  }

  // MARK: - Simplifying

  /// Drops rays that add nothing to a region's shape: one landing within 1e-4 px of the ray
  /// before it (a switch found from both sides of a boundary lands twice, and a tie zone
  /// at a corner leaves rays a ten-thousandth of a pixel apart), and, on a segment side,
  /// one between two others that all reach the outer edge (the edge is a straight line
  /// there). The first and last rays stay: vertex regions share them. A neighbour that kept
  /// a dropped point differs from this region's boundary by under 1e-4 px, below what
  /// anything can show (`CoverageRasterizer.guardBand`).
  mutating func simplify() {
    swap(&rays, &merged)
    rays.removeAll(keepingCapacity: true)
    for ri in regions.indices {
      let r = regions[ri]
      let first = rays.count
      let stop = r.first + r.count
      for i in r.first..<stop {
        let x = merged[i]
        if rays.count > first, i < stop - 1 {
          let p = rays[rays.count - 1]
          if Self.close(p.point, x.point) { continue }
          // Between two outer-edge rays of a side: the edge runs straight on.
          if r.isSide, p.binder < 0, x.binder < 0, merged[i + 1].binder < 0 { continue }
        } else if i == stop - 1, rays.count > first + 1,
          Self.close(rays[rays.count - 1].point, x.point)
        {
          rays.removeLast()
        }
        rays.append(x)
      }
      regions[ri].first = first
      regions[ri].count = rays.count - first
    }
  }

  /// Whether two boundary points are within 1e-4 px.
  @inline(__always)
  static func close(_ a: Point, _ b: Point) -> Bool {
    let d = a - b
    return d.x * d.x + d.y * d.y < 1e-8
  }

  // MARK: - Cells

  /// Writes every region's cells. A segment's two sides share one run of centre points,
  /// the feet of both sides' rays, so that no edge along the centre line ends in the middle
  /// of another (a T-junction, which a rasteriser can hit twice or miss); a fan's cells
  /// share its centre.
  mutating func emit(color: Color, into mesh: inout Mesh) {
    var ri = 0
    while ri < regions.count {
      let a = regions[ri]
      centre.removeAll(keepingCapacity: true)
      if a.isSide {
        let b = regions[ri + 1]
        var i = a.first
        var k = b.first
        while i < a.first + a.count || k < b.first + b.count {
          let u: Float
          if k >= b.first + b.count || (i < a.first + a.count && rays[i].param <= rays[k].param) {
            u = rays[i].param
            i += 1
          } else {
            u = rays[k].param
            k += 1
          }
          if centre.last?.param != u {
            let v = shared(frame(a, u).origin, color, centre.last?.vertex, &mesh)
            centre.append((u, v))
          }
        }
        if centre.count >= 2 {
          cells(a, color: color, into: &mesh)
          cells(b, color: color, into: &mesh)
        }
        ri += 2
      } else {
        if a.count >= 2 {
          centre.append((0, mesh.addVertex(a.origin + shift, color)))
          cells(a, color: color, into: &mesh)
        }
        ri += 1
      }
    }
  }

  /// Writes region `r`'s cells over the centre points in `centre`. Each ray has a core
  /// and an outer vertex (one where the ray stops inside the core, or without a feather),
  /// shared with the ray before when they coincide (a switch found on both sides of a
  /// boundary lands twice within a millionth of a pixel); a fan's free arc rays are pushed
  /// out (`grow`).
  func cells(_ r: Region, color: Color, into mesh: inout Mesh) {
    guard r.count >= 2 else { return }
    var c = 0
    var previous: (core: UInt32, outer: UInt32, centre: Int)?
    let last = r.first + r.count - 1
    for i in r.first...last {
      let x = rays[i]
      let (o, d) = frame(r, x.param)
      var s: Float = 1
      if r.isSide {
        while centre[c].param < x.param { c += 1 }
      } else if i > r.first, i < last {
        s = grow(r, i, d)
      }
      var corePoint = x.point
      var outerPoint = x.point
      var outerInk = color
      if s > 1 {
        corePoint = o + d * (s * core)
        outerPoint = o + d * (s * outer)
        outerInk = color.scaledAlpha(0)
      } else if x.h > core {
        corePoint = o + d * core
        outerInk = color.scaledAlpha(outer > core ? (outer - x.h) / (outer - core) : 1)
      }
      let p = shared(corePoint, color, previous?.core, &mesh)
      var q = p
      if antialias, outerPoint != corePoint {
        q = shared(outerPoint, outerInk, previous?.outer, &mesh)
      }
      if let (pp, pq, pc) = previous {
        if core > 0, r.isSide {
          // The core cell over every centre point beneath it: a fan from the previous
          // ray's core point (the cell is convex, the centre points collinear).
          for k in pc..<c {
            mesh.addOrientedTriangle(pp, centre[k].vertex, centre[k + 1].vertex)
          }
          mesh.addOrientedTriangle(pp, centre[c].vertex, p)
        } else if core > 0 {
          mesh.addOrientedTriangle(centre[0].vertex, pp, p)
        }
        if antialias { mesh.addOrientedQuad(pp, p, q, pq) }
      }
      previous = (p, q, c)
    }
  }

  /// Vertex `previous` when it is within a millionth of a pixel of `p` with the same colour;
  /// otherwise a new vertex.
  @inline(__always)
  func shared(_ local: Point, _ ink: Color, _ previous: UInt32?, _ mesh: inout Mesh) -> UInt32 {
    let p = local + shift
    if let q = previous {
      let v = mesh.vertices[Int(q)]
      let dx = v.x - p.x
      let dy = v.y - p.y
      if dx * dx + dy * dy <= 1e-12, v.color == ink { return q }
    }
    return mesh.addVertex(p, ink)
  }

  /// How far to push out the outer-edge ray `i` of a vertex region so that the chords keep
  /// the arc's area: `sqrt(θ / sin θ)` for the mean angle θ of its two cells, as
  /// `Radial.emit` does for discs. Only a ray on a free stretch of arc moves: it and both
  /// neighbours reach the outer edge, and nothing else lies within the pushed distance;
  /// otherwise 1.
  func grow(_ r: Region, _ i: Int, _ d: Point) -> Float {
    let x = rays[i]
    guard x.binder < 0, rays[i - 1].binder < 0, rays[i + 1].binder < 0 else { return 1 }
    let theta = (rays[i + 1].param - rays[i - 1].param) / 2
    guard theta > 1e-3 else { return 1 }
    let k = (theta / Math.sin(theta)).squareRoot()
    for c in r.candidateFirst..<(r.candidateFirst + r.candidateCount) {
      let gi = candidates[c]
      if Self.exit(features[Int(gi)].shape, shift: slack(gi, against: r), r.origin, d) < k * x.h {
        return 1
      }
    }
    return k
  }
}
