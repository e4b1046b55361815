/// Emits circles, rings and circular wedges as concentric bands with per-band alpha.
///
/// Every round shape the tessellator makes goes through here: discs, rings, round caps and
/// round joins. A band list is a run of radii, each with an alpha factor; the region between
/// two consecutive radii is a strip whose colour is interpolated across it, which is how the
/// anti-aliasing feather is expressed with vertex colours alone.
enum Radial {
  /// Up to four radii in increasing order, each with an alpha factor, held inline so that
  /// emitting a shape allocates nothing.
  struct Bands {
    private var r: (Float, Float, Float, Float) = (0, 0, 0, 0)
    private var a: (Float, Float, Float, Float) = (0, 0, 0, 0)
    private(set) var count = 0

    init(_ r0: Float, _ a0: Float) {
      r = (r0, 0, 0, 0)
      a = (a0, 0, 0, 0)
      count = 1
    }

    init(_ r0: Float, _ a0: Float, _ r1: Float, _ a1: Float) {
      r = (r0, r1, 0, 0)
      a = (a0, a1, 0, 0)
      count = 2
    }

    init(_ r0: Float, _ a0: Float, _ r1: Float, _ a1: Float, _ r2: Float, _ a2: Float) {
      r = (r0, r1, r2, 0)
      a = (a0, a1, a2, 0)
      count = 3
    }

    init(
      _ r0: Float, _ a0: Float, _ r1: Float, _ a1: Float, _ r2: Float, _ a2: Float,
      _ r3: Float, _ a3: Float
    ) {
      r = (r0, r1, r2, r3)
      a = (a0, a1, a2, a3)
      count = 4
    }

    func radius(_ i: Int) -> Float {
      switch i {
      case 0: return r.0
      case 1: return r.1
      case 2: return r.2
      default: return r.3
      }
    }

    func alpha(_ i: Int) -> Float {
      switch i {
      case 0: return a.0
      case 1: return a.1
      case 2: return a.2
      default: return a.3
      }
    }

    var outer: Float { radius(count - 1) }
  }

  /// Emits the bands of one arc into `mesh`.
  ///
  /// - `radii`: up to 4 radii in increasing order, with their alpha factors. A first radius
  ///   of 0 makes a fan around `center`; equal consecutive radii emit no strip.
  /// - `start`, `sweep`: angles in radians (y-down, so positive sweeps run clockwise on
  ///   screen). A sweep of 2π gives a closed shape.
  static func emit(
    center: Point, start: Float, sweep: Float,
    radii: Bands, color: Color, tolerance: Float,
    into mesh: inout Mesh
  ) {
    let outer = radii.outer
    guard outer > 0, outer.isFinite, center.isFinite,
      sweep.isFinite, sweep != 0
    else { return }
    let segments = Tolerance.arcSegments(radius: outer, angle: sweep, tolerance: tolerance)
    let bandCount = radii.count
    let fan = radii.radius(0) <= 0

    let centerIndex = fan ? mesh.addVertex(center, color.scaledAlpha(radii.alpha(0))) : 0
    let firstRing = fan ? 1 : 0
    let ringsPerStep = bandCount - firstRing
    let base = UInt32(truncatingIfNeeded: mesh.vertices.count)
    let step = sweep / Float(segments)
    // Chords cut inside the arc and lose area (about ⅔·tolerance·perimeter). Pushing the
    // vertices out by k = sqrt(θ / sin θ) makes each chord triangle's area equal its sector's,
    // so a polygon covers exactly the circle's area. A partial arc keeps its two end vertices
    // on the true radius, where they meet the stroke's straight edges without a notch.
    let k = (abs(step) / Math.sin(abs(step))).squareRoot()
    let closed = abs(sweep) >= 2 * .pi - 1e-4
    // Write the rings angle by angle: ring j of angle i sits at base + i·ringsPerStep + j.
    // A closed shape ends on its first vertices rather than on copies computed at 2π:
    // the copies differ in the last bits, and the software renderer, which snaps vertices
    // to pixels, showed the crack between them as a line of background.
    for i in 0...(closed ? segments - 1 : segments) {
      let a = start + step * Float(i)
      let scale = closed || (i > 0 && i < segments) ? k : 1
      let dir = Point(Math.cos(a), Math.sin(a)) * scale
      for j in firstRing..<bandCount {
        mesh.addVertex(center + dir * radii.radius(j), color.scaledAlpha(radii.alpha(j)))
      }
    }
    func at(_ i: Int, _ j: Int) -> UInt32 {
      base + UInt32((closed ? i % segments : i) * ringsPerStep + (j - firstRing))
    }
    for i in 0..<segments {
      if fan { mesh.addOrientedTriangle(centerIndex, at(i, 1), at(i + 1, 1)) }
      var j = firstRing
      while j + 1 < bandCount {
        if radii.radius(j + 1) > radii.radius(j) {
          mesh.addOrientedQuad(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1))
        }
        j += 1
      }
    }
  }
}

extension Mesh {
  /// Appends a triangle wound so that its signed area is positive in y-down coordinates, and
  /// drops it when it has no area: every triangle in a tessellation shares one winding.
  mutating func addOrientedTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    let pa = vertices[Int(a)].position
    let area = (vertices[Int(b)].position - pa).cross(vertices[Int(c)].position - pa)
    guard area.isFinite, abs(area) > Mesh.minimumDoubleArea else { return }
    if area > 0 { addTriangle(a, b, c) } else { addTriangle(a, c, b) }
  }

  /// Appends the quad `a b c d` (in order around its edge) as two oriented triangles.
  mutating func addOrientedQuad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
    addOrientedTriangle(a, b, c)
    addOrientedTriangle(a, c, d)
  }

  /// Twice the smallest triangle area kept, in square pixels; anything smaller covers no
  /// sample worth drawing and counts as degenerate.
  public static let minimumDoubleArea: Float = 1e-6
}
