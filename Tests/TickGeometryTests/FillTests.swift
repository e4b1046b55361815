import Testing
import TickGeometry

@Suite struct FillTests {
  func coverage(_ mesh: Mesh, extent: Float) -> Float {
    var r = CoverageRasterizer(minX: 0, minY: 0, maxX: extent, maxY: extent, step: 0.1)
    r.draw(mesh)
    return r.area
  }

  @Test(arguments: [true, false])
  func discAreaMatchesTheCircle(aa: Bool) {
    for radius: Float in [3, 10, 23.5, 47] {
      var mesh = Mesh()
      let c = Point(radius + 2, radius + 2)
      Fill.disc(
        center: c, radius: radius, color: .white, feather: Feather(antialias: aa),
        into: &mesh)
      checkStructure(mesh, "disc \(radius) aa \(aa)")
      let exact = Float.pi * radius * radius
      let got = coverage(mesh, extent: 2 * radius + 4)
      #expect(abs(got - exact) <= 0.02 * exact, "radius \(radius): \(got) vs \(exact)")
    }
  }

  @Test func hairlineRingHasTheAreaOfAOnePixelBand() {
    for radius: Float in [10, 23.5, 47] {
      var mesh = Mesh()
      let c = Point(radius + 3, radius + 3)
      Fill.ring(center: c, radius: radius, width: 1, color: .white, into: &mesh)
      checkStructure(mesh, "ring \(radius)")
      let exact = 2 * Float.pi * radius
      let got = coverage(mesh, extent: 2 * radius + 6)
      #expect(abs(got - exact) <= 0.03 * exact, "radius \(radius): \(got) vs \(exact)")
      // It never reaches beyond the feather.
      let far = mesh.vertices.map { ($0.position - c).length }.max() ?? 0
      #expect(far <= (radius + 1) * 1.02)
    }
  }

  @Test func badSizesDrawNothing() {
    var mesh = Mesh()
    Fill.disc(center: Point(0, 0), radius: .nan, color: .white, into: &mesh)
    Fill.disc(center: Point(0, 0), radius: -2, color: .white, into: &mesh)
    Fill.ring(center: Point(0, 0), radius: 5, width: 0, color: .white, into: &mesh)
    Fill.ring(center: Point(.infinity, 0), radius: 5, width: 1, color: .white, into: &mesh)
    #expect(mesh.isEmpty)
  }
}

/// Rounded squares, their rings and convex polygons: well formed, single coverage, and the
/// exact area.
@Suite struct ShapeFillTests {
  /// The exact area of a rounded square (half size `h`, corner radius `r`).
  func roundedSquareArea(_ h: Float, _ r: Float) -> Float {
    4 * h * h - (4 - .pi) * r * r
  }

  /// Rasterises `mesh` at 16 samples per pixel over `extent`, checks structure and single
  /// coverage, and returns the covered area.
  func coveredArea(_ mesh: Mesh, around extent: [Point], _ context: String) -> Float {
    checkStructure(mesh, context)
    var r = CoverageRasterizer(around: extent, margin: 2)
    r.draw(mesh)
    #expect(r.overlaps == 0, "\(context): samples covered twice, first at \(r.firstOverlap!)")
    return r.area
  }

  @Test(arguments: [true, false])
  func roundedSquareAreaAndSingleCoverage(aa: Bool) {
    for (h, r): (Float, Float) in [(10, 0), (10, 3), (10, 10), (23.5, 5.25), (4, 0.3), (25, 7)] {
      var mesh = Mesh()
      let c = Point(40.3, 40.6)
      Fill.roundedSquare(
        center: c, halfSize: h, cornerRadius: r, color: .white,
        feather: Feather(antialias: aa), into: &mesh)
      let got = coveredArea(
        mesh, around: [c - Point(h, h), c + Point(h, h)], "square \(h) \(r) aa \(aa)")
      let exact = roundedSquareArea(h, r)
      #expect(abs(got - exact) <= 0.01 * exact + 0.5, "square \(h) \(r): \(got) vs \(exact)")
    }
  }

  @Test func roundedSquareClampsItsCornerRadius() {
    var a = Mesh()
    var b = Mesh()
    Fill.roundedSquare(
      center: Point(20, 20), halfSize: 8, cornerRadius: 50, color: .white, into: &a)
    Fill.roundedSquare(center: Point(20, 20), halfSize: 8, cornerRadius: 8, color: .white, into: &b)
    #expect(a.vertices == b.vertices && a.indices == b.indices)
    var c = Mesh()
    var d = Mesh()
    Fill.roundedSquare(
      center: Point(20, 20), halfSize: 8, cornerRadius: .nan, color: .white, into: &c)
    Fill.roundedSquare(
      center: Point(20, 20), halfSize: 8, cornerRadius: -1, color: .white, into: &d)
    #expect(c.vertices == d.vertices && !c.isEmpty)
  }

  @Test(arguments: [true, false])
  func roundedSquareRingAreaAndSingleCoverage(aa: Bool) {
    let cases: [(Float, Float, Float)] = [
      (20, 6, 1), (20, 6, 3), (20, 0, 2), (23.5, 0.4, 1.5), (12, 12, 4), (30, 9, 0.5),
    ]
    for (h, r, w) in cases {
      var mesh = Mesh()
      let c = Point(40.25, 39.8)
      Fill.roundedSquareRing(
        center: c, halfSize: h, cornerRadius: r, width: w, color: .white,
        feather: Feather(antialias: aa), into: &mesh)
      let context = "ring \(h) \(r) \(w) aa \(aa)"
      let got = coveredArea(mesh, around: [c - Point(h, h), c + Point(h, h)], context)
      if !aa && w < 1 { continue }
      let t = w / 2
      let exact =
        roundedSquareArea(h + t, r + t)
        - (4 * (h - t) * (h - t) - (4 - .pi) * max(r - t, 0) * max(r - t, 0))
      #expect(abs(got - exact) <= 0.02 * exact + 0.5, "\(context): \(got) vs \(exact)")
    }
  }

  /// The signed distance from `p` to the outline of a rounded square (negative inside).
  func signedDistance(_ p: Point, center c: Point, halfSize h: Float, radius r: Float) -> Float {
    let qx = abs(p.x - c.x) - (h - r)
    let qy = abs(p.y - c.y) - (h - r)
    return Point(max(qx, 0), max(qy, 0)).length + min(max(qx, qy), 0) - r
  }

  @Test func roundedSquareHairlineFadesFromItsCentreLine() {
    var mesh = Mesh()
    let c = Point(30, 30)
    Fill.roundedSquareRing(
      center: c, halfSize: 20, cornerRadius: 5, width: 1, color: .white, into: &mesh)
    // Every vertex within the 1-px feather; full alpha on the outline, zero at ±1 px. Arc
    // vertices between a corner's ends sit up to sqrt(θ/sin θ) further out so the chords keep
    // the arc's area (`Outline.emit`): about 0.15 px here.
    for v in mesh.vertices {
      let d = signedDistance(v.position, center: c, halfSize: 20, radius: 5)
      #expect(abs(d) <= 1.2)
      #expect((v.color.a == 255) == (abs(d) < 0.2), "\(v)")
      #expect((v.color.a == 0) == (abs(d) > 0.8), "\(v)")
    }
  }

  @Test func roundedSquareRingWhoseHoleClosesIsFilled() {
    var ring = Mesh()
    var square = Mesh()
    Fill.roundedSquareRing(
      center: Point(10, 10), halfSize: 3, cornerRadius: 1, width: 8, color: .white, into: &ring)
    Fill.roundedSquare(
      center: Point(10, 10), halfSize: 7, cornerRadius: 5, color: .white, into: &square)
    #expect(ring.vertices == square.vertices && ring.indices == square.indices)
  }

  @Test func badRoundedSquaresDrawNothing() {
    var mesh = Mesh()
    for h: Float in [0, -3, .nan, .infinity] {
      Fill.roundedSquare(
        center: Point(5, 5), halfSize: h, cornerRadius: 1, color: .white, into: &mesh)
      Fill.roundedSquareRing(
        center: Point(5, 5), halfSize: h, cornerRadius: 1, width: 1, color: .white, into: &mesh)
    }
    for w: Float in [0, -1, .nan] {
      Fill.roundedSquareRing(
        center: Point(5, 5), halfSize: 4, cornerRadius: 1, width: w, color: .white, into: &mesh)
    }
    Fill.roundedSquare(
      center: Point(.nan, 5), halfSize: 4, cornerRadius: 1, color: .white, into: &mesh)
    #expect(mesh.isEmpty)
  }

  @Test(arguments: [true, false])
  func convexPolygonAreaAndSingleCoverage(aa: Bool) {
    var hexagon: [Point] = []
    for k in 0..<6 {
      let a = Float(k) * .pi / 3
      hexagon.append(Point(30 + 20 * Math.cos(a), 30 + 20 * Math.sin(a)))
    }
    let polygons: [[Point]] = [
      [Point(5, 5), Point(40, 8), Point(12, 33)],
      [Point(5, 5), Point(12, 33), Point(40, 8)],
      hexagon,
      hexagon.reversed(),
      [Point(2, 2), Point(50, 2), Point(50, 3.5), Point(2, 3.5)],
      [Point(3, 3), Point(60, 10), Point(3, 4)],
      [Point(1, 1), Point(20, 1), Point(20, 1), Point(.nan, 0), Point(20, 20), Point(1, 1)],
    ]
    for pts in polygons {
      var mesh = Mesh()
      Fill.convexPolygon(pts, color: .white, feather: Feather(antialias: aa), into: &mesh)
      let finite = pts.filter(\.isFinite)
      let got = coveredArea(mesh, around: finite, "polygon \(pts) aa \(aa)")
      var twice: Float = 0
      for k in finite.indices { twice += finite[k].cross(finite[(k + 1) % finite.count]) }
      let exact = abs(twice) / 2
      // The thin sliver gets a shallower inner feather, so it reads heavier than exact.
      #expect(abs(got - exact) <= 0.02 * exact + 1.5, "polygon \(pts): \(got) vs \(exact)")
    }
  }

  @Test func degeneratePolygonsDrawNothing() {
    var mesh = Mesh()
    let cases: [[Point]] = [
      [], [Point(1, 1)], [Point(1, 1), Point(5, 5)], [Point(1, 1), Point(2, 2), Point(3, 3)],
      [Point(1, 1), Point(1, 1), Point(1, 1)], [Point(.nan, 1), Point(.infinity, 2), Point(3, 3)],
    ]
    for pts in cases {
      for aa in [true, false] {
        Fill.convexPolygon(pts, color: .white, feather: Feather(antialias: aa), into: &mesh)
      }
    }
    #expect(mesh.isEmpty)
  }

  @Test func nonConvexPolygonStaysWellFormed() {
    let arrow = [Point(0, 0), Point(20, 10), Point(0, 20), Point(6, 10)]
    for aa in [true, false] {
      var mesh = Mesh()
      Fill.convexPolygon(arrow, color: .white, feather: Feather(antialias: aa), into: &mesh)
      checkStructure(mesh, "arrow aa \(aa)")
      #expect(!mesh.isEmpty)
    }
  }
}
