import Testing

@testable import TickGeometry

/// The edge error of a view's disc at every view size from 8 to 128 px, where chords are
/// counted at the disc's edge (`Radial.Bands.edge`) rather than the feather's outer radius:
/// the half-ink outline (midway between each direction's full-ink and no-ink vertices)
/// stays within the tolerance of the true circle, at its vertices and at its chords'
/// middles, and the disc covers the circle's area.
@Suite struct ViewSizeEdgeTests {
  /// The largest distance, in pixels, between the disc's half-ink outline and its circle.
  static func edgeError(radius: Float, feather: Feather) -> Float {
    var mesh = Mesh()
    Fill.disc(center: .zero, radius: radius, color: .white, feather: feather, into: &mesh)
    // Each direction's ring vertices lie on one ray: full ink inside, none outside.
    var inner: [Point] = []
    var outer: [Point] = []
    for v in mesh.vertices where v.position != .zero {
      if v.color.a == 255 {
        inner.append(v.position)
      } else if v.color.a == 0 {
        outer.append(v.position)
      }
    }
    guard inner.count == outer.count, inner.count >= 3 else { return .infinity }
    let edge = zip(inner, outer).map { ($0 + $1) * 0.5 }
    var worst: Float = 0
    for k in edge.indices {
      let a = edge[k]
      let b = edge[(k + 1) % edge.count]
      worst = max(worst, abs(a.length - radius), abs(((a + b) * 0.5).length - radius))
    }
    return worst
  }

  @Test func everyViewSizesDiscEdgeIsWithinTolerance() {
    let feather = Feather()
    for size in 8...128 {
      let radius = TickShape.circleRadius * Float(size)
      let error = Self.edgeError(radius: radius, feather: feather)
      #expect(error <= feather.tolerance * 1.001, "\(size) px: edge \(error) px off")
    }
  }

  @Test func everyViewSizesDiscCoversItsCircle() {
    for size in stride(from: 8, through: 128, by: 3) {
      let radius = TickShape.circleRadius * Float(size)
      var mesh = Mesh()
      let c = Point(radius + 2, radius + 2)
      Fill.disc(center: c, radius: radius, color: .white, into: &mesh)
      var r = CoverageRasterizer(
        minX: 0, minY: 0, maxX: 2 * radius + 4, maxY: 2 * radius + 4, step: 0.1)
      r.draw(mesh)
      let exact = Float.pi * radius * radius
      #expect(abs(r.area - exact) <= 0.02 * exact, "\(size) px: \(r.area) vs \(exact)")
    }
  }
}
