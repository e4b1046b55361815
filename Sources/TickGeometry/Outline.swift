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
    let outerOffset = offsets.outer

    // Count first, then reserve, then write.
    var directions = 0
    for i in 0..<cornerCount {
      directions += segments(corners.corner(i), outerOffset, tolerance) + 1
    }
    mesh.reserve(
      vertices: directions * bandCount,
      indices: 6 * directions * (bandCount - 1) + (filled ? 3 * directions : 0))

    let base = UInt32(truncatingIfNeeded: mesh.vertices.count)
    var inks = (Color.clear, Color.clear, Color.clear, Color.clear)
    inks.0 = color.scaledAlpha(offsets.alpha(0))
    if bandCount > 1 { inks.1 = color.scaledAlpha(offsets.alpha(1)) }
    if bandCount > 2 { inks.2 = color.scaledAlpha(offsets.alpha(2)) }
    if bandCount > 3 { inks.3 = color.scaledAlpha(offsets.alpha(3)) }
    func ink(_ b: Int) -> Color {
      switch b {
      case 0: return inks.0
      case 1: return inks.1
      case 2: return inks.2
      default: return inks.3
      }
    }

    for i in 0..<cornerCount {
      let c = corners.corner(i)
      let m = segments(c, outerOffset, tolerance)
      // Chords lose area inside an arc: its inner vertices are pushed out
      // (`Tolerance.chordAreaScale`), its end vertices stay on the true radius, where the
      // straight edges meet them. The mitre point of a shrunk corner
      // lies 1/cos(sweep/2) along the bisector; the floor keeps a hairpin corner finite
      // (callers clamp such offsets anyway).
      let rotation: Point
      let grow: Float
      let bisector: Point
      let miter: Float
      let last: Point
      if c.sweep == .pi / 2, m > 0, UnitCircle.isTabulated(4 * m) {
        // A quarter turn (a rounded square's corner): all from the tables.
        rotation = UnitCircle.direction(1, of: 4 * m)
        grow = m > 1 ? UnitCircle.areaScale(4 * m) : 1
        let h = Float(0.5).squareRoot()
        bisector = c.normal.rotated(by: Point(h, h))
        miter = Float(2).squareRoot()
        last = c.normal.rotated(by: Point(0, 1))
      } else {
        let step = m > 0 ? c.sweep / Float(m) : 0
        rotation = Point(Math.cos(step), Math.sin(step))
        grow = m > 1 ? Tolerance.chordAreaScale(angle: abs(step)) : 1
        let half = c.sweep / 2
        bisector = c.normal.rotated(by: Point(Math.cos(half), Math.sin(half)))
        miter = 1 / max(Math.cos(half), 1e-3)
        last = c.normal.rotated(by: Point(Math.cos(c.sweep), Math.sin(c.sweep)))
      }
      var u = c.normal
      for j in 0...m {
        if j == m { u = last }
        let scale = j > 0 && j < m ? grow : 1
        for b in 0..<bandCount {
          let rho = c.radius + offsets.radius(b)
          let p = rho >= 0 ? c.center + u * (rho * scale) : c.center + bisector * (rho * miter)
          mesh.addVertex(origin + p, ink(b))
        }
        u = u.rotated(by: rotation)
      }
    }

    let stride = UInt32(bandCount)
    func at(_ d: Int, _ b: Int) -> UInt32 { base + UInt32(d) * stride + UInt32(b) }
    for d in 0..<directions {
      let e = d + 1 == directions ? 0 : d + 1
      var b = 0
      while b + 1 < bandCount {
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
