import Testing
import TickGeometry

@Suite struct StrokerTests {
  static let sizes: [Float] = [8, 12, 16, 24, 32, 50, 64, 100, 128, 200, 256]
  /// The sizes the area tests sample (a subset, to keep the debug suite under a minute;
  /// `StrokeCoverageTests` covers the rest at 16 samples per pixel).
  static let areaSizes: [Float] = [8, 16, 32, 50, 128]
  static let ends: [Float] = [0, 0.02, 0.2, 0.4, 0.4165, 0.43, 0.45, 0.6, 0.9, 1]

  /// The tick of a `size` view trimmed to `end`, and its stroke width.
  func trimmedTick(size: Float, end: Float) -> ([Point], Float) {
    var pts: [Point] = []
    TickShape.tick(origin: Point(3, 3), width: size, height: size).trimmed(end: end, into: &pts)
    return (pts, TickShape.tickWidth * size)
  }

  /// Covered area of the mesh and exact area of the stroke, sampled on one grid.
  func areas(_ mesh: Mesh, points: [Point], width: Float, size: Float) -> (Float, Float) {
    let step = min(width / 8, 0.25)
    var r = CoverageRasterizer(minX: 0, minY: 0, maxX: size + 6, maxY: size + 6, step: step)
    r.draw(mesh)
    var exact = 0
    for j in 0..<r.height {
      for i in 0..<r.width
      where distance(from: r.samplePoint(i, j), toPolyline: points)
        <= width / 2
      {
        exact += 1
      }
    }
    return (r.area, Float(exact) * step * step)
  }

  @Test(arguments: sizes)
  func tickTessellationIsWellFormedAtEveryProgress(size: Float) {
    for end in Self.ends {
      let (pts, width) = trimmedTick(size: size, end: end)
      for aa in [true, false] {
        var mesh = Mesh()
        Stroker.strokeRound(
          pts, width: width, color: .white, feather: Feather(antialias: aa), into: &mesh)
        checkStructure(mesh, "size \(size) end \(end) aa \(aa)")
        #expect(mesh.isEmpty == (end == 0), "size \(size) end \(end): empty only at 0")
      }
    }
  }

  @Test(arguments: areaSizes)
  func hardEdgedTickCoversTheExactStrokeArea(size: Float) {
    for end in Self.ends where end > 0 {
      let (pts, width) = trimmedTick(size: size, end: end)
      var mesh = Mesh()
      Stroker.strokeRound(
        pts, width: width, color: .white, feather: Feather(antialias: false), into: &mesh)
      let (covered, exact) = areas(mesh, points: pts, width: width, size: size)
      // 2 %, or 0.1 px² for the tiniest stubs, whose short end chords stay on the circle.
      #expect(
        abs(covered - exact) <= max(0.02 * exact, 0.1),
        "size \(size) end \(end): covered \(covered) vs exact \(exact)")
    }
  }

  @Test(arguments: areaSizes.filter { $0 >= 16 })
  func featheredTickKeepsTheExactStrokeArea(size: Float) {
    // The feather runs ±0.5 px about each edge, so its alpha integrates to the exact area
    // along straight edges. Round parts add π/12 px² per full disc (the outer half of a
    // curved fringe is longer than its inner half): the two caps and the join of a tick add
    // at most about 0.4 px², allowed on top of 2 %.
    for end in Self.ends where end > 0.1 {
      let (pts, width) = trimmedTick(size: size, end: end)
      var mesh = Mesh()
      Stroker.strokeRound(pts, width: width, color: .white, into: &mesh)
      let (covered, exact) = areas(mesh, points: pts, width: width, size: size)
      #expect(
        abs(covered - exact) <= 0.02 * exact + 0.4,
        "size \(size) end \(end): covered \(covered) vs exact \(exact)")
    }
  }

  @Test func degenerateInputNeverCrashesOrEmitsNaN() {
    let cases: [[Point]] = [
      [], [Point(5, 5)], [Point(5, 5), Point(5, 5), Point(5, 5)],
      [Point(.nan, 1), Point(2, .infinity)], [Point(0, 0), Point(10, 0), Point(0, 0)],
      [Point(0, 0), Point(1e-6, 0), Point(10, 10)], [Point(-1e7, -1e7), Point(1e7, 1e7)],
    ]
    for pts in cases {
      for width: Float in [-1, 0, .nan, 0.3, 4] {
        for aa in [true, false] {
          var mesh = Mesh()
          Stroker.strokeRound(
            pts, width: width, color: .white, feather: Feather(antialias: aa), into: &mesh)
          checkStructure(mesh, "\(pts) width \(width) aa \(aa)")
          if !(width > 0) { #expect(mesh.isEmpty) }
        }
      }
    }
  }

  @Test func singlePointDrawsADotOfTheStrokeWidth() {
    var mesh = Mesh()
    Stroker.strokeRound(
      [Point(10, 10)], width: 6, color: .white, feather: Feather(antialias: false), into: &mesh)
    let r = mesh.vertices.map { ($0.position - Point(10, 10)).length }.max() ?? 0
    // Vertices sit a little outside the circle so the polygon's area equals the disc's.
    #expect(r >= 3 && r < 3 * 1.06)
  }
}
