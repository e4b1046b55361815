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
