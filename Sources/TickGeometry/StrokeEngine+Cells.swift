/// Writing the cells: each region as cells between consecutive rays, through one
/// `CellWriter`.
extension StrokeEngine {
  /// Which kind of region a copy of `writeCells` writes, known at compile time: each copy
  /// is without the tests it settles.
  protocol RegionKind { static var isSide: Bool { get } }
  enum SideCells: RegionKind { static var isSide: Bool { true } }
  enum FanCells: RegionKind { static var isSide: Bool { false } }

  /// One region's run of cells: where its rays start, which way its cells turn and which
  /// need checking.
  struct CellRun {
    var region: Int
    /// A side's rays start on the segment from `origin` to `end`, along `axis`, `length`
    /// long; a fan's all start at `origin`.
    var origin: Point
    var end: Point
    var axis: Point
    var length: Float
    /// Whether each cell winds positively as written: a side's turns from its axis to its
    /// normal, a fan's against its `sign`.
    var positive: Bool
    var bound: RoundingBound
    /// An end ray of an earlier region on the same line as this run's first ray, whose
    /// vertices the run takes where it is the same ray (`continuation`).
    var continuing: EndRay?
  }

  // MARK: - Emitting

  /// A packed colour's red, green and blue bytes (`Color.packed` holds alpha in the top one).
  static let withoutAlpha: UInt32 = 0x00ff_ffff

  /// Writes every region's cells. A segment's two sides share one run of centre points,
  /// the feet of both sides' rays, so that no edge along the centre line ends in the middle
  /// of another (a T-junction, which a rasteriser can hit twice or miss); a fan's cells
  /// share its centre.
  ///
  /// Everything goes through one `MeshWriter`, with room made for the most the rays can
  /// need (every region's lie in `rays`, apart): per ray two vertices and a centre point,
  /// per cell a fan over its centre points and a feather quad.
  mutating func emit(color: Color, into mesh: inout Mesh) {
    var w = mesh.writer(
      vertices: 3 * rays.count + features.count, indices: 3 * (5 * rays.count + features.count))
    // A segment's feet are its start and its sides' rays' feet, each once.
    let feetRoom = feet.room(rays.count + 1)
    let endsRoom = ends.room(regions.count)
    endsRoom.initialize(repeating: RegionEnds(first: nil, last: nil), count: regions.count)
    let ink = Ink(full: color.packed, clear: color.packed & Self.withoutAlpha)
    growth = writeRegions(ink, feet: feetRoom, ends: endsRoom, into: &w)
    mesh.commit(w)
  }

  /// Writes each feature's regions, in path order, and returns the arc growth it worked out
  /// last. A fan's edge rays lie on its twins' end rays and its centre is their foot: those
  /// vertices are written once, by the region first in path order, and kept by region in
  /// `ends`. It reads `self` only, so that its closure borrows `self` rather than copy it.
  func writeRegions(
    _ ink: Ink, feet: UnsafeMutablePointer<Foot>, ends: UnsafeMutablePointer<RegionEnds>,
    into w: inout MeshWriter
  ) -> ArcGrowth {
    // How far a written vertex can stray from its exact place: a few float steps of the
    // largest coordinate (`tie` is `tieFraction` of the stroke's extent about `shift`).
    let largest = max(abs(shift.x), abs(shift.y)) + tie * (1 / Self.tieFraction)
    return rays.withUnsafeBufferPointer { rays in
      var c = CellWriter(
        w: w, band: band, antialias: antialias, shift: shift, ink: ink,
        slop: largest * CellWriter.slopFraction, rays: rays, feet: feet, ends: ends,
        growth: growth)
      for fi in features.indices {
        let f = features[fi]
        switch f.shape {
        case .point(let centre): writeFan(Int(f.region), about: centre, into: &c)
        case .segment(let a, let b, let e, let m, let length):
          writeSides(Int(f.region), from: a, to: b, e: e, m: m, length: length, into: &c)
        }
      }
      w = c.w
      return c.growth
    }
  }

  /// Writes the cells of vertex region `ri` about `centre`.
  func writeFan(_ ri: Int, about centre: Point, into c: inout CellWriter) {
    guard regions[ri].span.count >= 2, case .fan(_, _, _, let sign, let twins) = regions[ri].kind
    else { return }
    let vertex = c.centreVertex(centre)
    c.feet.initialize(to: Foot(param: 0, vertex: vertex))
    c.joint = Joint(point: centre, vertex: vertex)
    // Its first ray is its first twin's last, written already where that twin comes first.
    let t = Int(twins.first)
    let run = CellRun(
      region: ri, origin: centre, end: centre, axis: .zero, length: 0, positive: sign < 0,
      bound: c.bound(reach: CellWriter.fanEdge * outer),
      continuing: t < ri ? EndRay(region: t, isLast: true) : nil)
    writeCells(run, FanCells.self, into: &c)
  }

  /// Writes the cells of the two sides of a segment, regions `a` and `a + 1`, from `o` to
  /// `end` along `e`, over their shared feet.
  func writeSides(
    _ a: Int, from o: Point, to end: Point, e: Point, m: Point, length: Float,
    into c: inout CellWriter
  ) {
    let b = a + 1
    let n = writeFeet(a, b, from: o, to: end, e: e, length: length, into: &c)
    guard n >= 2 else { return }
    // (Not if `shared` merged the last foot with the one before.)
    let exact = c.feet[n - 1].vertex != c.feet[n - 2].vertex
    c.joint = exact ? Joint(point: end, vertex: c.feet[n - 1].vertex) : nil
    // A fan at its start is the region before: its edge rays are its twins' first.
    var (continuingA, continuingB): (EndRay?, EndRay?) = (nil, nil)
    if let twins = regions[a - 1].twins {
      let (first, last) = (
        EndRay(region: a - 1, isLast: false), EndRay(region: a - 1, isLast: true)
      )
      continuingA = twins.last == a ? last : nil
      continuingB = twins.last == b ? last : twins.first == b ? first : nil
    }
    let (bound, positive) = (c.bound(reach: length + outer), e.cross(m) > 0)
    let run = CellRun(
      region: a, origin: o, end: end, axis: e, length: length, positive: positive, bound: bound,
      continuing: continuingA)
    writeCells(run, SideCells.self, into: &c)
    var other = run
    (other.region, other.positive, other.continuing) = (b, !positive, continuingB)
    writeCells(other, SideCells.self, into: &c)
  }

  /// Writes the feet of sides `a` and `b` of the segment from `o` to `end` along `e`: the
  /// feet of both sides' rays in order (each side's are already), each once, the first
  /// rays' being `o`, at u = 0. Returns how many there are.
  func writeFeet(
    _ a: Int, _ b: Int, from o: Point, to end: Point, e: Point, length: Float,
    into c: inout CellWriter
  ) -> Int {
    c.feet.initialize(to: Foot(param: 0, vertex: c.centreVertex(o)))
    var (i, j, last, n) = (
      regions[a].span.lowerBound + 1, regions[b].span.lowerBound + 1, Float(0), 1
    )
    let (iEnd, jEnd) = (regions[a].span.upperBound, regions[b].span.upperBound)
    while i < iEnd || j < jEnd {
      let fromA = j == jEnd || i < iEnd && c.rays[i].param <= c.rays[j].param
      let u = c.rays[fromA ? i : j].param
      if fromA { i += 1 } else { j += 1 }
      if u == last { continue }
      let p = (u <= 0 ? o : u >= length ? end : o + e * u) + c.shift
      // Feet further apart cannot round to one point.
      let near = u - last <= c.nearest
      let vertex =
        near ? c.shared(p, c.ink.full, c.feet[n - 1].vertex) : c.w.vertex(p, c.fullInk)
      (c.feet + n).initialize(to: Foot(param: u, vertex: vertex))
      (last, n) = (u, n + 1)
    }
    return n
  }

  /// Writes the cells of one region, `run.region`, a side or a fan (`Kind`). Each ray has a
  /// core and an outer vertex (one where the ray stops inside the core, or without a
  /// feather); a fan's free arc rays are pushed out (`growth`).
  ///
  /// Each of a cell's triangles has twice the area of the cell's width (the least step
  /// between its centre points, or the core radius times the sine between a fan's rays)
  /// times a height (a core radius, or a feather's depth). Where that is over the run's
  /// bound the triangles are written as they are. Elsewhere rays nearly coincide or a point
  /// meets the centre: the triangles are checked (`CellWriter.oriented`), and a vertex
  /// within a millionth of a pixel of the ray before's with the same colour is shared
  /// (`CellWriter.shared`: a switch found on both sides of a boundary lands twice).
  func writeCells<Kind: RegionKind>(_ run: CellRun, _: Kind.Type, into c: inout CellWriter) {
    let span = regions[run.region].span
    guard span.count >= 2 else { return }
    let (first, last, lonely) = (
      span.lowerBound, span.upperBound - 1, regions[run.region].nearby.isEmpty
    )
    var centre = 0
    var previous: WrittenRay
    if let continued = continuation(run, c.rays, c.ends) {
      previous = continued
    } else {
      let edge = rayEdge(first, run, Kind.self, centre: &centre, grown: 1, c)
      previous = c.write(edge, centre: centre, after: nil)
      if !Kind.isSide { c.ends[run.region].first = previous.vertices }
    }
    var exact = true
    for i in first + 1...last {
      // A fan's rays between its first and last, on a free stretch of arc, are pushed out.
      let grown =
        !Kind.isSide && i < last
        ? growth(ofRay: i, in: run.region, lonely: lonely, &c) : 1
      let edge = rayEdge(i, run, Kind.self, centre: &centre, grown: grown, c)
      let checked = !c.isSafe(edge, centre: centre, after: previous, isSide: Kind.isSide, run.bound)
      exact = !checked
      let written = c.write(edge, centre: centre, after: checked ? previous : nil)
      c.writeCell(from: previous, to: written, edge, positive: run.positive, checked: checked)
      previous = written
    }
    c.ends[run.region].last = exact ? previous.vertices : nil
  }

  /// The first ray of `run` as an earlier region wrote it: `run.continuing`, where that was
  /// written as computed (not moved by `shared`) and is the same ray to the bit (reach, end
  /// point, direction). Nil otherwise: the run writes its first ray itself.
  @inline(__always)
  func continuation(
    _ run: CellRun, _ rays: UnsafeBufferPointer<Ray>, _ ends: UnsafeMutablePointer<RegionEnds>
  ) -> WrittenRay? {
    guard let from = run.continuing else { return nil }
    let (written, span) = (ends[from.region], regions[from.region].span)
    guard let vertices = from.isLast ? written.last : written.first else { return nil }
    let x = rays[from.isLast ? span.upperBound - 1 : span.lowerBound]
    let y = rays[regions[run.region].span.lowerBound]
    guard x.h == y.h, Self.same(x.point, y.point), Self.same(x.direction, y.direction) else {
      return nil
    }
    return WrittenRay(
      vertices: vertices, centre: 0, height: min(y.h, core),
      depth: vertices.core != vertices.outer ? y.h - core : .infinity, direction: y.direction)
  }

  /// Where ray `i` of `run` puts its core and outer vertices, pushed out by `grown` (1:
  /// not at all). On a side, moves `centre` to the last foot beneath the cell that ends on
  /// this ray, and gives the least step between the feet it passed.
  @inline(__always)
  func rayEdge<Kind: RegionKind>(
    _ i: Int, _ run: CellRun, _: Kind.Type, centre: inout Int, grown: Float, _ c: CellWriter
  ) -> RayEdge {
    let x = c.rays[i]
    let (d, u) = (x.direction, x.param)
    var (foot, step) = (run.origin, Float.infinity)
    if Kind.isSide {
      foot = u <= 0 ? run.origin : u >= run.length ? run.end : run.origin + run.axis * u
      while c.feet[centre].param < u {
        step = min(step, c.feet[centre + 1].param - c.feet[centre].param)
        centre += 1
      }
    }
    var edge = RayEdge(
      core: x.point, outer: x.point, outerInk: c.ink.full, height: min(x.h, core),
      depth: .infinity, feather: false, direction: d, step: step)
    if grown > 1 {
      (edge.height, edge.depth) = (grown * core, grown * (outer - core))
      edge.core = foot + d * edge.height
      edge.outer = foot + d * (grown * outer)
      (edge.outerInk, edge.feather) = (c.ink.clear, antialias && edge.outer != edge.core)
    } else if x.h > core {
      edge.core = foot + d * core
      edge.outerInk = c.ink(atHeight: x.h)
      (edge.depth, edge.feather) = (x.h - core, antialias && edge.outer != edge.core)
    }
    if !edge.feather { edge.depth = .infinity }
    return edge
  }

  /// How far to push out ray `i` of vertex region `ri`, not its first or last, so that the
  /// chords keep the arc's area (`ArcGrowth`, for the mean angle of its two cells): only a
  /// ray on a free stretch of arc moves, one that it and both neighbours reach the outer
  /// edge, with nothing else (none when `lonely`) within the pushed distance; otherwise 1.
  @inline(__always)
  func growth(ofRay i: Int, in ri: Int, lonely: Bool, _ c: inout CellWriter) -> Float {
    let x = c.rays[i]
    guard x.binder == nil, c.rays[i - 1].binder == nil, c.rays[i + 1].binder == nil else {
      return 1
    }
    let theta = (c.rays[i + 1].param - c.rays[i - 1].param) / 2
    guard theta > CellWriter.straightChord else { return 1 }
    let k = c.growth.scale(forChord: theta)
    return lonely || !blocks(ri, x.direction, k * x.h) ? k : 1
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

  /// Whether two points are the same to the bit.
  @inline(__always)
  static func same(_ a: Point, _ b: Point) -> Bool {
    unsafeBitCast(a, to: UInt64.self) == unsafeBitCast(b, to: UInt64.self)
  }
}
