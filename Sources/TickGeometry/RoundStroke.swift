/// The fast path of `Stroker.strokeRound`: a round-capped, round-joined stroke of two or
/// three points drawn from a fixed set of pieces, with no search.
///
/// The pieces are the regions of the general engine (`StrokeEngine`) in the case where they
/// have a closed form: each side of each segment is a strip of parallel rays out to the
/// feather's outer edge; on the inner side of the turn the two strips meet on the corner's
/// bisector; on the outer side a fan (the round join) fills the wedge between them; each end
/// is a half-disc fan (the round cap). Pieces that touch share their edge vertices, so the
/// mesh covers every point once. Alpha is exact along every ray: 1 out to the core radius,
/// falling to 0 at the outer radius.
///
/// Preconditions (otherwise `make` returns nil and the general engine draws the stroke),
/// each with the reason it is needed:
/// - two or three distinct finite points (others are skipped, as the engine skips them),
///   and the stroke well inside the clip bounds;
/// - each segment at least 1/100 px long, and the core radius 0 or at least 1/20 px (no
///   triangle under the mesh's minimum area);
/// - arcs of at most 64 chords per half turn (`UnitCircle` tables them);
/// - a turn under about 166° (no near-reversal);
/// - the longer segment of a turned polyline (put first) at least `outer · tan(θ/2)` long,
///   θ the turn. On the inner side the segments' regions meet on the bisector, which runs
///   from the corner until it meets the far end's normal line, at height `L / tan(θ/2)`
///   (`L` the other segment's length): there the end point's region begins. The end points
///   lie on the inner side of the other segment's line, so that is the only place an end
///   and the other segment can meet. Below that height the pieces are exactly the regions
///   nearest each feature (a cap whose area scaling would reach past it is drawn
///   unscaled). When the last segment is shorter (a *stub*: the tick just past its corner)
///   the end's region borders the first segment along a parabola inside the stroke, drawn
///   flattened by `RoundStroke.Stub`;
/// - the two end points at least `2.2 · outer` apart: their caps (grown by under 6 %) do not
///   meet.
///
/// `RoundStrokeTests` runs both strokers on every input accepted here and compares them.
struct RoundStroke {
  /// The points, less `shift` (a whole-pixel origin near them), and how many there are.
  var a: Point
  var b: Point
  var c: Point
  var three: Bool
  var shift: Point
  /// Unit directions, their normals (`perpendicular`) and lengths of the two segments.
  var d0: Point
  var n0: Point
  var l0: Float
  var d1 = Point.zero
  var n1 = Point.zero
  /// The band: full alpha out to `core`, none at `outer`.
  var core: Float
  var outer: Float
  var hasCore: Bool
  var hasFringe: Bool
  var ink: Color
  var clear: Color
  /// Chords per half-disc cap, the area scale of its inner rays, and the scale each cap
  /// uses (1 where a grown ray could reach into the other segment's region).
  var capSteps: Int
  var capGrow: Float
  var startGrow: Float = 1
  var endGrow: Float = 1
  /// The turn: +1 or −1 (`d0 × d1`), the inner bisector's offset per unit of radius, the
  /// join's chords, its rotation per chord and area scale; `mitre` when the turn is too
  /// slight for a fan (the outer strips then meet on the bisector too).
  var turnSign: Float = 1
  var bisector = Point.zero
  var joinSteps = 0
  var joinRotation = Point(1, 0)
  var joinGrow: Float = 1
  var mitre = false
  /// Set when the last segment is too short for the bisector to reach the feather's outer
  /// edge (the trimmed tick just past its corner).
  var stub: Stub?

  /// The arcs' chord counts and scales for the last radius and last few turns seen: a
  /// view's strokes repeat them from one call to the next, and working them out is a good
  /// part of a stroke's cost. Each `Mesh` keeps one (`Mesh.arcs`).
  struct Arcs: Sendable {
    var capKey = (outer: Float.nan, tolerance: Float.nan, floor: 0)
    var cap = (steps: 0, grow: Float(1))
    /// The last four joins, the most recently used first.
    var joins = (Join(), Join(), Join(), Join())

    /// A join's key and what `join` worked out for it.
    struct Join: Sendable {
      var outer = Float.nan
      var tolerance = Float.nan
      var tanHalf = Float.nan
      var value: (steps: Int, rotation: Point, grow: Float)?

      @inline(__always)
      func matches(_ outer: Float, _ tolerance: Float, _ tanHalf: Float) -> Bool {
        self.tanHalf == tanHalf && self.outer == outer && self.tolerance == tolerance
      }
    }

    /// Chords per half-disc cap of radius `outer`, at least `floor`, and their area scale.
    /// A hit is inlined (no call in the middle of the plan, which would spill every float
    /// it holds); a miss calls out.
    @inline(__always)
    mutating func cap(_ outer: Float, _ tolerance: Float, floor: Int) -> (steps: Int, grow: Float) {
      if capKey.outer != outer || capKey.tolerance != tolerance || capKey.floor != floor {
        workOutCap(outer, tolerance, floor)
      }
      return cap
    }

    @inline(never)
    private mutating func workOutCap(_ outer: Float, _ tolerance: Float, _ floor: Int) {
      capKey = (outer, tolerance, floor)
      let steps = Tolerance.arcSegments(
        radius: outer, sweep: .half, tolerance: tolerance, floor: floor)
      cap = (steps, UnitCircle.areaScale(2 * steps))
    }

    /// A round join's chords, its rotation per chord and area scale, for a turn whose half
    /// angle has tangent `tanHalf`; nil past 64 chords.
    ///
    /// The tangent is first cut to 16 significant bits (rounded down): the same turn
    /// trimmed to another length comes out a few float steps apart, and would otherwise
    /// miss the memo on every call. The join's intermediate rays then turn by up to 1/40,000
    /// of its angle less than exact, which nothing can show; its end rays are the segments'
    /// own normals either way, so the pieces still meet exactly. Even so the cut tangent of
    /// one turn falls in neighbouring values (a stroke's points are rounded where they lie,
    /// up to a thousand pixels out), so four are kept: with one, a third of the joins of
    /// `tickplay bench tessellate` missed. A hit on the most recent is inlined, as in `cap`.
    @inline(__always)
    mutating func join(_ outer: Float, _ tolerance: Float, _ exactTanHalf: Float) -> (
      steps: Int, rotation: Point, grow: Float
    )? {
      let tanHalf = Float(bitPattern: exactTanHalf.bitPattern & ~Self.dropped)
      if joins.0.matches(outer, tolerance, tanHalf) { return joins.0.value }
      return joinAfterMiss(outer, tolerance, tanHalf)
    }

    /// The low bits of a float cut from a join's key: 7 of its 23 fraction bits, leaving 16
    /// significant bits.
    static let dropped: UInt32 = 0x7F

    /// `join` past its first entry: the others are searched, and moved to the front.
    @inline(never)
    private mutating func joinAfterMiss(_ outer: Float, _ tolerance: Float, _ tanHalf: Float)
      -> (steps: Int, rotation: Point, grow: Float)?
    {
      if joins.1.matches(outer, tolerance, tanHalf) {
        joins = (joins.1, joins.0, joins.2, joins.3)
      } else if joins.2.matches(outer, tolerance, tanHalf) {
        joins = (joins.2, joins.0, joins.1, joins.3)
      } else if joins.3.matches(outer, tolerance, tanHalf) {
        joins = (joins.3, joins.0, joins.1, joins.2)
      } else {
        let value = Tolerance.arcSegments(radius: outer, tanHalf: tanHalf, tolerance: tolerance)
          .map {
            let step = 2 * Math.atanSeries(tanHalf) / Float($0.count)
            let grow =
              $0.count > 1 ? Tolerance.chordAreaScale(angle: step, sine: $0.rotation.y) : 1
            return ($0.count, $0.rotation, grow)
          }
        joins = (
          Join(outer: outer, tolerance: tolerance, tanHalf: tanHalf, value: value), joins.0,
          joins.1, joins.2
        )
      }
      return joins.0.value
    }
  }

  /// The plan for stroking `input`, or nil when a precondition fails.
  @inline(__always)
  static func make(
    _ input: some Sequence<Point>, band: Band,
    antialias: Bool,
    tolerance: Float, color: Color, clip: Rect, arcs: inout Arcs
  ) -> RoundStroke? {
    var p = (first: Point.zero, corner: Point.zero, last: Point.zero)
    var n = 0
    var last = Point.zero
    var tooMany = false
    // Squared lengths against the squared epsilon: the same test without a square root.
    let epsilon2 = Stroker.epsilon * Stroker.epsilon
    func take(_ q: Point) {
      guard q.isFinite else { return }
      if n > 0 {
        let d = q - last
        guard d.dot(d) > epsilon2 else { return }
      }
      switch n {
      case 0: p.first = q
      case 1: p.corner = q
      case 2: p.last = q
      default:
        tooMany = true
        return
      }
      last = q
      n += 1
    }
    if let line = input as? ShortPolyline {
      // Its (at most three) points one by one, with no loop to leave.
      if line.count > 0 { take(line[0]) }
      if line.count > 1 { take(line[1]) }
      if line.count > 2 { take(line[2]) }
    } else {
      for q in input {
        take(q)
        if tooMany { return nil }
      }
    }
    guard n >= 2 else { return nil }
    return RoundStroke(
      p, three: n == 3, band: band, antialias: antialias, tolerance: tolerance, color: color,
      clip: clip, arcs: &arcs)
  }

  private init?(
    _ p: (first: Point, corner: Point, last: Point), three: Bool, band: Band,
    antialias: Bool, tolerance: Float, color: Color, clip: Rect, arcs: inout Arcs
  ) {
    core = band.core
    outer = band.outer
    hasCore = core > 0
    hasFringe = antialias && outer > core
    guard !hasCore || core >= Self.thinnestRadius, outer >= Self.thinnestRadius,
      hasCore || hasFringe
    else { return nil }
    // Whole pixels, so that the same shape in another cell tessellates alike.
    shift = Point(Math.round(p.first.x), Math.round(p.first.y))
    // The shorter segment last: it is the one that may be a stub (see `stub`).
    let e01 = p.corner - p.first
    let e12 = p.last - p.corner
    let reverse = three && e01.dot(e01) < e12.dot(e12)
    a = (reverse ? p.last : p.first) - shift
    b = p.corner - shift
    c = three ? (reverse ? p.first : p.last) - shift : b
    self.three = three
    let reach = outer * Self.reachFactor + Self.reachMargin
    let box = Rect(
      lo: Point(min(a.x, b.x, c.x), min(a.y, b.y, c.y)),
      hi: Point(max(a.x, b.x, c.x), max(a.y, b.y, c.y)))
    guard clip.contains(box.outset(reach).offset(by: shift)) else { return nil }
    let e0 = b - a
    l0 = e0.length
    d0 = e0 * (1 / l0)
    n0 = d0.perpendicular
    guard l0 >= Self.shortestSegment else { return nil }
    (capSteps, capGrow) = arcs.cap(outer, tolerance, floor: Stroker.capFloor(band))
    guard 2 * capSteps <= UnitCircle.maximumCount else { return nil }
    startGrow = capGrow
    endGrow = capGrow
    ink = band.alpha == 1 ? color : color.scaledAlpha(band.alpha)
    clear = Color(r: ink.r, g: ink.g, b: ink.b, a: 0)
    guard three else { return }

    guard planTurn(tolerance: tolerance, arcs: &arcs) else { return nil }
  }

  /// Plans the turn at `b` of a three-point stroke and the second segment; returns whether
  /// the fast path draws it (see the preconditions).
  @inline(__always)
  private mutating func planTurn(tolerance: Float, arcs: inout Arcs) -> Bool {
    let e1 = c - b
    let l1 = e1.length
    d1 = e1 * (1 / l1)
    n1 = d1.perpendicular
    guard l1 >= Self.shortestSegment else { return false }
    let cosTurn = d0.dot(d1)
    let cross = d0.cross(d1)
    let sinTurn = abs(cross)
    guard cosTurn > Self.sharpestTurnCosine else { return false }
    turnSign = cross >= 0 ? 1 : -1
    // The inner bisector: offset 1 from both segments' lines, on the inner side.
    bisector = (n0 + n1) * (-turnSign / (1 + cosTurn))
    let tanHalf = sinTurn / (1 + cosTurn)
    let cut = outer * tanHalf + Self.bisectorMargin
    let ends = c - a
    let apart = Self.capClearance * outer
    guard l0 >= cut, ends.dot(ends) >= apart * apart else { return false }
    // A cap's rays grow (for its area) only where the triple point lies past the grown
    // radius too.
    if l0 < capGrow * outer * tanHalf + Self.bisectorMargin { startGrow = 1 }
    if l1 < capGrow * outer * tanHalf + Self.bisectorMargin { endGrow = 1 }
    if l1 < cut {
      guard let stub = Stub(self, l1: l1, cosTurn: cosTurn, sinTurn: sinTurn) else {
        return false
      }
      self.stub = stub
    }
    mitre = sinTurn < Self.mitreSine && cosTurn > 0
    guard !mitre else { return true }
    guard let (steps, rotation, grow) = arcs.join(outer, tolerance, tanHalf) else { return false }
    joinSteps = steps
    joinRotation = Point(rotation.x, turnSign * rotation.y)
    joinGrow = grow
    return true
  }

  // MARK: - The preconditions' limits (the type's documentation says why each is needed)

  /// The least core radius (other than none) and outer radius, in pixels.
  static let thinnestRadius: Float = 0.05
  /// The least segment length, in pixels.
  static let shortestSegment: Float = 0.01
  /// How far a vertex reaches past the outer radius, for the clip test: a fan's rays grow by
  /// under 6 %, and a pixel more.
  static let reachFactor: Float = 1.1
  static let reachMargin: Float = 1
  /// The cosine of the sharpest turn drawn: about 166°.
  static let sharpestTurnCosine: Float = -0.97
  /// How far inside the longer segment the inner bisector must reach the outer radius, in
  /// pixels, and the shorter one for the turn not to be a stub.
  static let bisectorMargin: Float = 0.01
  /// The least distance between the end points, in outer radii: their caps (grown by
  /// under 6 %) do not meet.
  static let capClearance: Float = 2.2
  /// A turn whose sine is under this (a thousandth of a radian) is drawn as a mitre: the arc
  /// would lie within 1e-7 of its radius from the mitre, and its fan's triangles would have
  /// next to no area.
  static let mitreSine: Float = 1e-3
}

extension RoundStroke {
  /// Draws `points` with the fast path when its preconditions hold; returns whether it did.
  static func draw(
    _ points: some Sequence<Point>, _ band: Band,
    _ feather: Feather, _ color: Color, _ mesh: inout Mesh
  ) -> Bool {
    // Planning and writing in one function per band shape (`PenBand`): the plan is not
    // stored for another function to read back, and no ray tests the band's parts.
    if !(feather.antialias && band.outer > band.core) {
      return draw(CoreOnly.self, points, band, feather, color, &mesh)
    } else if band.core > 0 {
      return draw(CoreAndFringe.self, points, band, feather, color, &mesh)
    } else {
      return draw(FringeOnly.self, points, band, feather, color, &mesh)
    }
  }

  private static func draw<B: PenBand>(
    _: B.Type, _ points: some Sequence<Point>, _ band: Band,
    _ feather: Feather, _ color: Color, _ mesh: inout Mesh
  ) -> Bool {
    guard
      let plan = make(
        points, band: band, antialias: feather.antialias,
        tolerance: Stroker.tolerance(feather.tolerance, band: band),
        color: color, clip: mesh.clipBounds(), arcs: &mesh.arcs)
    else { return false }
    plan.emit(B.self, into: &mesh)
    return true
  }
}
