import Testing
import TickGeometry

/// Short polylines: trimmed as `Polyline` trims, stroked as the same points in an array.
@Suite struct ShortPolylineTests {
  @Test func trimmingMatchesPolyline() {
    var rng = SeededRandom(seed: 28)
    for trial in 0..<2_000 {
      let count = trial % 3 + 1
      var short = ShortPolyline()
      for _ in 0..<count {
        short.append(
          Point(Float.random(in: -50...50, using: &rng), Float.random(in: -50...50, using: &rng)))
      }
      let long = Polyline(Array(short))
      let start = trial % 4 == 0 ? 0 : Float.random(in: -0.2...1.2, using: &rng)
      let end = Float.random(in: -0.2...1.2, using: &rng)
      let cut = short.trimmed(start: start, end: end)
      var expected: [Point] = []
      long.trimmed(start: start, end: end, into: &expected)
      #expect(cut.count == expected.count, "\(short) from \(start) to \(end)")
      for (a, b) in zip(cut, expected) {
        #expect((a - b).length < 1e-3, "\(short) from \(start) to \(end)")
      }
    }
  }

  @Test func degenerateInputTrimsToNothing() {
    let p = Point(3, 4)
    #expect(ShortPolyline().trimmed(end: 1).isEmpty)
    #expect(ShortPolyline(p).trimmed(end: 1).isEmpty)
    #expect(ShortPolyline(p, p, p).trimmed(end: 1).isEmpty)
    #expect(ShortPolyline(p, Point(5, 4)).trimmed(start: 0.6, end: 0.5).isEmpty)
    #expect(ShortPolyline(p, Point(.nan, 4)).trimmed(end: 1).isEmpty)
    #expect(ShortPolyline(p, Point(5, 4)).trimmed(end: .nan).isEmpty)
    let moved = ShortPolyline(p, Point(5, 4)).offset(by: Point(1, 1))
    #expect(Array(moved) == [Point(4, 5), Point(6, 5)])
  }

  @Test func strokingIsStrokingTheSamePointsInAnArray() {
    var rng = SeededRandom(seed: 28)
    for trial in 0..<500 {
      var short = ShortPolyline()
      for _ in 0..<(trial % 3 + 1) {
        short.append(
          Point(Float.random(in: 0...40, using: &rng), Float.random(in: 0...40, using: &rng)))
      }
      let width = Float.random(in: 0.5...12, using: &rng)
      let feather = Feather(antialias: trial % 2 == 0)
      var a = Mesh()
      var b = Mesh()
      let fastA = Stroker.strokeRound(
        short, width: width, color: .white, feather: feather, into: &a)
      let fastB = Stroker.strokeRound(
        Array(short), width: width, color: .white, feather: feather, into: &b)
      #expect(fastA == fastB)
      #expect(a.vertices == b.vertices && a.indices == b.indices, "\(short) width \(width)")
    }
  }
}
