import Testing
import TickGeometry

@Suite struct PolylineTests {
  @Test func seedTickLengthAndCorner() {
    let tick = TickShape.tick(origin: .zero, width: 100, height: 100)
    // docs/architecture.md, "The seed view": the path is 0.836·w long and the corner is at
    // 41.65 % of it.
    #expect(abs(tick.length - 83.62) < 0.01)
    #expect(abs(tick.cumulative[1] / tick.length - 0.4165) < 0.0005)
  }

  @Test func trimEndsOnTheArcLength() {
    let line = Polyline([Point(0, 0), Point(10, 0), Point(10, 10)])
    var out: [Point] = []
    line.trimmed(end: 0.25, into: &out)
    #expect(out == [Point(0, 0), Point(5, 0)])
    line.trimmed(end: 0.75, into: &out)
    #expect(out == [Point(0, 0), Point(10, 0), Point(10, 5)])
    line.trimmed(start: 0.5, end: 1, into: &out)
    #expect(out == [Point(10, 0), Point(10, 10)])
    line.trimmed(end: 1, into: &out)
    #expect(out == [Point(0, 0), Point(10, 0), Point(10, 10)])
  }

  @Test func zeroTrimmedLengthDrawsNothing() {
    let line = Polyline([Point(0, 0), Point(10, 0)])
    var out: [Point] = [Point(1, 1)]
    line.trimmed(end: 0, into: &out)
    #expect(out.isEmpty)
    line.trimmed(start: 0.6, end: 0.4, into: &out)
    #expect(out.isEmpty)
    line.trimmed(end: .nan, into: &out)
    #expect(out.isEmpty)
    var mesh = Mesh()
    Stroker.strokeRound(out, width: 3, color: .white, into: &mesh)
    #expect(mesh.isEmpty)
  }

  @Test func nonFinitePointsAreDropped() {
    let line = Polyline([Point(0, 0), Point(.nan, 3), Point(4, 3), Point(.infinity, 0)])
    #expect(line.points == [Point(0, 0), Point(4, 3)])
    #expect(line.length == 5)
    #expect(line.point(atFraction: 0.5) == Point(2, 1.5))
  }
}
