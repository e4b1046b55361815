/// Writing a `RoundStroke`: count, make room, write.
extension RoundStroke {
  /// The core and outer vertex of one ray (both the same without a feather; the core is the
  /// ray's origin when there is no core).
  struct Ray {
    var core: UInt32
    var outer: UInt32
  }

  /// Appends the stroke to `mesh`, its band drawn as `B` says (which must match `hasCore`
  /// and `hasFringe`).
  @inline(__always)
  func emit<B: PenBand>(_: B.Type, into mesh: inout Mesh) {
    assert(B.hasCore == hasCore && B.hasFringe == hasFringe, "RoundStroke: wrong band")
    let perRay = (B.hasCore ? 1 : 0) + (B.hasFringe ? 1 : 0)
    let fanCell = (B.hasCore ? 1 : 0) + (B.hasFringe ? (B.hasCore ? 2 : 1) : 0)
    let stripCell = (B.hasCore ? 2 : 0) + (B.hasFringe ? 2 : 0)
    // In wrapping arithmetic: the chord counts are at most 64 (`make`), nothing overflows.
    var rays = 4 &+ 2 &* (capSteps &- 1)
    var cells = 2 &* capSteps &* fanCell &+ 2 &* stripCell
    if three {
      rays &+= mitre ? 2 : 3 &+ (joinSteps &- 1)
      cells &+= 2 &* stripCell &+ (mitre ? 0 : joinSteps &* fanCell)
    }
    if stub != nil {
      // At most: every ray of the end cap, and the two added where the parabola crosses
      // the core and the outer radius, with a foot ray each on the first segment (a centre
      // vertex, two more) and nine triangles between them.
      rays &+= 4 &* (capSteps &+ 4)
      cells &+= 9 &* (capSteps &+ 4)
    }
    let centres = three ? 3 : 2
    var pen = Pen<B>(
      w: mesh.writer(vertices: centres &+ perRay &* rays, indices: 3 &* cells), shift: shift,
      core: core, outer: outer, ink: ink, clear: clear)
    write(&pen)
    mesh.commit(pen.w)
  }

  @inline(__always)
  private func write<B: PenBand>(_ pen: inout Pen<B>) {
    let ia = pen.centre(a)
    let ib = pen.centre(b)
    // The first segment's rays at its start, on its −n and +n sides.
    let aMinus = pen.ray(a, ia, n0 * -1)
    let aPlus = pen.ray(a, ia, n0)
    // The start cap turns from −n0 through −d0 to +n0.
    pen.cap(a, ia, from: aMinus, n0 * -1, to: aPlus, steps: capSteps, grow: startGrow)
    guard three else {
      let bMinus = pen.ray(b, ib, n0 * -1)
      let bPlus = pen.ray(b, ib, n0)
      pen.strip(ia, ib, aPlus, bPlus, side: 1)
      pen.strip(ia, ib, aMinus, bMinus, side: -1)
      pen.cap(b, ib, from: bPlus, n0, to: bMinus, steps: capSteps, grow: endGrow)
      return
    }
    let ic = pen.centre(c)
    if let stub {
      // Through copies: handed to a call that is not inlined, the plan and `pen` would have
      // to live in memory all along, every ray reloading them.
      var stubPen = Pen<B>(
        w: pen.w, shift: shift, core: core, outer: outer, ink: ink, clear: clear)
      var plan = self
      stub.write(&plan, &stubPen, ia: ia, ib: ib, ic: ic, aPlus: aPlus, aMinus: aMinus)
      pen.w = stubPen.w
      return
    }
    // At the corner: the inner side's shared ray on the bisector, and the outer side's end
    // rays (one shared ray on the outer bisector for a mitre).
    let s = turnSign
    let inner = pen.ray(b, ib, bisector)
    let outer0 = mitre ? pen.ray(b, ib, bisector * -1) : pen.ray(b, ib, n0 * s)
    let outer1 = mitre ? outer0 : pen.ray(b, ib, n1 * s)
    let cPlus = pen.ray(c, ic, n1)
    let cMinus = pen.ray(c, ic, n1 * -1)
    // Side +n is the outer one when the path turns towards +d × … (turnSign > 0).
    let (a0Outer, a0Inner) = s > 0 ? (aPlus, aMinus) : (aMinus, aPlus)
    let (c1Outer, c1Inner) = s > 0 ? (cPlus, cMinus) : (cMinus, cPlus)
    pen.strip(ia, ib, a0Outer, outer0, side: s)
    pen.strip(ia, ib, a0Inner, inner, side: -s)
    pen.strip(ib, ic, outer1, c1Outer, side: s)
    pen.strip(ib, ic, inner, c1Inner, side: -s)
    if !mitre {
      pen.wedge(
        b, ib, from: outer0, n0 * s, to: outer1, steps: joinSteps, rotation: joinRotation,
        grow: joinGrow)
    }
    pen.cap(c, ic, from: cPlus, n1, to: cMinus, steps: capSteps, grow: endGrow)
  }
}

/// Which parts of the band a stroke draws: the core out to `core` at full alpha, the
/// fringe out to `outer` fading to none. A type, not a value, so that each kind gets its own
/// copy of the writing code with no test of it left inside.
protocol PenBand {
  static var hasCore: Bool { get }
  static var hasFringe: Bool { get }
}

/// No anti-aliasing: the core only.
enum CoreOnly: PenBand {
  static var hasCore: Bool { true }
  static var hasFringe: Bool { false }
}

/// Anti-aliased, at least 1 px wide: a core and its fringe.
enum CoreAndFringe: PenBand {
  static var hasCore: Bool { true }
  static var hasFringe: Bool { true }
}

/// Anti-aliased and under 1 px wide: the fringe only.
enum FringeOnly: PenBand {
  static var hasCore: Bool { false }
  static var hasFringe: Bool { true }
}

/// The writer with the stroke's settings: rays, strips and fans in known windings.
struct Pen<Parts: PenBand> {
  var w: MeshWriter
  let shift: Point
  let core: Float
  let outer: Float
  let ink: Color
  let clear: Color
  var hasCore: Bool { Parts.hasCore }
  var hasFringe: Bool { Parts.hasFringe }

  mutating func centre(_ p: Point) -> UInt32 { w.vertex(p + shift, ink) }

  /// The ray from `o` (vertex `centre`) along `u`, its radii scaled by `s` (`u` need not be
  /// a unit vector: the bisector's length makes its points lie at the radii's offsets).
  @inline(__always)
  mutating func ray(_ o: Point, _ centre: UInt32, _ u: Point, _ s: Float = 1) -> RoundStroke.Ray {
    let c = hasCore ? w.vertex(o + u * (core * s) + shift, ink) : centre
    let e = hasFringe ? w.vertex(o + u * (outer * s) + shift, clear) : c
    return RoundStroke.Ray(core: c, outer: e)
  }

  /// The convex quad `a b c d`, wound positively whichever way it was given.
  @inline(__always)
  mutating func quad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ positive: Bool) {
    if positive { w.quad(a, b, c, d) } else { w.quad(a, d, c, b) }
  }

  /// One side of a segment from vertex `i0` to `i1`: the cell between its end rays `r0` and
  /// `r1`, on side `side · n`. The quad `i0 i1 r1 r0` winds as `−side` (`d × n = −1`).
  @inline(__always)
  mutating func strip(
    _ i0: UInt32, _ i1: UInt32, _ r0: RoundStroke.Ray, _ r1: RoundStroke.Ray, side: Float
  ) {
    let positive = side < 0
    if hasCore { quad(i0, i1, r1.core, r0.core, positive) }
    if hasFringe { quad(r0.core, r1.core, r1.outer, r0.outer, positive) }
  }

  /// The fan cell about vertex `o` between consecutive rays `r0` and `r1`; `positive` when
  /// `o r0 r1` winds positively.
  @inline(__always)
  mutating func fanCell(
    _ o: UInt32, _ r0: RoundStroke.Ray, _ r1: RoundStroke.Ray, _ positive: Bool
  ) {
    if hasCore {
      if positive { w.triangle(o, r0.core, r1.core) } else { w.triangle(o, r1.core, r0.core) }
      if hasFringe { quad(r0.core, r0.outer, r1.outer, r1.core, positive) }
    } else if hasFringe {
      if positive { w.triangle(o, r0.outer, r1.outer) } else { w.triangle(o, r1.outer, r0.outer) }
    }
  }

  /// A half-disc cap about `o` from ray `first` (direction `u0`) to ray `last`, turning by
  /// positive angles through `steps` equal chords taken from `UnitCircle`.
  mutating func cap(
    _ o: Point, _ io: UInt32, from first: RoundStroke.Ray, _ u0: Point,
    to last: RoundStroke.Ray, steps: Int, grow: Float
  ) {
    var previous = first
    UnitCircle.withTable(2 &* steps) { table in
      for k in 1..<steps {
        let r = ray(o, io, u0.rotated(by: table[k]), grow)
        fanCell(io, previous, r, true)
        previous = r
      }
    }
    fanCell(io, previous, last, true)
  }

  /// The round join about `o` from ray `first` (direction `u0`) to ray `last`, turning by
  /// `rotation` per chord (its sign gives the winding).
  mutating func wedge(
    _ o: Point, _ io: UInt32, from first: RoundStroke.Ray, _ u0: Point,
    to last: RoundStroke.Ray, steps: Int, rotation: Point, grow: Float
  ) {
    let positive = rotation.y > 0
    var previous = first
    var u = u0
    for _ in 1..<max(steps, 1) {
      u = u.rotated(by: rotation)
      let r = ray(o, io, u, grow)
      fanCell(io, previous, r, positive)
      previous = r
    }
    fanCell(io, previous, last, positive)
  }
}
