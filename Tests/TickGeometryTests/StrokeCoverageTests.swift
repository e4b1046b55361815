import Testing
import TickGeometry

/// The rasteriser checks of issue 3 at 16 samples per pixel: (a) no sample covered twice,
/// fringe included; (b) coverage within 1 % of the exact shape's area plus the tolerance
/// band; (c) fringe alpha falling monotonically outwards.
///
/// Sample sizes, to keep the debug suite under a minute on two cores: the whole progress
/// sweep (0…1 in steps of 0.01) at 4, 8, 16, 32 and 50 px, and at the other sizes the
/// progress values around the corner and the ends, where the geometry changes. (The
/// structural properties cover every size and progress: `StrokerPropertyTests`.)
@Suite struct StrokeCoverageTests {
  static let smallSizes: [Float] = [4, 8, 16, 32, 50]
  static let largeSizes: [Float] = [5, 12, 24, 64, 100, 128, 256, 512]
  static let keyProgress: [Float] = [
    0.01, 0.2, 0.4, 0.41, 0.4165, 0.418, 0.42, 0.425, 0.43, 0.44, 0.45, 0.5, 0.75, 1,
  ]

  /// Strokes the `size` tick trimmed to `end` and checks (a), (b) and (c).
  func checkTick(size: Float, end: Float, antialias: Bool) {
    var pts: [Point] = []
    TickShape.tick(origin: Point(2.3, 1.7), width: size, height: size).trimmed(
      end: end, into: &pts)
    let width = TickShape.tickWidth * size
    let feather = Feather(antialias: antialias)
    var mesh = Mesh()
    Stroker.strokeRound(pts, width: width, color: .white, feather: feather, into: &mesh)
    let context = "tick \(size) end \(end) aa \(antialias)"
    checkStructure(mesh, context)
    guard !pts.isEmpty else {
      #expect(mesh.isEmpty, "\(context): nothing to draw")
      return
    }
    let half = width / 2
    let m = measureStroke(mesh, points: pts, margin: half + 2) {
      distance(from: $0, toPolyline: pts) <= half
    }
    #expect(m.overlaps == 0, "\(context): \(m.overlaps) samples twice, at \(m.firstOverlap!)")
    #expect(m.risingFringes == 0, "\(context): \(m.risingFringes) fringe triangles rise")
    // Under 1 px wide the feather is a 2-px band of scaled alpha (as nanovg's), not the
    // exact shape; and without anti-aliasing a stroke that narrow draws as it is.
    if !antialias || width >= 1 {
      let b = feather.band(width: width)!
      let allowed = allowedAreaError(
        exact: m.exact, radius: b.outer, roundAngle: roundAngle(pts), feather: feather)
      #expect(
        abs(m.covered - m.exact) <= allowed,
        "\(context): covered \(m.covered) vs exact \(m.exact) (±\(allowed))")
    }
  }

  @Test(arguments: smallSizes)
  func smallTickAtEveryProgress(size: Float) {
    for step in 0...100 {
      for aa in [true, false] { checkTick(size: size, end: Float(step) / 100, antialias: aa) }
    }
  }

  /// At 256 and 512 px a raster holds up to a million samples: fewer progress values.
  static let hugeProgress: [Float] = [0.01, 0.4165, 0.42, 0.45, 1]

  @Test(arguments: largeSizes)
  func largeTickAroundTheCornerAndEnds(size: Float) {
    for end in size >= 256 ? Self.hugeProgress : Self.keyProgress {
      for aa in [true, false] { checkTick(size: size, end: end, antialias: aa) }
    }
  }

  @Test func halfAlphaTickShowsNoSeamAtJoinOrCaps() {
    // Issue 3, done-when: a 50 %-alpha tick blends once everywhere, so no sample is darker
    // than one layer of its colour.
    let ink = Color(r: 255, g: 255, b: 255, a: 128)
    for size: Float in [16, 50, 128] {
      for end: Float in [0.3, 0.42, 0.45, 0.6, 1] {
        var pts: [Point] = []
        TickShape.tick(origin: .zero, width: size, height: size).trimmed(end: end, into: &pts)
        var mesh = Mesh()
        Stroker.strokeRound(pts, width: TickShape.tickWidth * size, color: ink, into: &mesh)
        var r = CoverageRasterizer(around: pts, margin: size * 0.03 + 2)
        r.draw(mesh)
        let darkest = r.coverage.max() ?? 0
        // Half a unit of 8-bit alpha for the rasteriser's own rounding.
        #expect(darkest <= 128.5 / 255, "size \(size) end \(end): darkest \(darkest)")
      }
    }
  }

  @Test func sharpTurnsAndRepeatedPointsAreCoveredOnce() {
    let cases: [([Point], Float)] = [
      ([Point(5, 5), Point(30, 6), Point(6, 9)], 4),  // a 170° turn
      ([Point(5, 5), Point(30, 5), Point(5, 5.5)], 3),  // almost back on itself
      ([Point(5, 20), Point(20, 5), Point(35, 20)], 6),  // a right angle
      ([Point(5, 5), Point(5, 5), Point(20, 20), Point(20, 20), Point(30, 8)], 5),
      ([Point(5, 5), Point(20, 20), Point(20.5, 19), Point(35, 5)], 6),  // a short middle
      ([Point(5, 5), Point(30, 30), Point(30, 5), Point(5, 30)], 5),  // crosses itself
      ([Point(8, 8), Point(9, 9)], 12),  // shorter than wide
      ([Point(20, 20)], 9),  // a dot
    ]
    for (pts, width) in cases {
      for aa in [true, false] {
        let feather = Feather(antialias: aa)
        var mesh = Mesh()
        Stroker.strokeRound(pts, width: width, color: .white, feather: feather, into: &mesh)
        let context = "\(pts) width \(width) aa \(aa)"
        checkStructure(mesh, context)
        let m = measureStroke(mesh, points: pts, margin: width / 2 + 2) {
          distance(from: $0, toPolyline: pts) <= width / 2
        }
        #expect(m.overlaps == 0, "\(context): \(m.overlaps) twice at \(m.firstOverlap!)")
        #expect(m.risingFringes == 0, "\(context): \(m.risingFringes) rising")
        let allowed = allowedAreaError(
          exact: m.exact, radius: width / 2 + 0.5, roundAngle: roundAngle(pts),
          feather: feather)
        #expect(abs(m.covered - m.exact) <= allowed, "\(context): \(m.covered) vs \(m.exact)")
      }
    }
  }

  @Test func randomPolylinesAreCoveredOnce() {
    // Free points, repeated points and short steps; paths that cross themselves included.
    // Paths that turn back to within a fraction of a degree of themselves are the limit
    // (`StrokeEngine`, limit 1) and are not drawn here: see `StrokerFuzzTests`.
    var random = SeededRandom(seed: 3)
    for trial in 0..<120 {
      let pts = random.polyline(maxPoints: 7, in: 6, 34)
      let width = random.float(0.5, 9)
      let aa = trial % 2 == 0
      let feather = Feather(antialias: aa)
      var mesh = Mesh()
      Stroker.strokeRound(pts, width: width, color: .white, feather: feather, into: &mesh)
      let context = "trial \(trial): \(pts) width \(width) aa \(aa)"
      checkStructure(mesh, context)
      let m = measureStroke(mesh, points: pts, margin: width / 2 + 2) {
        distance(from: $0, toPolyline: pts) <= width / 2
      }
      #expect(m.overlaps == 0, "\(context): \(m.overlaps) twice at \(m.firstOverlap!)")
    }
  }
}
