import Testing
import TickGeometry

/// The fast path (`Stroker.Engine.fast`) against the general engine, on the same inputs:
/// every input the fast path accepts must have the same properties the engine's output has
/// (well formed, no sample covered twice at 16 samples per pixel, the exact area within
/// tolerance, alpha falling outwards), and cover what the engine covers.
@Suite struct RoundStrokeTests {
  /// What one comparison found.
  struct Outcome {
    var accepted: Bool
  }

  /// Strokes `pts` with both engines; when the fast path accepts them, checks its mesh and
  /// compares the two coverages sample by sample. Returns whether it accepted them.
  @discardableResult
  func compare(_ pts: [Point], width: Float, antialias: Bool, _ context: String) -> Bool {
    let feather = Feather(antialias: antialias)
    var fast = Mesh()
    let accepted = Stroker.strokeRound(
      pts, width: width, color: .white, feather: feather, engine: .fast, into: &fast)
    #expect(accepted != fast.isEmpty, "\(context): drew something exactly when accepted")
    guard accepted else { return false }
    checkStructure(fast, context)
    let half = width / 2
    let margin = half + 2
    let m = measureStroke(fast, points: pts, margin: margin) {
      distance(from: $0, toPolyline: pts) <= half
    }
    #expect(m.overlaps == 0, "\(context): \(m.overlaps) samples twice, at \(m.firstOverlap!)")
    #expect(m.risingFringes == 0, "\(context): \(m.risingFringes) fringe triangles rise")
    let b = feather.band(width: width)!
    let allowed = allowedAreaError(
      exact: m.exact, radius: b.outer, roundAngle: roundAngle(pts), feather: feather)
    if !antialias || width >= 1 {
      #expect(
        abs(m.covered - m.exact) <= allowed,
        "\(context): covered \(m.covered) vs exact \(m.exact) (±\(allowed))")
    }

    var general = Mesh()
    Stroker.strokeRound(
      pts, width: width, color: .white, feather: feather, engine: .general, into: &general)
    var f = CoverageRasterizer(around: pts, margin: margin)
    f.draw(fast)
    var g = CoverageRasterizer(around: pts, margin: margin)
    g.draw(general)
    var difference: Float = 0
    for k in f.coverage.indices { difference += abs(f.coverage[k] - g.coverage[k]) }
    difference *= f.step * f.step
    // Both stray from the exact shape by at most `allowed`, in different places (their
    // chords differ where the engine shares a ray with a neighbour).
    #expect(difference <= 2 * allowed, "\(context): coverage differs by \(difference) px²")
    return true
  }

  /// The tick as the product draws it: every size, progress in steps of 1/50, at an origin
  /// off the pixel grid.
  @Test(arguments: [6, 8, 16, 32, 50, 64, 128] as [Float])
  func tickAtEveryProgress(size: Float) {
    let tick = TickShape.tick(origin: Point(3.3, 2.6), width: size, height: size)
    var pts: [Point] = []
    var accepted = 0
    var total = 0
    for step in 1...50 {
      tick.trimmed(end: Float(step) / 50, into: &pts)
      for aa in [true, false] {
        total += 1
        let width = TickShape.tickWidth * size
        if compare(pts, width: width, antialias: aa, "tick \(size) at \(step)/50 aa \(aa)") {
          accepted += 1
        }
      }
    }
    // Every progress takes the fast path from 32 px, the stub just past the corner included;
    // smaller ticks leave a stub of a few hundredths of a pixel to the general engine.
    if size >= 32 { #expect(accepted == total, "size \(size): \(accepted) of \(total)") }
    if size >= 16 { #expect(accepted * 100 >= total * 95, "size \(size): \(accepted) of \(total)") }
  }

  /// The dash morphing into the tick, turned about the view's centre, trimmed at both ends:
  /// the marks of the animation styles.
  @Test func morphsAndTurns() {
    let dash = [Point(0.28, 0.5), Point(0.5, 0.5), Point(0.72, 0.5)]
    var random = SeededRandom(seed: 12)
    var accepted = 0
    for trial in 0..<160 {
      let size = random.float(12, 90)
      let morph = random.int(4) == 0 ? 0 : random.float(0, 1)
      let turn = random.float(0, 2 * .pi)
      let scale = random.float(0.4, 1.2)
      var pts: [Point] = []
      for k in 0..<3 {
        let u = dash[k].lerp(to: TickShape.unitTick[k], morph)
        let d = Point((u.x - 0.5) * size * scale, (u.y - 0.5) * size * scale)
        let r = Point(Math.cos(turn), Math.sin(turn))
        pts.append(Point(60, 60) + Point(d.x * r.x - d.y * r.y, d.x * r.y + d.y * r.x))
      }
      let polyline = Polyline(pts)
      polyline.trimmed(start: random.float(0, 0.3), end: random.float(0.5, 1), into: &pts)
      let width = TickShape.tickWidth * size * scale
      if compare(pts, width: width, antialias: trial % 2 == 0, "mark \(trial): \(pts)") {
        accepted += 1
      }
    }
    #expect(accepted >= 100, "\(accepted) of 160 marks took the fast path")
  }

  /// Random two- and three-point polylines of every width, turn and length.
  @Test func randomShortPolylines() {
    var random = SeededRandom(seed: 5)
    var accepted = 0
    for trial in 0..<300 {
      let n = 2 + random.int(2)
      let pts = (0..<n).map { _ in Point(random.float(6, 40), random.float(6, 40)) }
      let width = random.float(0.2, 10)
      if compare(pts, width: width, antialias: trial % 2 == 0, "trial \(trial): \(pts) \(width)") {
        accepted += 1
      }
    }
    #expect(accepted >= 150, "\(accepted) of 300 took the fast path")
  }

  @Test func straightAndSlightTurnsTakeTheFastPath() {
    // The dash (three collinear points), a turn of a ten-thousandth of a radian (drawn with
    // a mitre), and one of a hundredth (a one-chord fan).
    let cases: [[Point]] = [
      [Point(10, 20), Point(25, 20), Point(40, 20)],
      [Point(10, 20), Point(25, 20), Point(40, 20.0015)],
      [Point(10, 20), Point(25, 20), Point(40, 20.15)],
    ]
    for pts in cases {
      for aa in [true, false] {
        #expect(compare(pts, width: 3, antialias: aa, "\(pts) aa \(aa)"), "\(pts)")
      }
    }
  }

  @Test func inputOutsideThePreconditionsGoesToTheEngine() {
    let rejected: [([Point], Float)] = [
      ([Point(5, 5), Point(30, 5), Point(5, 6)], 3),  // a near reversal
      ([Point(5, 5), Point(8, 5), Point(6.5, 8)], 6),  // both segments shorter than wide
      ([Point(5, 5), Point(20, 5), Point(20, 20), Point(5, 20)], 2),  // four points
      ([Point(5, 5)], 4),  // a dot
      ([Point(-1e7, 5), Point(1e7, 5)], 2),  // reaching past the clip bounds
    ]
    for (pts, width) in rejected {
      var fast = Mesh()
      #expect(!Stroker.strokeRound(pts, width: width, color: .white, engine: .fast, into: &fast))
      #expect(fast.isEmpty)
      var auto = Mesh()
      #expect(!Stroker.strokeRound(pts, width: width, color: .white, into: &auto))
      #expect(!auto.isEmpty, "\(pts): the engine draws it")
    }
  }
}
