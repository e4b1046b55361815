/// The trimmed tick just past its corner: a last segment too short for the bisector.
extension RoundStroke {
  /// The end of a stroke whose last segment is a stub.
  ///
  /// On the inner side the bisector from the corner `b` meets the end's normal line at `B`,
  /// `h = L·cot(θ/2)` from both segments and from the end point `c` (L the stub's length),
  /// below the feather's outer edge. Past `B` the first segment borders `c`'s region along
  /// the parabola of points as far from `c` as from the segment's line, out to `E` at the
  /// outer radius. So the end cap's rays (from `c`) stop at the parabola, at the closed-form
  /// distance `y / (1 − w·ν)` for a ray along `w` (`y`: `c`'s height over the line, `ν`:
  /// the line's normal towards `c`); the first segment's inner side gets a ray at the foot
  /// of each such point, ending on the same vertex; and the outer side's cell is fanned
  /// over those feet, so that no edge on the centre line ends inside another. Where the
  /// parabola crosses the core radius a ray is added on both sides. The triangles here are
  /// wound by their area (`MeshWriter.orientedTriangle`), which also drops the slivers an
  /// added ray next to a table ray can leave.
  struct Stub {
    /// The height of `B` (its distance from `c`).
    var h: Float
    /// `c` over the first segment: its foot's distance from `a`, its height.
    var u: Float
    var y: Float

    /// The stub of `r`, or nil when this path does not draw it: a stub under `smallest`
    /// (1/20 px, a turn of 1/20 rad), `B` past the outer radius (the last 1/100 px before
    /// the ordinary case begins), or a parabola whose outer end falls outside the first
    /// segment.
    init?(_ r: RoundStroke, l1: Float, cosTurn: Float, sinTurn: Float) {
      guard l1 >= Self.smallest, sinTurn >= Self.smallest else { return nil }
      h = l1 * (1 + cosTurn) / sinTurn
      u = r.l0 + l1 * cosTurn
      y = l1 * sinTurn
      guard h >= Self.smallest, h < r.outer, foot(atHeight: r.outer) >= Self.smallest else {
        return nil
      }
    }

    /// The least stub drawn: its length, the sine of its turn, the height of `B` and the
    /// foot of the parabola's outer end (in pixels, or radians for the turn). Below these
    /// its cells would be slivers under the mesh's minimum area; the general engine draws
    /// such strokes.
    static let smallest: Float = 0.05

    /// A ray from `c` closing on the first segment's line more slowly than this per unit of
    /// its length never meets the parabola within range.
    static let parallelRise: Float = 1e-6

    /// The foot on the first segment of the parabola's point at height `t` (on the branch
    /// away from the corner).
    func foot(atHeight t: Float) -> Float { u - max(y * (2 * t - y), 0).squareRoot() }

    /// The parabola's point at height `t`, as a direction from `c` (`d0`, `inner`: the first
    /// segment's direction and inner normal).
    func direction(atHeight t: Float, _ d0: Point, _ inner: Point) -> Point {
      d0 * ((foot(atHeight: t) - u) / t) + inner * ((t - y) / t)
    }

    /// How far the ray from `c` along `w` runs before the first segment is nearer; nil when
    /// it reaches `outer` first.
    func reach(_ w: Point, _ d0: Point, _ inner: Point, l0: Float, outer: Float) -> Float? {
      let rise = 1 - w.dot(inner)
      guard rise > Self.parallelRise else { return nil }
      let t = y / rise
      // Past the first segment's end the corner `b` is its nearest point, and `c` is nearer.
      guard t < outer, u + t * w.dot(d0) < l0 else { return nil }
      return t
    }

    /// Writes the corner and the stub: the outer sides and the join as in the ordinary
    /// case, the stub's inner side up to `B`, and the end cap walked round to `B` with the
    /// first segment's rays at the feet of its points on the parabola (`Walk`).
    func write<B: PenBand>(
      _ r: inout RoundStroke, _ pen: inout Pen<B>, ia: UInt32, ib: UInt32, ic: UInt32,
      aPlus: Ray, aMinus: Ray
    ) {
      let s = r.turnSign
      let (out0, out1, in1) = (r.n0 * s, r.n1 * s, r.n1 * -s)
      let (aOuter, aInner) = s > 0 ? (aPlus, aMinus) : (aMinus, aPlus)
      // The corner's outer side and the stub's, as in the ordinary case.
      let outer0 = pen.ray(r.b, ib, out0)
      let outer1 = pen.ray(r.b, ib, out1)
      pen.wedge(
        r.b, ib, from: outer0, out0, to: outer1, steps: r.joinSteps, rotation: r.joinRotation,
        grow: r.joinGrow)
      let cOuter = pen.ray(r.c, ic, out1)
      pen.orientedStrip(ib, ic, outer1, cOuter)
      // The stub's inner side: the triangle b, c, B.
      let pointB = pen.boundary(r.c + in1 * h, height: h)
      let cInner = pen.bounded(r.c + in1 * r.core, pointB, height: h, centre: ic)
      let bInner = pen.bounded(r.b + r.bisector * r.core, pointB, height: h, centre: ib)
      pen.orientedStrip(ib, ic, bInner, cInner)
      var walk = Walk(
        stub: self, inner: r.n0 * -s, foot: ia, footRay: aInner,
        apex: r.hasCore ? aOuter.core : aOuter.outer, previous: cOuter,
        crossedCore: !(h < r.core))
      walk.cap(r, &pen, ic: ic, to: cInner, pointB: pointB)
      // From B's foot to the corner, and the outer side's last triangles.
      pen.orientedStrip(walk.foot, ib, walk.footRay, bInner)
      pen.orientedTriangle(walk.apex, walk.foot, ib)
      if r.hasCore {
        pen.orientedTriangle(aOuter.core, ib, outer0.core)
        pen.orientedQuad(aOuter.core, outer0.core, outer0.outer, aOuter.outer)
      } else {
        pen.orientedTriangle(aOuter.outer, ib, outer0.outer)
      }
    }

    /// The end cap walked from the outer normal round to `B`, turning by the turn's sign,
    /// with the first segment's rays from `a` to `B`'s foot added as it goes: where a cap
    /// ray stops at the parabola, and where the parabola crosses the outer and the core
    /// radius.
    struct Walk {
      let stub: Stub
      /// The first segment's inner normal.
      let inner: Point
      /// The first segment's last foot so far, and its ray.
      var foot: UInt32
      var footRay: Ray
      /// The outer side's vertex that the first segment's cells fan from (`a`'s outer ray).
      let apex: UInt32
      /// The cap's last ray so far.
      var previous: Ray
      /// Whether the cap's rays still reach the outer radius, and whether the parabola has
      /// crossed the core radius yet.
      var free = true
      var crossedCore: Bool

      /// Walks the cap of `r` about vertex `ic` to its ray at `B`, `last`, whose end is
      /// `pointB`.
      mutating func cap<B: PenBand>(
        _ r: RoundStroke, _ pen: inout Pen<B>, ic: UInt32, to last: Ray, pointB: UInt32
      ) {
        let (s, out1, in1) = (r.turnSign, r.n1 * r.turnSign, r.n1 * -r.turnSign)
        let (steps, h) = (r.capSteps, stub.h)
        UnitCircle.withTable(2 * steps) { table in
          for k in 1...steps {
            let w = k == steps ? in1 : out1.rotated(by: Point(table[k].x, s * table[k].y))
            guard let t = k == steps ? h : stub.reach(w, r.d0, inner, l0: r.l0, outer: r.outer)
            else {
              let ray = pen.ray(r.c, ic, w)
              pen.orientedFanCell(ic, previous, ray)
              previous = ray
              continue
            }
            if free {
              addBound(stub.direction(atHeight: r.outer, r.d0, inner), r.outer, r, &pen, ic: ic)
              free = false
            }
            if !crossedCore, t < r.core {
              addBound(stub.direction(atHeight: r.core, r.d0, inner), r.core, r, &pen, ic: ic)
              crossedCore = true
            }
            if k == steps {
              pen.orientedFanCell(ic, previous, last)
              addFoot((r.c + in1 * h - r.a).dot(r.d0), pointB, height: h, r, &pen)
            } else {
              addBound(w, t, r, &pen, ic: ic)
            }
          }
        }
      }

      /// A cap ray along `w` that stops on the parabola at height `t`, and the first
      /// segment's ray at the foot of that point.
      mutating func addBound<B: PenBand>(
        _ w: Point, _ t: Float, _ r: RoundStroke, _ pen: inout Pen<B>, ic: UInt32
      ) {
        let end = pen.boundary(r.c + w * t, height: t)
        let ray = pen.bounded(r.c + w * r.core, end, height: t, centre: ic)
        pen.orientedFanCell(ic, previous, ray)
        previous = ray
        addFoot((r.c + w * t - r.a).dot(r.d0), end, height: t, r, &pen)
      }

      /// The first segment's ray at distance `at` from `a`, ending on vertex `end` at
      /// height `t`, and the cells from the foot before.
      mutating func addFoot<B: PenBand>(
        _ at: Float, _ end: UInt32, height t: Float, _ r: RoundStroke, _ pen: inout Pen<B>
      ) {
        let centre = pen.centre(r.a + r.d0 * at)
        let next = pen.bounded(r.a + r.d0 * at + inner * r.core, end, height: t, centre: centre)
        pen.orientedStrip(foot, centre, footRay, next)
        pen.orientedTriangle(apex, foot, centre)
        foot = centre
        footRay = next
      }
    }
  }
}

extension Pen {
  /// A vertex on a region's boundary at `height` from its feature: full alpha inside the
  /// core, falling to none at the outer radius.
  mutating func boundary(_ p: Point, height t: Float) -> UInt32 {
    w.vertex(p + shift, ink.scaledAlpha(Band(core: core, outer: outer, alpha: 1).fade(atHeight: t)))
  }

  /// A ray that stops at vertex `end`, `height` from its origin (vertex `centre`), with its
  /// core point at `corePoint` when it reaches past the core.
  mutating func bounded(
    _ corePoint: Point, _ end: UInt32, height t: Float, centre: UInt32
  ) -> RoundStroke.Ray {
    guard hasCore else { return RoundStroke.Ray(core: centre, outer: end) }
    guard t > core else { return RoundStroke.Ray(core: end, outer: end) }
    return RoundStroke.Ray(core: w.vertex(corePoint + shift, ink), outer: end)
  }

  mutating func orientedTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    w.orientedTriangle(a, b, c)
  }

  mutating func orientedQuad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
    w.orientedTriangle(a, b, c)
    w.orientedTriangle(a, c, d)
  }

  /// `strip`, wound by area; cells that collapse (rays sharing an end) lose their empty
  /// triangles.
  mutating func orientedStrip(
    _ i0: UInt32, _ i1: UInt32, _ r0: RoundStroke.Ray, _ r1: RoundStroke.Ray
  ) {
    if hasCore { orientedQuad(i0, i1, r1.core, r0.core) }
    orientedQuad(r0.core, r1.core, r1.outer, r0.outer)
  }

  /// `fanCell`, wound by area.
  mutating func orientedFanCell(_ o: UInt32, _ r0: RoundStroke.Ray, _ r1: RoundStroke.Ray) {
    if hasCore { orientedTriangle(o, r0.core, r1.core) }
    orientedQuad(r0.core, r0.outer, r1.outer, r1.core)
  }
}
