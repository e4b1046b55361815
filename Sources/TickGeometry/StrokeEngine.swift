/// The general stroker: any polyline, covered once, split by nearest feature and emitted
/// as cells between rays. `Stroker` is its public face; `RoundStroke` draws the common
/// short polylines without it.
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
/// crosses itself. The commonest boundary needs no search: a join's two inner sides meet
/// along the turn's bisector, whose crossings with the core and outer radius are placed
/// directly (`bisected`).
///
/// Limits, with the test that shows each:
/// 1. Paths that double back on themselves: where two features are exactly equidistant
///    over an area (a segment retraced exactly) the lower one in path order wins by a tiny
///    tie margin, and a single reversal short of an about-turn by 0.1° or more is handled.
///    Nearer an about-turn rounding decides ray by ray which segment is nearer: about one
///    stroke in 40 at 179.99° draws a cell up to 0.08 px wide past the other segment
///    (`StrokeEngineRayTests.hardCases`). A path that zigzags back and forth over itself
///    within a few degrees can leave a few samples covered twice or small gaps: a few in
///    a hundred such random paths
///    (`StrokerDegenerateTests.pathsThatDoubleBackAreMostlyCoveredOnce`). Slivers under
///    1/1000 px wide, left by float rounding where three regions meet, are not counted as
///    overlaps (`CoverageRasterizer.guardBand`).
/// 2. A region too small for any of its rays to see (narrower than the tolerance between
///    two rays of every neighbour) is drawn by its neighbour instead: its alpha there comes
///    from the neighbour's distance, a little low.
/// 3. Cost: a tick takes four to eight times as long as on the fast path (`tickplay bench
///    tessellate`, modes `general` and `direct`): about 12.8k instructions with
///    anti-aliasing and 10.8k without, on average over the tick's progress; 7k for the
///    first arm alone, 13-14k for a whole tick, whose join is `bisected` and casts no ray,
///    and 24-52k just past the corner, where the second segment is shorter than the width
///    and its end cap must be searched for. `RoundStroke` draws the product's strokes.
struct StrokeEngine: Sendable {
  /// What a point of the stroke can be nearest to.
  enum Shape: Sendable {
    /// A vertex.
    case point(Point)
    /// A segment's interior: from `a` to `b`, unit direction `e`, normal `m`
    /// (`e.perpendicular`).
    case segment(a: Point, b: Point, e: Point, m: Point, length: Float)
  }

  /// A feature: its shape, the regions it owns and the neighbours it is never compared with.
  /// Its index is its path order: on an exact tie the lower one is nearer.
  struct Feature: Sendable {
    var shape: Shape
    var box: Rect
    /// Adjacent features never compared with this one: within this feature's region they
    /// are never nearer, and their shared boundary is a base ray, not a found one.
    var skip: (Int32, Int32)
    /// Its regions: a segment's two sides, or a point's one (and -1).
    var regions: (Int32, Int32)
  }

  /// A region's rays and how they are parametrised.
  struct Region: Sendable {
    enum Kind: Sendable {
      /// One side of a segment: rays along `normal` from the feet `origin + axis·u`, u
      /// from 0 to `end`, the last foot being exactly `originEnd`.
      case side(origin: Point, originEnd: Point, axis: Point, normal: Point)
      /// A vertex: rays from `centre` turned by `sign · angle` (u = angle, from 0 to `end`)
      /// from `first` to `last`.
      case fan(centre: Point, first: Point, last: Point, sign: Float)
    }

    var kind: Kind
    var feature: Int32
    /// The parameter runs over `[0, end]`.
    var end: Float
    /// This region's rays in `rays`, and the features it is compared with in `candidates`.
    var span = 0..<0
    var nearby = 0..<0
    /// A vertex region's edge rays are copied from these segment sides' end rays, on the
    /// same lines, so that both sides of each line end on the same points (-1: none).
    var twins: (Int32, Int32) = (-1, -1)

    var isSide: Bool {
      if case .side = kind { return true }
      return false
    }
  }

  /// One ray: its parameter, how far it reaches, where it stops, and which region stops it
  /// (-1: it reached the outer edge of the feather).
  struct Ray: Sendable {
    var param: Float
    var h: Float
    var point: Point
    /// The ray's unit direction, as `frame` gives it (kept: a fan's costs a series).
    var direction: Point
    var binder: Int32
    /// Found by this region since the last exchange: still to be handed over.
    var fresh = true
  }

  // MARK: - Scratch, reused between calls

  var points: [Point] = []
  var runEnds: [Int] = []
  var features: [Feature] = []
  var regions: [Region] = []
  var rays: [Ray] = []
  /// Boundary points handed to the region on the other side.
  var pending: [(region: Int32, ray: Ray)] = []
  var candidates: [Int32] = []
  var seeds: [Float] = []
  /// The centre points of the region being written: a segment's feet (shared by its two
  /// sides) or a fan's centre, each with its vertex.
  var centre: [(param: Float, vertex: UInt32)] = []
  /// The last arc spacing `grow` worked out its factor for, and the factor.
  var grown: (theta: Float, k: Float) = (0, 1)

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
}
