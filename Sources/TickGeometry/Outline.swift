/// Emits convex outlines with rounded corners as nested contours with per-contour alpha.
///
/// A convex polygon grown by a disc (its Minkowski sum) is a run of corners joined by
/// straight edges; each corner is an arc about a centre whose outward normal turns through
/// the polygon's exterior angle. The contour at signed offset `d` from such an outline is
/// again one: every corner keeps its centre and normals and takes radius `radius + d`. When
/// that radius is negative the arc has shrunk past its centre and the corner is the sharp
/// (mitre) point where the two edges' offset lines meet. So one routine draws a rounded
/// square, its ring, and an anti-aliased convex polygon (whose corners have radius 0: sharp
/// inside, a 0.5-px arc on the outer edge of the feather, as the distance to the polygon
/// has).
///
/// Every contour is sampled along the same normal directions, so the strips between
/// consecutive contours are quads whose sides run along normals: for a convex outline they
/// tile the band between contours once, with no overlap. Limits:
/// 1. A non-convex corner (negative sweep) folds its strip back over itself and covers
///    some samples twice (`FillTests.nonConvexPolygonStaysWellFormed`).
/// 2. An inward offset deeper than the outline's narrowest part inverts the inner contour;
///    callers clamp their offsets (`Fill.convexPolygon` clamps its inner feather depth).
enum Outline {
  /// One corner: an arc of `radius` about `center` whose outward unit normal turns from
  /// `normal` through `sweep` radians (towards increasing angle: clockwise on a y-down
  /// screen).
  struct Corner {
    var center: Point
    var radius: Float
    var normal: Point
    var sweep: Float
  }

  /// The corners of a closed outline in order, each edge running from one corner's last
  /// normal to the next corner's first.
  protocol Corners {
    var count: Int { get }
    func corner(_ i: Int) -> Corner
  }

  /// Emits the contours at `offsets` (signed distances from the outline, increasing, each
  /// with its alpha factor) and the strips between them; `filled` also fills the innermost
  /// contour with its alpha. The corners' centres are relative to `origin`, which is added
  /// last: a shape drawn about the origin and moved (`ShapeTemplates`) is then bit for bit
  /// the shape drawn in place.
  static func emit<C: Corners>(
    _ corners: C, origin: Point = .zero, offsets: Radial.Bands, filled: Bool, color: Color,
    tolerance: Float, into mesh: inout Mesh
  ) {
    let cornerCount = corners.count
    guard cornerCount > 0 else { return }
    let bandCount = offsets.count
    // Count first, then reserve, then write.
    var directions = 0
    for i in 0..<cornerCount {
      directions += segments(corners.corner(i), offsets.outer, tolerance) + 1
    }
    mesh.reserve(
      vertices: directions * bandCount,
      indices: 6 * directions * (bandCount - 1) + (filled ? 3 * directions : 0))
    let base = UInt32(truncatingIfNeeded: mesh.vertices.count)
    // Each contour's ink, packed (`Color.packed`).
    var inks = SIMD4<UInt32>(repeating: 0)
    for b in 0..<bandCount { inks[b] = color.scaledAlpha(offsets.alpha(b)).packed }
    for i in 0..<cornerCount {
      let c = corners.corner(i)
      addDirections(
        of: c, Sweep(c, chords: segments(c, offsets.outer, tolerance)), origin: origin,
        offsets: offsets, inks: inks, into: &mesh)
    }
    addStrips(from: base, directions: directions, offsets: offsets, filled: filled, into: &mesh)
  }

  /// How a corner's contours turn: per chord, and out to the mitre point of a contour whose
  /// arc has shrunk past its centre.
  struct Sweep {
    /// Chords of the outermost arc (0 for a sharp corner), the unit rotation of one, and
    /// the area scale of their inner vertices (`Tolerance.chordAreaScale`).
    var chords: Int
    var rotation: Point
    var grow: Float
    /// The corner's bisector and the mitre point's distance along it per unit of (negative)
    /// radius, 1/cos(sweep/2), its floor keeping a hairpin corner finite (callers clamp such
    /// offsets anyway).
    var bisector: Point
    var mitre: Float
    /// The corner's last normal.
    var last: Point

    /// The least cosine of half a corner's sweep that `mitre` divides by.
    static let hairpinCosine: Float = 1e-3

    init(_ c: Corner, chords m: Int) {
      chords = m
      if c.sweep == .pi / 2, m > 0, UnitCircle.isTabulated(4 * m) {
        // A quarter turn (a rounded square's corner): all from the tables.
        rotation = UnitCircle.direction(1, of: 4 * m)
        grow = m > 1 ? UnitCircle.areaScale(4 * m) : 1
        let h = Float(0.5).squareRoot()
        bisector = c.normal.rotated(by: Point(h, h))
        mitre = Float(2).squareRoot()
        last = c.normal.rotated(by: Point(0, 1))
      } else {
        let step = m > 0 ? c.sweep / Float(m) : 0
        rotation = Point(Math.cos(step), Math.sin(step))
        grow = m > 1 ? Tolerance.chordAreaScale(angle: abs(step)) : 1
        let half = c.sweep / 2
        bisector = c.normal.rotated(by: Point(Math.cos(half), Math.sin(half)))
        mitre = 1 / max(Math.cos(half), Self.hairpinCosine)
        last = c.normal.rotated(by: Point(Math.cos(c.sweep), Math.sin(c.sweep)))
      }
    }
  }

  /// Adds corner `c`'s vertices: along each of its directions (its chords' ends), one per
  /// contour. Chords lose area inside an arc: its inner vertices are pushed out, its end
  /// vertices stay on the true radius, where the straight edges meet them. A contour whose
  /// arc has shrunk past the centre takes the mitre point.
  static func addDirections(
    of c: Corner, _ sweep: Sweep, origin: Point, offsets: Radial.Bands, inks: SIMD4<UInt32>,
    into mesh: inout Mesh
  ) {
    let m = sweep.chords
    var u = c.normal
    for j in 0...m {
      if j == m { u = sweep.last }
      let scale = j > 0 && j < m ? sweep.grow : 1
      for b in 0..<offsets.count {
        let rho = c.radius + offsets.radius(b)
        let p =
          rho >= 0
          ? c.center + u * (rho * scale) : c.center + sweep.bisector * (rho * sweep.mitre)
        mesh.addVertex(origin + p, Color(packed: inks[b]))
      }
      u = u.rotated(by: sweep.rotation)
    }
  }

  /// Adds the strips between consecutive contours, from vertex `base` on, `directions`
  /// vertices around; when `filled`, a fan over the innermost contour too.
  static func addStrips(
    from base: UInt32, directions: Int, offsets: Radial.Bands, filled: Bool,
    into mesh: inout Mesh
  ) {
    let stride = UInt32(offsets.count)
    func at(_ d: Int, _ b: Int) -> UInt32 { base + UInt32(d) * stride + UInt32(b) }
    for d in 0..<directions {
      let e = d + 1 == directions ? 0 : d + 1
      var b = 0
      while b + 1 < offsets.count {
        if offsets.radius(b + 1) > offsets.radius(b) {
          mesh.addOrientedQuad(at(d, b), at(e, b), at(e, b + 1), at(d, b + 1))
        }
        b += 1
      }
    }
    if filled, directions >= 3 {
      // A fan from the first contour vertex: convex, so every triangle lies inside, and the
      // ones along a straight edge or a collapsed corner have no area and are dropped.
      for d in 1..<(directions - 1) {
        mesh.addOrientedTriangle(at(0, 0), at(d, 0), at(d + 1, 0))
      }
    }
  }

  /// The chords of a corner's outermost arc, from the tolerance; 0 for a sharp corner.
  static func segments(_ c: Corner, _ outerOffset: Float, _ tolerance: Float) -> Int {
    let rho = c.radius + outerOffset
    guard rho > 0, c.sweep.isFinite, abs(c.sweep) > 1e-6 else { return 0 }
    if c.sweep == .pi / 2 {
      return Tolerance.arcSegments(radius: rho, sweep: .quarter, tolerance: tolerance)
    }
    return Tolerance.arcSegments(radius: rho, angle: c.sweep, tolerance: tolerance)
  }
}

extension Point {
  /// The vector rotated by the unit vector `r = (cos a, sin a)`: by angle `a` towards
  /// increasing angle (clockwise on a y-down screen).
  @inlinable func rotated(by r: Point) -> Point {
    Point(x * r.x - y * r.y, x * r.y + y * r.x)
  }
}
