import Testing

@testable import TickGeometry

/// `PolylineClip`: what of a polyline the general engine strokes, given the clip bounds.
@Suite struct PolylineClipTests {
  let box = Rect(lo: Point(0, 0), hi: Point(100, 50))

  func clip(_ input: [Point]) -> [[Point]] {
    var (points, ends) = ([Point](), [Int]())
    PolylineClip.clip(input, to: box, points: &points, runEnds: &ends)
    var start = 0
    return ends.map { end in
      defer { start = end }
      return Array(points[start..<end])
    }
  }

  func expectClose(_ a: [[Point]], _ b: [[Point]], _ comment: Comment? = nil) {
    #expect(a.count == b.count, comment)
    for (ra, rb) in zip(a, b) {
      #expect(ra.count == rb.count, comment)
      for (p, q) in zip(ra, rb) { #expect((p - q).length < 1e-3, "\(p) against \(q)") }
    }
  }

  @Test func insideIsKeptWithRepeatsAndNonFinitePointsDropped() {
    let nan = Point(.nan, 3)
    expectClose(
      clip([Point(10, 10), Point(10, 10), nan, Point(20, 10), Point(20, 10.00001), Point(30, 40)]),
      [[Point(10, 10), Point(20, 10), Point(30, 40)]])
  }

  @Test func leavingAndComingBackMakesTwoRunsCutOnTheEdge() {
    // Out through the right edge at y = 20, back in at y = 30.
    expectClose(
      clip([Point(80, 20), Point(120, 20), Point(120, 30), Point(80, 30)]),
      [[Point(80, 20), Point(100, 20)], [Point(100, 30), Point(80, 30)]])
  }

  @Test func aSegmentCrossingTheBoxIsCutAtBothEnds() {
    expectClose(clip([Point(-50, 25), Point(150, 25)]), [[Point(0, 25), Point(100, 25)]])
    // Wholly outside: nothing.
    expectClose(clip([Point(-50, 60), Point(150, 60)]), [])
  }

  @Test func hugeCoordinatesCrossWhereTheLineDoes() {
    // The line y = x / 4 between points 10³⁰ px away: in Float the parametric crossing
    // rounds to the segment's midpoint, the origin, at both ends; here it is worked out in
    // Double and the run spans the box.
    let far: Float = 1e30
    let runs = clip([Point(-far, -far / 4), Point(far, far / 4)])
    expectClose(runs, [[Point(0, 0), Point(100, 25)]])
  }

  @Test func aSinglePointIsARunOfOneInsideAndNothingOutside() {
    expectClose(clip([Point(5, 5), Point(5, 5)]), [[Point(5, 5)]])
    expectClose(clip([Point(-5, 5)]), [])
    // A lone point left by a cut (a sliver in a corner) is dropped, not stroked as a dot.
    expectClose(clip([Point(-10, 10), Point(0, 0), Point(-10, -10)]), [])
  }
}
