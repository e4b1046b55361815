/// Emits circles and rings as concentric bands with per-band alpha.
///
/// Discs and rings go through here. A band list is a run of radii, each with an alpha
/// factor; the region between two consecutive radii is a strip whose colour is interpolated
/// across it, which is how the anti-aliasing feather is expressed with vertex colours alone.
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

    /// Where the outline's ink is half gone: the middle of a last band that fades to
    /// nothing (a feather), else the outer radius. Chords are counted for this circle, the
    /// edge a viewer sees, as nanovg counts them for the path and adds its fringe after:
    /// held to the feather's outer radius, a disc filling an 8-px view had a tenth more.
    var edge: Float {
      guard count >= 2, alpha(count - 1) == 0, alpha(count - 2) > 0 else { return outer }
      return (radius(count - 2) + outer) / 2
    }
  }

  /// Emits the bands of a full circle about `center` into `mesh`.
  ///
  /// `radii`: up to 4 radii in increasing order, with their alpha factors. A first radius
  /// of 0 makes a fan around `center`; equal consecutive radii emit no strip.
  ///
  /// The directions come from `UnitCircle`, so a circle costs no trigonometry. Chords cut
  /// inside the arc and lose area (about ⅔·tolerance·perimeter): the vertices are pushed out
  /// (`Tolerance.chordAreaScale`), so that the polygon covers exactly the circle's area. The
  /// last segment ends on the first vertices rather than on copies computed at 2π: the
  /// copies differ in the last bits, and the software renderer, which snaps vertices to
  /// pixels, shows the crack between them as a line of background (`RadialSeamTests`).
  ///
  /// With `box` (holding `center`), no vertex goes past it: one that would is moved in
  /// along its ray to where the ray leaves the box, with the colour the bands give there
  /// (`Reach`). Two neighbouring vertices moved onto one side join along that side, so
  /// the shape stays whole and inside with the triangles it has, where cutting it to the
  /// box afterwards split every triangle crossing a side: a disc whose feather crosses an
  /// 8-px view's paint rect took 44 triangles cut, and keeps its 30 this way.
  static func emit(
    center: Point, radii: Bands, color: Color, tolerance: Float, within box: Rect? = nil,
    into mesh: inout Mesh
  ) {
    let outer = radii.outer
    guard outer > 0, outer.isFinite, center.isFinite else { return }
    let segments = Tolerance.arcSegments(radius: radii.edge, sweep: .full, tolerance: tolerance)
    let rings = Rings(radii, color: color, scale: UnitCircle.areaScale(segments))
    // Triangles this small (a disc of a ten-thousandth of a pixel) are checked one by one
    // and dropped, as `addOrientedTriangle` drops them.
    let chord = UnitCircle.direction(1, of: segments).y
    let checked = !(rings.thinnest * outer * chord > Self.uncheckedArea)
    let centreInk = color.scaledAlpha(radii.alpha(0))
    // A fan whose centre has its first ring's colour is a flat polygon: triangulated from
    // one of its own corners, it needs no centre and two triangles fewer.
    let flat = rings.fan && centreInk.packed == rings.ink[0]
    let centred = rings.fan && !flat ? 1 : 0
    let fanTriangles = flat ? segments - 2 : centred * segments
    var w = mesh.writer(
      vertices: centred + segments * rings.count,
      indices: 3 * (fanTriangles + 2 * segments * rings.strips))
    let c = centred == 1 ? w.vertex(center, centreInk) : 0
    // Ring j of direction i is vertex base + i·rings + j.
    let base = w.next
    let reach = box.flatMap {
      Reach(center: center, box: $0, rings: rings, radii: radii, color: color)
    }
    UnitCircle.forEach(segments) { d in
      let limit = reach?.limit(along: d) ?? .infinity
      for j in 0..<rings.count {
        if rings.radius[j] <= limit {
          _ = w.vertex(center + d * rings.radius[j], Color(packed: rings.ink[j]))
        } else {
          _ = w.vertex(reach!.point(along: d, at: limit), reach!.ink(at: limit))
        }
      }
    }
    writeTriangles(
      rings, segments: segments, centre: centred == 1 ? c : nil, base: base, checked: checked,
      &w)
    if flat { writeFlatFan(rings, segments: segments, base: base, checked: checked, &w) }
    mesh.commit(w)
  }

  /// Where the rays from a centre leave a box, and the bands' colour at any radius: for
  /// `emit`'s vertices kept inside a box.
  struct Reach {
    var center: Point
    var box: Rect
    /// The radii (area-scaled, as the vertices lie) and inks from the centre out, the
    /// centre's first.
    var radius: [Float] = []
    var ink: [Color] = []

    /// Nil when the centre is not inside the box: there is no ray to follow then.
    init?(center: Point, box: Rect, rings: Rings, radii: Bands, color: Color) {
      guard box.contains(center) else { return nil }
      (self.center, self.box) = (center, box)
      radius.append(0)
      ink.append(color.scaledAlpha(radii.alpha(0)))
      for j in 0..<rings.count {
        radius.append(rings.radius[j])
        ink.append(Color(packed: rings.ink[j]))
      }
    }

    /// How far the ray from the centre along unit direction `d` runs inside the box.
    func limit(along d: Point) -> Float {
      let x =
        d.x > 0 ? (box.hi.x - center.x) / d.x : d.x < 0 ? (box.lo.x - center.x) / d.x : .infinity
      let y =
        d.y > 0 ? (box.hi.y - center.y) / d.y : d.y < 0 ? (box.lo.y - center.y) / d.y : .infinity
      return max(min(x, y), 0)
    }

    /// The point `distance` along `d`, held inside the box against rounding.
    func point(along d: Point, at distance: Float) -> Point {
      let p = center + d * distance
      return Point(min(max(p.x, box.lo.x), box.hi.x), min(max(p.y, box.lo.y), box.hi.y))
    }

    /// The colour the bands give at `distance` from the centre: interpolated between the
    /// radii either side, as the strip between them is.
    func ink(at distance: Float) -> Color {
      var j = 1
      while j < radius.count - 1 && radius[j] < distance { j += 1 }
      let span = radius[j] - radius[j - 1]
      let t = span > 0 ? min(max((distance - radius[j - 1]) / span, 0), 1) : 1
      return Mesh.lerp(Vertex(.zero, ink[j - 1]), Vertex(.zero, ink[j]), t).color
    }
  }

  /// Twice the area of a triangle big enough to need no check: eight times the least
  /// `addOrientedTriangle` keeps.
  static let uncheckedArea = 8 * Mesh.minimumDoubleArea

  /// The rings of a band list, after a fan's centre: each one's radius grown by the area
  /// scale, its ink, and whether a strip joins it to the next.
  struct Rings {
    /// Whether the first radius is the centre (a fan), and how many rings follow.
    var fan: Bool
    var count: Int
    var radius = SIMD4<Float>(repeating: 0)
    /// Packed (`Color.packed`).
    var ink = SIMD4<UInt32>(repeating: 0)
    var strip = SIMD4<UInt32>(repeating: 0)
    /// How many strips, and the thinnest band (a fan's first radius, or a strip's width).
    var strips = 0
    var thinnest: Float

    init(_ radii: Bands, color: Color, scale k: Float) {
      fan = radii.radius(0) <= 0
      let first = fan ? 1 : 0
      count = radii.count - first
      thinnest = fan ? radii.radius(1) : radii.outer
      for j in first..<(radii.count - 1) where radii.radius(j + 1) > radii.radius(j) {
        strips += 1
        thinnest = min(thinnest, radii.radius(j + 1) - radii.radius(j))
      }
      for j in first..<radii.count {
        radius[j - first] = radii.radius(j) * k
        ink[j - first] = color.scaledAlpha(radii.alpha(j)).packed
        if j + 1 < radii.count, radii.radius(j + 1) > radii.radius(j) { strip[j - first] = 1 }
      }
    }
  }

  /// Writes the fan about vertex `c` and the strips between rings, the rings' vertices
  /// starting at `base`; each triangle checked (`orientedTriangle`) when `checked`.
  /// Directions turn by positive angles: `c, i, i + 1` winds positively, and so does each
  /// strip's quad walked inner i, outer i, outer i + 1, inner i + 1. The last segment ends on
  /// the first vertices rather than on copies computed at 2π (see `emit`).
  static func writeTriangles(
    _ rings: Rings, segments: Int, centre: UInt32?, base: UInt32, checked: Bool,
    _ w: inout MeshWriter
  ) {
    let stride = UInt32(truncatingIfNeeded: rings.count)
    var here = base
    for step in 0..<segments {
      let next = step == segments - 1 ? base : here &+ stride
      if let c = centre {
        if checked { w.orientedTriangle(c, here, next) } else { w.triangle(c, here, next) }
      }
      for j in 0..<(rings.count - 1) where rings.strip[j] != 0 {
        let a = here &+ UInt32(truncatingIfNeeded: j)
        let b = next &+ UInt32(truncatingIfNeeded: j)
        if checked {
          w.orientedTriangle(a, a &+ 1, b &+ 1)
          w.orientedTriangle(a, b &+ 1, b)
        } else {
          w.quad(a, a &+ 1, b &+ 1, b)
        }
      }
      here = next
    }
  }
}

extension Radial {
  /// Writes the first ring's polygon as a fan from its first corner, the rings' vertices
  /// starting at `base` (see `writeTriangles`): corners 0, i, i + 1 wind as the centred
  /// fan's triangles do.
  static func writeFlatFan(
    _ rings: Rings, segments: Int, base: UInt32, checked: Bool, _ w: inout MeshWriter
  ) {
    let stride = UInt32(truncatingIfNeeded: rings.count)
    var here = base &+ stride
    for _ in 1..<(segments - 1) {
      let next = here &+ stride
      if checked {
        w.orientedTriangle(base, here, next)
      } else {
        w.triangle(base, here, next)
      }
      here = next
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
