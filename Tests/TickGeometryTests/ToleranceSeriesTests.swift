import Testing

@testable import TickGeometry

/// The fast path's joins count and turn their chords without libm
/// (`Tolerance.arcSegments(radius:tanHalf:tolerance:)`, `Math`'s series): the same counts
/// as the formula but at ties, and rotations true to single precision.
@Suite struct ToleranceSeriesTests {
  @Test func joinCountsAndRotationsMatchTheFormula() {
    var samples = 0
    var mismatches = 0
    for radius: Float in [0.6, 1, 1.46, 2.42, 5, 12, 40, 150] {
      var angle: Float = 0.002
      while angle < 3.1 {
        let tanHalf = Math.tan(angle / 2)
        guard
          let (n, rotation) = Tolerance.arcSegments(
            radius: radius, tanHalf: tanHalf, tolerance: 0.25)
        else {
          #expect(Tolerance.arcSegments(radius: radius, angle: angle, tolerance: 0.25) > 64)
          angle *= 1.01
          continue
        }
        samples += 1
        if n != Tolerance.arcSegments(radius: radius, angle: angle, tolerance: 0.25) {
          mismatches += 1
        }
        let step = angle / Float(n)
        #expect(abs(rotation.x - Math.cos(step)) < 1e-6 && abs(rotation.y - Math.sin(step)) < 1e-6)
        angle *= 1.01
      }
    }
    #expect(mismatches * 100 <= samples, "\(mismatches) of \(samples) differ")
  }

  @Test func seriesAreAccurate() {
    var x: Float = 0
    while x <= 50 {
      #expect(abs(Math.atanSeries(x) - Math.atan2(x, 1)) < 1e-6, "atan \(x)")
      x += 0.01 + x * 0.01
    }
    x = 0
    while x <= .pi / 4 {
      let v = Math.versineSeries(x)
      let exact = Float(1 - Math.cosDouble(Double(x)))
      #expect(abs(v - exact) <= 1e-6 * exact + 1e-12, "versine \(x)")
      x += 0.001
    }
  }

  @Test func roundingWithoutLibmMatchesTheStandardLibrary() {
    var rng = SeededRandom(seed: 28)
    var cases: [Float] = [
      0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999997, -0.49999997, 8_388_607.5, 8_388_608,
      -8_388_609, 1e30, -1e30, .infinity, -.infinity, .ulpOfOne, 16_384.5,
    ]
    for _ in 0..<20_000 {
      cases.append(Float.random(in: -20_000...20_000, using: &rng))
      cases.append(Float(Int.random(in: -40_000...40_000, using: &rng)) / 2)
    }
    for x in cases {
      #expect(Math.round(x) == x.rounded(), "round \(x)")
      if x.isFinite, abs(x) < 1e9 { #expect(Math.ceilInt(x) == Int(x.rounded(.up)), "ceil \(x)") }
    }
    #expect(Math.round(.nan).isNaN)
  }
}
