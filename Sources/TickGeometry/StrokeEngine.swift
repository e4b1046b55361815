/// The stroker's machinery: the stroke split by nearest feature, emitted as cells between
/// rays. `Stroker` is its public face.
///
/// A round-capped, round-joined stroke of half width `r` is the set of points within `r` of
/// the polyline, and its anti-aliased alpha is a function of the distance alone. Give each
/// point of the plane to the *feature* nearest it (a segment's interior on one side, or a
/// vertex) and the pieces tile the stroke exactly once: that is the Voronoi diagram of the
/// polyline's features, cut off at the stroke's outer edge. Inside its piece a feature's
/// distance is simple (the offset from a line, or the radius about a point), so the alpha is
/// exact along each ray from the feature.
///
/// Each piece (a *region*) is star-shaped from its feature: every point's nearest point on
/// the polyline stays the nearest along the whole ray back to it. So a region is drawn as
/// *cells* between consecutive rays (parallel rays for a segment side, a fan for a vertex),
/// each ray running from the feature out to the first place another feature is nearer, or
/// to the outer edge of the feather. The boundary between two regions is a line (two
/// segments, two points) or a parabola (a point and a segment), flattened to the tolerance.
/// Each point found on a boundary is handed to the region on its other side too, so both
/// regions end their cells on the very same vertices and chords: the cells never overlap,
/// even where a segment is shorter than the width, at hairpin turns, or where a path
/// crosses itself.
///
/// Butt and square caps lengthen the end segment (half a width for square, half a pixel of
/// feather for either) and fade its alpha along it; miter and bevel joins change the outer
/// edge of the vertex's region. Limits, with the test that shows each:
/// 1. Paths that double back on themselves: where two features are exactly equidistant
///    over an area (a segment retraced exactly) the lower one in path order wins by a tiny
///    tie margin, and a single near reversal is handled; but a path that zigzags back and
///    forth over itself within a few degrees can leave a few samples covered twice or
///    small gaps: a few in a hundred such random paths
///    (`StrokerDegenerateTests.pathsThatDoubleBackAreMostlyCoveredOnce`). Slivers under
///    1/1000 px wide, left by float rounding where three regions meet, are not counted as
///    overlaps (`CoverageRasterizer.guardBand`).
/// 2. A region too small for any of its rays to see (narrower than the tolerance between
///    two rays of every neighbour) is drawn by its neighbour instead: its alpha there comes
///    from the neighbour's distance, a little low.
/// 3. A butt or square end's alpha ramps down along its last pixel, which is not a
///    function of the distance: where such an end runs into another part of the same
///    stroke, the ramp shows as a lighter edge inside the other part's ink, and an end
///    segment shorter than 1 px keeps a small alpha step at the join before it
///    (`StrokeStyleTests` keeps its flat ends clear of the rest).
/// 4. Anti-aliased bevels fade across cos(θ/2) px rather than 1 px (θ the turn), and a
///    miter's tip has a sharp feather where the exact one is round.
/// 5. Cost: stroking a tick directly takes about 5–10 µs in a release build here (`tickplay
///    bench tessellate`, mode `direct`), several times nanovg's ~2 µs: bisections to float
///    resolution and the exchange rounds. Drawing many ticks, copy templates instead
///    (`TickTemplates`: about 0.3 µs a view with its circle).
struct StrokeEngine: Sendable {
  /// A segment's interior or a vertex: what a point of the stroke can be nearest to.
  struct Feature: Sendable {
    /// The vertex, or the segment's (possibly lengthened) start.
    var a: Point
    /// The segment's (possibly lengthened) end; `a` for a vertex.
    var b: Point
    /// The segment's unit direction and its normal (`e.perpendicular`).
    var e: Point
    var m: Point
    var length: Float
    var isSegment: Bool
    /// Path order: on an exact tie the lower order is nearer.
    var order: Int32
    /// Adjacent features never compared with this one: within this feature's region they
    /// are never nearer, and their shared boundary is a base ray, not a found one.
    var skip0: Int32
    var skip1: Int32
    /// The regions of this feature (a segment has two sides), or -1.
    var region0: Int32
    var region1: Int32
  }

  /// How far a vertex region's rays reach, as a multiple of the stroke's radii.
  enum Profile: Sendable {
    /// A circle: scale 1.
    case round
    /// The two outer edges extended: rays up to the bisector (at `half`) meet the first
    /// segment's edge, the rest the second's.
    case miter(n0: Point, n1: Point, half: Float)
    /// A chord across the two outer corners: `cosHalf / (d · bisector)`.
    case bevel(bisector: Point, cosHalf: Float)
  }

  /// The rays of one feature: a segment side (parameter: distance along it) or a vertex
  /// (parameter: angle turned from its first ray).
  struct Region: Sendable {
    var feature: Int32
    var isSegment: Bool
    /// Segment: the start and the end of the foot line; vertex: the centre (both).
    var origin: Point
    var originEnd: Point
    /// Segment: the unit direction; vertex: the first and last ray directions.
    var axis: Point
    var axisEnd: Point
    /// Segment: the side's unit normal, along which every ray runs.
    var normal: Point
    /// Vertex: +1 or −1, the direction rays turn (`rotated(by:)` of `sign · angle`).
    var sign: Float
    /// The parameter runs over `[0, end]`.
    var end: Float
    /// A full circle (a dot): the last ray is the first.
    var closed: Bool
    var profile: Profile
    /// Segment: the alpha ramps of butt and square ends over the first and last pixel
    /// (anti-aliased only).
    var rampStart: Bool
    var rampEnd: Bool
    /// This region's rays in `rays`, and the features it is compared with in `candidates`.
    var first = 0
    var count = 0
    var candidateFirst = 0
    var candidateCount = 0
    /// Vertex: the segment regions whose end rays lie on this region's first and last rays
    /// (-1: none), and whether it is their last ray (else their first). Those rays are
    /// copied, not cast again, so that both sides of the line end on the same points.
    var twinFirst: Int32 = -1
    var twinFirstAtEnd = false
    var twinLast: Int32 = -1
    var twinLastAtEnd = false

    init(
      feature: Int32, isSegment: Bool, origin: Point, originEnd: Point, axis: Point,
      axisEnd: Point, normal: Point, sign: Float, end: Float, closed: Bool, profile: Profile,
      rampStart: Bool = false, rampEnd: Bool = false
    ) {
      self.feature = feature
      self.isSegment = isSegment
      self.origin = origin
      self.originEnd = originEnd
      self.axis = axis
      self.axisEnd = axisEnd
      self.normal = normal
      self.sign = sign
      self.end = end
      self.closed = closed
      self.profile = profile
      self.rampStart = rampStart
      self.rampEnd = rampEnd
    }
  }

  /// One ray: its parameter, how far it reaches, where it stops, and which region stops it
  /// (-1: it reached the outer edge of the feather).
  struct Ray: Sendable {
    var param: Float
    var h: Float
    var point: Point
    var binder: Int32
    /// Found by this region since the last exchange: still to be handed over.
    var fresh = true
    /// Handed over by the neighbour in the last exchange: its surroundings still to be
    /// refined here.
    var received = false

    init(param: Float, h: Float, point: Point, binder: Int32) {
      self.param = param
      self.h = h
      self.point = point
      self.binder = binder
    }
  }

  /// A boundary point handed to the region on the other side.
  struct Pending: Sendable {
    var region: Int32
    var ray: Ray
  }

  // MARK: - Scratch, reused between calls

  var points: [Point] = []
  var runEnds: [Int] = []
  var features: [Feature] = []
  var regions: [Region] = []
  var rays: [Ray] = []
  var merged: [Ray] = []
  var pending: [Pending] = []
  var sortedPending: [Pending] = []
  var pendingStart: [Int] = []
  var candidates: [Int32] = []
  var seeds: [Float] = []
  /// The feet shared by a segment's two sides, and where each side's rays fall among them.
  var centre: [Float] = []
  var centreIndex: [Int] = []
  /// The vertex of each centre point, and per ray of the region being written the indices
  /// of its core and outer vertices (shared with the ray before when they coincide).
  var centreVertex: [UInt32] = []
  var coreIndex: [UInt32] = []
  var outerIndex: [UInt32] = []

  // MARK: - Settings of the current stroke

  /// The core radius (full alpha out to here) and the outer radius (zero alpha).
  var core: Float = 0
  var outer: Float = 0
  var tolerance: Float = Tolerance.defaultPixels
  /// The tie margin: features are compared with this much slack, in favour of the lower
  /// path order, so that exact ties resolve one way from both sides.
  var tie: Float = 0
  var antialias = true
  /// The stroke is worked out about a nearby whole-pixel origin, `shift`, and moved back as
  /// its vertices are written: the tie margin and every rounding then depend on the
  /// stroke's own size, not on where it lies, so that a tick tessellates alike in every
  /// cell (and like its template).
  var shift = Point.zero
  /// Refinement stops adding rays past this many in all: a bound on the work hostile input
  /// can cause (a tolerance of a millionth of a pixel, thousands of crossing segments).
  var rayBudget = 0

  init() {}
}
