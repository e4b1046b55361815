/// Handing boundary points across, and writing the cells.
extension StrokeEngine {
  // MARK: - Exchange

  /// Hands every ray that another feature stopped to that feature's region on the other side
  /// of the boundary, then merges what each region received into its rays in order. After
  /// this, two regions that share a boundary hold the same points along it, so their cells
  /// end on the same chords.
  /// Returns whether anything was handed over.
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
        let h = q.isSegment ? q.normal.dot(x.point - q.origin) : (x.point - q.origin).length
        if h > tie { handOver(x.binder, x.point, from: Int32(ri)) }
      }
    }
    guard !pending.isEmpty else { return false }

    // Counting sort by region, then insertion sort by parameter (a region receives few).
    pendingStart.removeAll(keepingCapacity: true)
    for _ in 0...regions.count { pendingStart.append(0) }
    for p in pending { pendingStart[Int(p.region) + 1] += 1 }
    for i in 0..<regions.count { pendingStart[i + 1] += pendingStart[i] }
    sortedPending.removeAll(keepingCapacity: true)
    for p in pending { sortedPending.append(p) }
    var cursor = 0
    for ri in 0..<regions.count {
      // Scatter this region's items into place (stable), then sort them by parameter.
      let lo = pendingStart[ri]
      let hi = pendingStart[ri + 1]
      guard hi > lo else { continue }
      cursor = lo
      for p in pending where Int(p.region) == ri {
        sortedPending[cursor] = p
        cursor += 1
      }
      var i = lo + 1
      while i < hi {
        let item = sortedPending[i]
        var j = i - 1
        while j >= lo, sortedPending[j].ray.param > item.ray.param {
          sortedPending[j + 1] = sortedPending[j]
          j -= 1
        }
        sortedPending[j + 1] = item
        i += 1
      }
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
        if k < kEnd, i >= iEnd || sortedPending[k].ray.param < rays[i].param {
          var x = sortedPending[k].ray
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
      var i = r.first
      while i < stop {
        var x = merged[i]
        x.received = false
        rays.append(x)
        if i + 1 < stop, merged[i].received || merged[i + 1].received {
          refine(r, merged[i], merged[i + 1], depth: 0)
        }
        i += 1
      }
      regions[ri].first = first
      regions[ri].count = rays.count - first
    }
  }

  /// Queues boundary point `b` for region `q`, found by region `from`.
  mutating func handOver(_ q: Int32, _ b: Point, from: Int32) {
    guard q >= 0 else { return }
    let r = regions[Int(q)]
    if r.isSegment {
      let w = b - r.origin
      let u = min(max(r.axis.dot(w), 0), r.end)
      let h = max(r.normal.dot(w), 0)
      pending.append(Pending(region: q, ray: Ray(param: u, h: h, point: b, binder: from)))
      return
    }
    let v = b - r.origin
    var a = Math.atan2(r.sign * r.axis.cross(v), r.axis.dot(v))
    let twoPi = 2 * Float.pi
    if r.closed {
      if a < 0 { a += twoPi }
    } else if a < 0 || a > r.end {
      // Outside the wedge by rounding only: snap to the nearer edge. Farther out it is not
      // on this region's boundary at all.
      let wrapped = a < 0 ? a + twoPi : a
      let past = wrapped - r.end
      let before = twoPi - wrapped
      guard min(past, before) * v.length < 4 * tie else { return }
      a = past < before ? r.end : 0
    }
    pending.append(
      Pending(
        region: q, ray: Ray(param: min(max(a, 0), r.end), h: v.length, point: b, binder: from)))
  }

  // MARK: - Cells

  /// Writes every region's cells: counts first, reserves, then writes.
  mutating func emit(color: Color, into mesh: inout Mesh) {
    var vertexCount = 0
    var indexCount = 0
    for r in regions where r.count >= 2 {
      vertexCount += r.count * (r.isSegment ? 3 : 2) + (r.isSegment ? 0 : 1)
      indexCount += (r.count - 1) * (antialias ? 12 : 6)
    }
    mesh.reserve(vertices: vertexCount, indices: indexCount)
    for r in regions where r.count >= 2 { emitRegion(r, color: color, into: &mesh) }
  }

  /// How far to push out the outer-edge ray `i` of a round vertex region so that the chords
  /// keep the arc's area: `sqrt(θ / sin θ)` for the mean angle θ of its two cells, as
  /// `Radial.emit` does for discs. Only a ray on a free stretch of arc moves: it and both
  /// neighbours reach the outer edge, and nothing else lies within the pushed distance;
  /// otherwise 1.
  func grow(_ r: Region, _ i: Int, _ d: Point) -> Float {
    let x = rays[i]
    guard x.binder < 0, rays[i - 1].binder < 0, rays[i + 1].binder < 0 else { return 1 }
    let theta = (rays[i + 1].param - rays[i - 1].param) / 2
    guard theta > 1e-3 else { return 1 }
    let k = (theta / Math.sin(theta)).squareRoot()
    let reach = cast(r, x.param)
    // The cast stops at the outer edge; test the pushed stretch against every neighbour.
    var c = r.candidateFirst
    let own = features[Int(r.feature)].order
    while c < r.candidateFirst + r.candidateCount {
      let g = features[Int(candidates[c])]
      if Self.exit(g, shift: g.order < own ? tie : -tie, r.origin, d) < k * reach.h { return 1 }
      c += 1
    }
    return k
  }

  /// One region: per ray its origin (segments only: a vertex region has one centre), the
  /// point at the core radius and the point where it stops; per pair of rays a core cell
  /// and a feather cell.
  func emitRegion(_ r: Region, color: Color, into mesh: inout Mesh) {
    let base = UInt32(truncatingIfNeeded: mesh.vertices.count)
    let isPoint = !r.isSegment
    if isPoint { mesh.addVertex(r.origin, color) }
    let ramps = r.rampStart || r.rampEnd
    let last = r.first + r.count - 1
    for i in r.first...last {
      let x = rays[i]
      let (o, d) = frame(r, x.param)
      var s = scale(r, x.param, d)
      if isPoint, case .round = r.profile, i > r.first, i < last {
        s *= grow(r, i, d)
      }
      let cl = s * core
      let ol = s * outer
      let ink = ramps ? color.scaledAlpha(ramp(r, x.param)) : color
      if r.isSegment { mesh.addVertex(o, ink) }
      if s > 1 {
        // An arc ray pushed out to keep the arc's area (see `grow`).
        mesh.addVertex(o + d * cl, ink)
        mesh.addVertex(o + d * ol, ink.scaledAlpha(0))
      } else if x.h <= cl {
        mesh.addVertex(x.point, ink)
        mesh.addVertex(x.point, ink)
      } else {
        mesh.addVertex(o + d * cl, ink)
        mesh.addVertex(x.point, ink.scaledAlpha(ol > cl ? (ol - x.h) / (ol - cl) : 1))
      }
    }
    let perRay: UInt32 = isPoint ? 2 : 3
    let first = base + (isPoint ? 1 : 0)
    for i in 0..<(r.count - 1) {
      let a = first + UInt32(i) * perRay
      let b = a + perRay
      if isPoint {
        if core > 0 { mesh.addOrientedTriangle(base, a, b) }
        if antialias { mesh.addOrientedQuad(a, b, b + 1, a + 1) }
      } else {
        if core > 0 { mesh.addOrientedQuad(a, b, b + 1, a + 1) }
        if antialias { mesh.addOrientedQuad(a + 1, b + 1, b + 2, a + 2) }
      }
    }
  }
}
