import Testing
import TickGeometry

/// Regression: the software renderer drew a line of background from a disc's centre to its
/// right edge. A closed shape's last segment ended on copies of its first vertices computed
/// at 2π, a few ulps away, and vertex snapping opened the crack between them.
@Suite struct RadialSeamTests {
  @Test(arguments: [true, false])
  func closedShapesReuseTheirFirstVertices(aa: Bool) {
    var mesh = Mesh()
    Fill.disc(
      center: Point(40.3, 25.7), radius: 23.5, color: .white, feather: Feather(antialias: aa),
      into: &mesh)
    Fill.ring(
      center: Point(140.3, 25.7), radius: 23.5, width: 1, color: .white,
      feather: Feather(antialias: aa), into: &mesh)
    // No two vertices share a position: every edge between segments is the same pair of
    // vertices on both sides, so no crack can open.
    // Positions are compared to a thousandth of a pixel: near-copies count as duplicates.
    var seen = Set<[Int]>()
    for v in mesh.vertices {
      let key = [Int((v.x * 1000).rounded()), Int((v.y * 1000).rounded())]
      #expect(seen.insert(key).inserted, "duplicate \(v)")
    }
  }
}
