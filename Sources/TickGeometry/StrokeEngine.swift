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
///    tessellate`, modes `general` and `direct`; figures in docs/performance.md). A whole
///    tick costs least, as its join is `bisected` and casts no ray; a tick just past its
///    corner costs most, as its second segment is shorter than the width and its end cap
///    must be searched for. `RoundStroke` draws the product's strokes.
///
/// The stages, each in its own file: `stroke` (+Build) clips the polyline, lists its
/// features and their regions and finds each region's candidates; `castAll` (+Rays) casts
/// and refines every region's rays; `exchange` and `simplify` (+Exchange) hand boundary
/// points across and drop the rays that add nothing; `emit` (+Cells) writes the cells.
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
    /// Whether the features just before and after it in path order (its index ∓ 1) join it:
    /// a vertex and the segments that meet there. Joined features are never compared:
    /// within one's region the other is never nearer, and their shared boundary is a base
    /// ray, not a found one. (Two flags, not two indices: a `Feature` is copied often, and
    /// is smaller so.)
    var joinsPrevious: Bool
    var joinsNext: Bool
    var box: Rect
    /// Its first region: a vertex's only one, or a segment's side along `m` (the side along
    /// −m is the next region).
    var region: Int32

    /// Whether feature `g` joins this one, feature `me`.
    @inline(__always)
    func joins(_ g: Int32, at me: Int32) -> Bool {
      joinsPrevious && g == me - 1 || joinsNext && g == me + 1
    }

    /// Its regions: a vertex's one, or a segment's two sides.
    var regions: ClosedRange<Int> {
      if case .segment = shape { return Int(region)...Int(region) + 1 }
      return Int(region)...Int(region)
    }

    /// The region of this feature that holds `p`, a point it is nearest to: a segment's
    /// side along −m when `p` lies more than `tie` below its line, else its first region.
    /// A point on the line, within the tie margin, counts as on the first side, so that
    /// rounding cannot flip a ray's binder back and forth along an overlap.
    @inline(__always)
    func region(holding p: Point, tie: Float) -> Int32 {
      if case .segment(let a, _, _, let m, _) = shape, m.dot(p - a) < -tie { return region + 1 }
      return region
    }
  }

  /// The segment sides whose end rays lie on a vertex region's first and last rays: the fan
  /// copies those rays, so that both sides of each line end on the same points.
  struct Twins: Sendable {
    var first: Int32
    var last: Int32
  }

  /// A region's rays and how they are parametrised.
  struct Region: Sendable {
    enum Kind: Sendable {
      /// One side of a segment: rays along `normal` from the feet `origin + axis·u`, u
      /// from 0 to `end`, the last foot being exactly `originEnd`.
      case side(origin: Point, originEnd: Point, axis: Point, normal: Point)
      /// A vertex: rays from `centre` turned by `sign · angle` (u = angle, from 0 to `end`)
      /// from `first` to `last`, the first and last lying on its twins' end rays.
      case fan(centre: Point, first: Point, last: Point, sign: Float, twins: Twins)
    }

    var kind: Kind
    var feature: Int32
    /// The parameter runs over `[0, end]`.
    var end: Float
    /// This region's rays in `rays`, and the features it is compared with in `candidates`.
    var span = 0..<0
    var nearby = 0..<0
    /// A vertex region's twins; a side has none.
    var twins: Twins? {
      if case .fan(_, _, _, _, let twins) = kind { return twins }
      return nil
    }

    var isSide: Bool {
      if case .side = kind { return true }
      return false
    }
  }

  /// One ray: its parameter, how far it reaches, where it stops, and which region stops it.
  struct Ray: Sendable {
    var param: Float
    var h: Float
    var point: Point
    /// The ray's unit direction, as `frame` gives it (kept: a fan's costs a series).
    var direction: Point
    /// The region that stops it; nil where it reaches the outer edge of the feather.
    var binder: Int32?
    /// Found by this region since the last exchange: still to be handed over.
    var fresh = true
  }

  /// A boundary point handed to the region on the other side (`exchange`).
  struct Received: Sendable {
    var region: Int32
    var ray: Ray
  }

  // MARK: - Scratch, reused between calls

  var points: [Point] = []
  var runEnds: [Int] = []
  var features: [Feature] = []
  var regions: [Region] = []
  var rays: [Ray] = []
  var pending: [Received] = []
  var candidates: [Int32] = []
  var seeds: [Float] = []
  /// The scratch of `emit`: the centre points beneath the region being written, and by
  /// region the vertices of its end rays.
  var feet = Scratch<Foot>()
  var ends = Scratch<RegionEnds>()
  /// The area scale of the last free arc written, kept for the next.
  var growth = ArcGrowth()

  // MARK: - Settings of the current stroke

  /// The core radius (full alpha out to here) and the outer radius (zero alpha).
  var band = Band(core: 0, outer: 0, alpha: 1)
  var core: Float { band.core }
  var outer: Float { band.outer }
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
  /// (Worked out, not stored: where a mutating method calls another the engine is copied,
  /// and past 128 bytes each copy is a call to `memcpy`.)
  var rayBudget: Int { Self.rayBudgetBase + Self.rayBudgetPerRegion * regions.count }
}

// MARK: - Constants

extension StrokeEngine {
  /// The tie margin as a fraction of the stroke's extent about `shift` (outer radius
  /// included): about 8 float steps of its largest coordinate, enough to outweigh rounding,
  /// far below anything a renderer can show.
  static let tieFraction: Float = 1e-6
  /// How far past the outer radius the stroke's bounds are taken, in pixels: room for a
  /// free arc's rays, pushed out by about two thirds of the tolerance (`ArcGrowth`).
  static let boundsMargin: Float = 1
  /// The ray budget: generous, as a tick needs under a hundred rays and a long polyline a
  /// few dozen per segment.
  static let rayBudgetBase = 1024
  static let rayBudgetPerRegion = 128
  /// Rounds of `exchange` at most: a point handed over can show a region a piece of its
  /// boundary its own rays missed, and refining around it finds more points for the
  /// neighbour. Three rounds after the first settle every case the fuzz tests meet.
  static let exchangeRounds = 4
  /// Under this outer radius (in pixels) the rays of a vertex region without candidates,
  /// a chord apart, can stop within 1e-4 px of each other (`samePointSquared`): every
  /// region is simplified.
  static let thinStroke: Float = 1e-3
  /// A turn under this (in radians) is the path running straight on: no vertex region.
  static let straightTurn: Float = 1e-6
  /// A tie zone under this (in pixels) hides nothing a rasteriser can show: it is below the
  /// rasteriser's guard band (`CoverageRasterizer.guardBand` in the tests).
  static let invisibleZone: Float = 1e-3
  /// Below this the cross product of two unit directions counts as none (parallel lines),
  /// so that a tie zone's length stays finite.
  static let parallelCross: Float = 1e-7
  /// The cosine of a 120° turn: a side's segment meeting another at a sharper angle than
  /// this keeps its tie zone, as near a reversal it runs the whole height of the side.
  static let sharpTurnCosine: Float = -0.5
  /// A feature farther than this many outer radii from a region's feature cannot stop one
  /// of its rays: a ray runs at most the outer radius, and a point at that distance along it
  /// is nearer another feature only if that one lies within the distance again.
  static let candidateRange: Float = 2
  /// `bisected` places the turn's bisector only where it reaches the outer radius this
  /// factor short of both segments' ends, so that rounding cannot put it past an end, where
  /// the end's vertex region begins.
  static let bisectorClearance: Float = 1.001
  /// The seeds about a tie zone, as fractions of its length: one ray inside it, one past it.
  static let insideTieZone: Float = 0.5
  static let pastTieZone: Float = 2
  /// The most `ArcGrowth` pushes a free arc's ray out, as a factor on the outer radius:
  /// √(θ / sin θ) is 1.2533 for chords of π/2, wider than any arc's (`Tolerance.arcSegments`
  /// gives a full turn at least 8).
  static let largestGrowth: Float = 1.26
  /// Refinement halves a range at most this deep: a float has 24 significant bits, and
  /// halving more often cannot find a new parameter.
  static let maximumDepth = 24
  /// The smallest parameter step worth telling apart, as a fraction of a region's range (at
  /// least 1): a few float steps.
  static let parameterResolution: Float = 2.5e-7
  /// A cast where a line boundary should cross the core radius is kept when it lands within
  /// this (in pixels) of it: an alpha error of as much.
  static let coreCrossing: Float = 1e-4
  /// `bracket` bisects at most this often: from a region's range to its resolution takes
  /// 22 halvings, and the estimate and its probes a few casts more.
  static let maximumBracketSteps = 40
  /// The first probe past a secant estimate, in resolution steps: under one, so that an
  /// estimate within a step of the change and its probe bracket it in two casts. Each later
  /// probe goes `probeGrowth` times as far, and after `probes` of them bisection takes over.
  static let firstProbe: Float = 0.7
  static let probeGrowth: Float = 4
  static let probes = 2
  /// Secant steps in `estimate` at most: the Illinois rule converges superlinearly, and a
  /// dozen steps narrow a smooth boundary to a float's resolution; where they do not,
  /// `bracket` bisects.
  static let maximumSecantSteps = 12
  /// `reach` caps a line's distance at this many outer radii: finite, and a lower cap bends
  /// the linear distance of a line across a join's corner, so that the secant steps in
  /// `estimate` take several rounds instead of one.
  static let reachCap: Float = 8
  /// Below this, `1 ∓ k` (how a ray closes on a line, `exit`) counts as zero: the ray runs
  /// parallel to the line's offset and never meets it within range.
  static let parallelRate: Float = 1e-7
  /// Below this, how fast a ray's foot moves along a segment (`exit`) counts as zero: the
  /// foot stays where it starts.
  static let stillFoot: Float = 1e-9
  /// A segment shorter than this (in pixels) is a point to `deviation`.
  static let noLength: Float = 1e-12
  /// Boundary points closer than 1e-4 px (this is its square) are one point found twice,
  /// each side to its own rounding: the boundaries differ by under 1e-4 px there.
  static let samePointSquared: Float = 1e-8
  /// A boundary point past a fan's wedge by under this many tie margins is outside by
  /// rounding only, and is snapped to the nearer edge.
  static let wedgeSnap: Float = 4
}
