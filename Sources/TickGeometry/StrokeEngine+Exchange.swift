/// Handing boundary points across, so that two regions that share a boundary hold the same
/// points along it, and dropping the rays that add nothing.
extension StrokeEngine {
  // MARK: - Exchange

  /// Exchanges boundary points (`exchange`) until a round's refining finds no new point,
  /// `exchangeRounds` rounds at most: the next round would have nothing fresh to hand over.
  mutating func settleBoundaries() {
    for _ in 0..<Self.exchangeRounds {
      guard exchange() else { return }
    }
  }

  /// Hands every ray another region stopped to that region, merges what each region
  /// received into its rays in order and refines around it: two regions that share a
  /// boundary then hold the same points along it, so their cells end on the same chords.
  /// Returns whether that refining found new points, for another round.
  mutating func exchange() -> Bool {
    handOverFresh()
    guard !pending.isEmpty else { return false }
    defer { pending.removeAll(keepingCapacity: true) }
    pending.sort { ($0.region, $0.ray.param) < ($1.region, $1.ray.param) }
    // Each region that receives points gets a new span at the end of `rays`.
    var (k, found) = (0, false)
    while k < pending.count {
      let refined = mergeReceived(&k)
      found = found || refined
    }
    return found
  }

  /// Queues every fresh ray another region stopped for that region (`handOver`).
  mutating func handOverFresh() {
    // A region without candidates stopped no ray of its own: those it holds from elsewhere
    // (a twin's edge ray, points received) are handed over already.
    for ri in regions.indices where !regions[ri].nearby.isEmpty {
      let isSide = regions[ri].isSide
      for i in regions[ri].span where rays[i].fresh {
        guard let binder = rays[i].binder else { continue }
        // A straight boundary seen by a region with no other neighbour near: its own rays
        // found both ends of it, and there is nothing else to find (the ray stays fresh,
        // never to be handed over).
        let q = regions[Int(binder)]
        if q.nearby.count == 1, q.isSide == isSide { continue }
        rays[i].fresh = false
        handOver(binder, rays[i].point, from: Int32(ri))
      }
    }
  }

  /// Merges the points received for one region, `pending[k...]` while they are its, with
  /// its own rays in parameter order into a new span at the end of `rays`, refining around
  /// each received point; moves `k` past them. Returns whether refining found new points.
  mutating func mergeReceived(_ k: inout Int) -> Bool {
    let ri = Int(pending[k].region)
    let (r, first) = (regions[ri], rays.count)
    // This region's own rays `i..<end` and received ones `k..<kEnd`.
    var (i, end) = (r.span.lowerBound, r.span.upperBound)
    let kEnd = pending[k...].firstIndex { $0.region != Int32(ri) } ?? pending.count
    // The ray taken last, and whether it was received (and so needs refining around).
    var last: Ray?
    var lastReceived = false
    var found = false
    while i < end || k < kEnd {
      var x: Ray
      var received = i == end || k < kEnd && pending[k].ray.param < rays[i].param
      if received {
        (x, k) = (pending[k].ray, k + 1)
        // Within 1e-4 px of a point this region holds, it is that point, found by each side
        // to its own rounding (`close`). (Keeping the lower region's point instead would be
        // exact, but next to a junction of three regions it can lie just past the third
        // boundary.)
        if let l = last, close(l.point, x.point) { continue }
        if i < end, close(rays[i].point, x.point) { continue }
        // Between two rays the same neighbour stops on a straight boundary (two sides, two
        // vertices), it lies on their chord, refined already: nothing new.
        received =
          !(last?.binder == x.binder && i < end && rays[i].binder == x.binder
          && straightBoundary(r, x.binder))
      } else {
        (x, i) = (rays[i], i + 1)
        if let l = last, l.point == x.point, l.param == x.param { continue }
      }
      if let l = last, received || lastReceived {
        let count = rays.count
        refine(r, l, x, depth: 0)
        found = found || rays.count > count
      }
      rays.append(x)
      (last, lastReceived) = (x, received)
    }
    regions[ri].span = first..<rays.count
    return found
  }

  /// Whether two boundary points are within 1e-4 px: one point, found twice.
  @inline(__always)
  func close(_ a: Point, _ b: Point) -> Bool { (a - b).dot(a - b) < Self.samePointSquared }

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
    case .fan(let c, _, _, _, _):
      h = (b - c).length
      if u > r.end {
        // Outside the wedge by rounding only: snap to the nearer edge. Farther out it is
        // not on this region's boundary at all.
        let (past, before) = (u - r.end, 2 * .pi - u)
        guard min(past, before) * h < Self.wedgeSnap * tie else { return }
        u = past < before ? r.end : 0
      }
    }
    guard h > tie else { return }
    u = min(max(u, 0), r.end)
    let d = frame(r, u).direction
    pending.append(
      Received(
        region: q, ray: Ray(param: u, h: h, point: b, direction: d, binder: from, fresh: false)))
  }

  // MARK: - Simplifying

  /// Drops rays that add nothing to a region's shape: one landing within 1e-4 px of the ray
  /// before it (a switch found from both sides of a boundary lands twice; a tie zone at a
  /// corner leaves rays 1e-4 px apart), and a side's ray between two others that all reach
  /// the outer edge (a straight line there). The first and last rays stay: vertex regions
  /// share them. A neighbour that kept a dropped point strays from this region's boundary
  /// by under 1e-4 px (`CoverageRasterizer.guardBand`). A vertex region without candidates
  /// is left alone: its rays lie a chord apart (over 1e-4 px unless the stroke is thinner
  /// than `thinStroke`), and any it received were merged without repeats (`exchange`).
  /// Where no region searched, then, there is nothing to do (`stroke` calls this only where
  /// one did, or for a thin stroke).
  mutating func simplify() {
    for ri in regions.indices where regions[ri].span.count > 2 {
      if outer > Self.thinStroke, regions[ri].nearby.isEmpty, !regions[ri].isSide { continue }
      let r = regions[ri]
      let (first, last) = (r.span.lowerBound, r.span.upperBound - 1)
      // Kept rays are moved down to `n`, the last kept one being `p`.
      var (n, p) = (first + 1, rays[first])
      for i in first + 1...last {
        let x = rays[i]
        if i < last {
          // Between two outer-edge rays of a side, the edge runs straight on.
          let straight =
            r.isSide && p.binder == nil && x.binder == nil && rays[i + 1].binder == nil
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
}
