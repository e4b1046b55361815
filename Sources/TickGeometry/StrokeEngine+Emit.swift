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
  /// Where no region searched, then, there is nothing to do (`stroke` calls this only where
  /// one did, or for a stroke under 1e-3 px).
  mutating func simplify() {
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
  /// need (every region's lie in `rays`, apart): per ray two vertices and a centre point,
  /// per cell a fan over its centre points and a feather quad. The centre points are taken
  /// out of `self`, to be written by pointer.
  mutating func emit(color: Color, into mesh: inout Mesh) {
    var w = mesh.writer(
      vertices: 3 * rays.count + features.count, indices: 3 * (5 * rays.count + features.count))
    var (centre, grown) = ([(param: Float, vertex: UInt32)](), self.grown)
    swap(&centre, &self.centre)
    if centre.count < rays.count { centre = Array(repeating: (0, 0), count: 2 * rays.count) }
    writeCells(color, &centre, &grown, into: &w)
    swap(&centre, &self.centre)
    self.grown = grown
    mesh.commit(w)
  }

  /// `emit` by pointer into `rays` and `centre`, from a method that leaves `self` alone (its
  /// closures then borrow `self` instead of copying it). `slop` is how far a written vertex
  /// can stray from its exact place: a few float steps of the largest coordinate (`tie` is a
  /// millionth of the stroke's own extent). The cells' longest edge is at most a side's
  /// length and the outer radius, or twice a fan's pushed-out outer radius: from it, the
  /// least width and twice the least area that need no check (what rounding can take, and
  /// the least that `orientedTriangle` keeps). A fan's edge rays lie on its twins' end rays
  /// and its centre is their foot: those vertices are written once, by the region first in
  /// path order, and kept by ray in `ends`.
  func writeCells(
    _ color: Color, _ centre: inout [(param: Float, vertex: UInt32)],
    _ grown: inout (theta: Float, k: Float), into w: inout MeshWriter
  ) {
    let slop = (max(abs(shift.x), abs(shift.y)) + tie * 1e6) * 0x1p-19
    let ink = (color.packed, color.packed & 0xff_ffff)
    func bound(_ reach: Float) -> (wide: Float, area: Float) {
      (slop + 1e-5, 8 * Mesh.minimumDoubleArea + reach * (slop + reach * 0x1p-20))
    }
    // The centre point last written exactly at a vertex of the path, and its vertex.
    var joint = (point: Point(.nan, .nan), vertex: UInt32(0))
    withUnsafeTemporaryAllocation(of: (UInt32, UInt32).self, capacity: rays.count) { buffer in
      // Every entry starts as not written (a region skipped leaves its own so).
      let ends = buffer.baseAddress!
      ends.initialize(repeating: (.max, .max), count: rays.count)
      centre.withUnsafeMutableBufferPointer { feet in
        rays.withUnsafeBufferPointer { rays in
          for fi in features.indices {
            let (a, b) = (Int(features[fi].regions.0), Int(features[fi].regions.1))
            switch features[fi].shape {
            case .point(let c):
              guard regions[a].span.count >= 2, case .fan(_, _, _, let sign) = regions[a].kind
              else { continue }
              feet[0] = (0, Self.same(c, joint.point) ? joint.vertex : w.vertex(c + shift, color))
              joint = (c, feet[0].vertex)
              // Its first ray is its first twin's last, written already but at a start.
              let t = Int(regions[a].twins.0)
              let from = t < a ? regions[t].span.upperBound - 1 : -1
              cells(
                a, rays, feet, c, c, .zero, sign < 0, ink, bound(3 * outer), from, ends, No.self,
                &grown, into: &w)
            case .segment(let o, let end, let e, let m, let length):
              // The feet of both sides' rays in order (each side's are already), each once; the
              // first rays' is `o`, at u = 0.
              feet[0] = (0, Self.same(o, joint.point) ? joint.vertex : w.vertex(o + shift, color))
              var (i, j, last, n) = (
                regions[a].span.lowerBound + 1, regions[b].span.lowerBound + 1, Float(0), 1
              )
              let (iEnd, jEnd) = (regions[a].span.upperBound, regions[b].span.upperBound)
              while i < iEnd || j < jEnd {
                let fromA = j == jEnd || i < iEnd && rays[i].param <= rays[j].param
                let u = rays[fromA ? i : j].param
                if fromA { i += 1 } else { j += 1 }
                if u == last { continue }
                let p = (u <= 0 ? o : u >= length ? end : o + e * u) + shift
                // Feet further apart cannot round to one point.
                let near = u - last <= slop + 1e-5
                feet[n] = (
                  u, near ? Self.shared(p, ink.0, feet[n - 1].vertex, &w) : w.vertex(p, color)
                )
                (last, n) = (u, n + 1)
              }
              guard n >= 2 else { continue }
              // (Not if `shared` merged the last foot with the one before.)
              let exact = feet[n - 1].vertex != feet[n - 2].vertex
              joint = (exact ? end : Point(.nan, .nan), feet[n - 1].vertex)
              // A fan at its start is the region before: its edge rays are its twins' first.
              var from = (-1, -1)
              if !regions[a - 1].isSide {
                let (t, span) = (regions[a - 1].twins, regions[a - 1].span)
                from.0 = t.1 == a ? span.upperBound - 1 : -1
                from.1 = t.1 == b ? span.upperBound - 1 : t.0 == b ? span.lowerBound : -1
              }
              let (r, positive) = (bound(length + outer), e.cross(m) > 0)
              cells(
                a, rays, feet, o, end, e, positive, ink, r, from.0, ends, Yes.self, &grown, into: &w
              )
              cells(
                b, rays, feet, o, end, e, !positive, ink, r, from.1, ends, Yes.self, &grown,
                into: &w)
            }
          }
        }
      }
    }
  }

  /// A flag known at compile time: each copy of `cells` is without the tests it settles.
  protocol Flag { static var on: Bool { get } }
  enum Yes: Flag { static var on: Bool { true } }
  enum No: Flag { static var on: Bool { false } }

  /// Writes the cells of region `ri`, a `Side` or a fan, whose rays start at `o` (a side's
  /// run from `o` to `end` along `axis`). Each ray has a core and an outer vertex (one where
  /// the ray stops inside the core, or without a feather); a fan's free arc rays are pushed
  /// out (`grow`).
  ///
  /// Every cell turns the region's way (`positive`: a side's from its axis to its normal, a
  /// fan's against its `sign`), and each of its triangles has twice the area of the cell's
  /// width (the least step between its centre points, or the core radius times the sine
  /// between a fan's rays) times a height (a core radius, or a feather's depth). Where that
  /// is over `bound` the triangles are written as they are. Elsewhere rays nearly coincide
  /// or a point meets the centre: the triangles are checked (`oriented`), and a vertex
  /// within a millionth of a pixel of the ray before's with the same colour is shared
  /// (`shared`: a switch found on both sides of a boundary lands twice).
  func cells<Side: Flag>(
    _ ri: Int, _ rays: UnsafeBufferPointer<Ray>,
    _ centre: UnsafeMutableBufferPointer<(param: Float, vertex: UInt32)>, _ o: Point,
    _ end: Point, _ axis: Point, _ positive: Bool, _ ink: (UInt32, UInt32),
    _ bound: (wide: Float, area: Float), _ from: Int,
    _ ends: UnsafeMutablePointer<(UInt32, UInt32)>,
    _: Side.Type, _ grown: inout (theta: Float, k: Float), into w: inout MeshWriter
  ) {
    let (side, span, length) = (Side.on, regions[ri].span, regions[ri].end)
    guard span.count >= 2 else { return }
    let (first, last, lonely) = (span.lowerBound, span.upperBound - 1, regions[ri].nearby.isEmpty)
    // The previous ray: its vertices, centre point, core radius, feather depth (infinite
    // without one) and direction.
    var (pp, pq, pc, ph, pDepth, pd) = (UInt32(0), UInt32(0), 0, Float(0), Float(0), o)
    var (c, start, exact) = (0, first, true)
    // The first ray is on the line of an end ray written before, `from` (-1: none): where
    // that is the same ray to the bit, written as computed, its vertices are taken and the
    // loop starts after it. This region's go to `ends` (.max where `shared` may move them).
    if from >= 0, ends[from].0 != .max, rays[from].h == rays[first].h,
      Self.same(rays[from].point, rays[first].point),
      Self.same(rays[from].direction, rays[first].direction)
    {
      let x = rays[first]
      (pp, pq, ph, pd, start) = (ends[from].0, ends[from].1, min(x.h, core), x.direction, first + 1)
      pDepth = pp != pq ? x.h - core : .infinity
    }
    for i in start..<span.upperBound {
      let x = rays[i]
      let (d, u) = (x.direction, x.param)
      var (foot, step, s) = (o, Float.infinity, Float(1))
      if side {
        foot = u <= 0 ? o : u >= length ? end : o + axis * u
        // The least step between the centre points beneath this cell.
        while centre[c].param < u {
          step = min(step, centre[c + 1].param - centre[c].param)
          c += 1
        }
      } else if i > first, i < last {
        s = grow(rays, ri, i, d, lonely, &grown)
      }
      var (h, corePoint, outerPoint, outerInk) = (min(x.h, core), x.point, x.point, ink.0)
      var (depth, feather) = (Float.infinity, false)
      if s > 1 {
        (h, depth) = (s * core, s * (outer - core))
        corePoint = foot + d * h
        outerPoint = foot + d * (s * outer)
        (outerInk, feather) = (ink.1, antialias && outerPoint != corePoint)
      } else if x.h > core {
        corePoint = foot + d * core
        // Most rays reach the outer edge, where the feather is clear.
        outerInk =
          outer <= core
          ? ink.0
          : x.h >= outer
            ? ink.1 : Color(packed: ink.0).scaledAlpha((outer - x.h) / (outer - core)).packed
        (depth, feather) = (x.h - core, antialias && outerPoint != corePoint)
      }
      if !feather { depth = .infinity }
      let low = min(ph, h)
      // (A side's ray on the same foot as the one before leaves the cell no width.)
      let wide = side ? (c > pc ? step : 0) : low * abs(pd.cross(d))
      let checked = i > first && !(wide > bound.wide && wide * min(low, pDepth, depth) > bound.area)
      exact = !checked
      let p = vertex(corePoint + shift, ink.0, pp, checked, &w)
      let q = feather ? vertex(outerPoint + shift, outerInk, pq, checked, &w) : p
      if i > first {
        // The core cell: a fan from the previous ray's core point over every centre point
        // beneath it (the cell is convex; a side's centre points are collinear).
        if core > 0 {
          for k in pc..<c {
            triangle(pp, centre[k].vertex, centre[k + 1].vertex, positive, checked, &w)
          }
          triangle(pp, centre[c].vertex, p, positive, checked, &w)
        }
        if feather { triangle(pp, p, q, positive, checked, &w) }
        if pDepth < .infinity { triangle(pp, q, pq, positive, checked, &w) }
      } else if !side {
        ends[first] = (p, q)
      }
      (pp, pq, pc, ph, pDepth, pd) = (p, q, c, h, depth, d)
    }
    ends[last] = exact ? (pp, pq) : (.max, .max)
  }

  /// Whether two points are the same to the bit.
  @inline(__always)
  static func same(_ a: Point, _ b: Point) -> Bool {
    unsafeBitCast(a, to: UInt64.self) == unsafeBitCast(b, to: UInt64.self)
  }

  /// Writes the vertex at `p` in `ink`, or when `checked` shares `previous` (`shared`).
  @inline(__always)
  func vertex(
    _ p: Point, _ ink: UInt32, _ previous: UInt32, _ checked: Bool, _ w: inout MeshWriter
  ) -> UInt32 {
    checked ? Self.shared(p, ink, previous, &w) : w.vertex(p, Color(packed: ink))
  }

  /// Vertex `previous` when it lies within a millionth of a pixel of `p` in `ink`, else a new
  /// one. This and `oriented` are kept out of the loops, which seldom need them.
  @inline(never)
  static func shared(_ p: Point, _ ink: UInt32, _ previous: UInt32, _ w: inout MeshWriter)
    -> UInt32
  {
    let v = w[previous]
    if (v.position - p).dot(v.position - p) <= 1e-12, v.color.packed == ink { return previous }
    return w.vertex(p, Color(packed: ink))
  }

  /// Writes triangle `a b c` wound `positive`ly as given, or the other way round; when
  /// `checked`, wound by its area and dropped without one (`oriented`).
  @inline(__always)
  func triangle(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ positive: Bool, _ checked: Bool,
    _ w: inout MeshWriter
  ) {
    if checked {
      Self.oriented(a, b, c, &w)
    } else if positive {
      w.triangle(a, b, c)
    } else {
      w.triangle(a, c, b)
    }
  }

  @inline(never)
  static func oriented(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ w: inout MeshWriter) {
    w.orientedTriangle(a, b, c)
  }

  /// How far to push out ray `i` (direction `d`) of vertex region `ri`, not its first or
  /// last, so that the chords keep the arc's area: `sqrt(θ / sin θ)` for the mean angle θ of
  /// its two cells, as `Radial.emit` does for discs, worked out once per spacing (`grown`:
  /// a free arc's rays are spaced evenly, to rounding that moves it by under 10⁻⁶). Only a
  /// ray on a free stretch of arc moves: it and both neighbours reach the outer edge, and
  /// nothing else (none when `lonely`) lies within the pushed distance; otherwise 1.
  @inline(__always)
  func grow(
    _ rays: UnsafeBufferPointer<Ray>, _ ri: Int, _ i: Int, _ d: Point, _ lonely: Bool,
    _ grown: inout (theta: Float, k: Float)
  ) -> Float {
    let x = rays[i]
    guard x.binder < 0, rays[i - 1].binder < 0, rays[i + 1].binder < 0 else { return 1 }
    let theta = (rays[i + 1].param - rays[i - 1].param) / 2
    guard theta > 1e-3 else { return 1 }
    if abs(theta - grown.theta) > 1e-6 * theta {
      grown = (theta, (theta / Math.sin(theta)).squareRoot())
    }
    return lonely || !blocks(ri, d, grown.k * x.h) ? grown.k : 1
  }

  /// Whether a candidate of vertex region `ri` is nearer than its feature within `reach`
  /// along the ray from its centre along `d`.
  @inline(never)
  func blocks(_ ri: Int, _ d: Point, _ reach: Float) -> Bool {
    let (r, o) = (regions[ri], frame(regions[ri], 0).origin)
    for c in r.nearby {
      let gi = candidates[c]
      if Self.exit(features[Int(gi)].shape, shift: slack(gi, against: r), o, d) < reach {
        return true
      }
    }
    return false
  }
}
