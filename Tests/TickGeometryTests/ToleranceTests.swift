import Testing

@testable import TickGeometry

@Suite struct ToleranceTests {
  /// The largest gap between an arc and its chords when split into `n` segments.
  func deviation(radius r: Float, angle: Float, segments n: Int) -> Float {
    r * (1 - Math.cos(angle / Float(n) / 2))
  }

  @Test(arguments: [1, 2, 5, 23.5, 50, 100, 1000] as [Float])
  func segmentsMeetToleranceAndNoMore(radius: Float) {
    for angle in [Float.pi / 2, .pi, 2 * .pi] {
      let n = Tolerance.arcSegments(radius: radius, angle: angle, tolerance: 0.25)
      #expect(deviation(radius: radius, angle: angle, segments: n) <= 0.25 + 1e-4)
      let floor = Int((8 * angle / (2 * .pi)).rounded(.up))
      if n > floor {
        // One fewer would break the tolerance: no more segments than needed.
        #expect(deviation(radius: radius, angle: angle, segments: n - 1) > 0.25)
      }
    }
  }

  @Test func fullCircleNeverUnderEight() {
    for r: Float in [0.01, 0.1, 0.25, 0.5, 1] {
      #expect(Tolerance.arcSegments(radius: r, angle: 2 * .pi) >= 8)
    }
  }

  @Test func badInputsGiveTheFloor() {
    #expect(Tolerance.arcSegments(radius: .nan, angle: 2 * .pi) == 8)
    #expect(Tolerance.arcSegments(radius: -3, angle: 2 * .pi) == 8)
    #expect(Tolerance.arcSegments(radius: 10, angle: .infinity) == 1)
    #expect(Tolerance.arcSegments(radius: 10, angle: 2 * .pi, tolerance: 0) == 8)
    #expect(Tolerance.arcSegments(radius: 1e30, angle: 2 * .pi) <= 1024)
  }
}

/// The tabulated counts (`Tolerance.arcSegments(radius:sweep:tolerance:)`, what discs, rings
/// and the fast path's caps use): the fewest chords within the tolerance, worked out in
/// double precision, and the same as the formula's but where its single-precision
/// `1 − tolerance / radius` rounds (large radii, counts within a few hundredths of a whole
/// number).
@Suite struct ToleranceTableTests {
  @Test(arguments: Tolerance.Sweep.allCases)
  func tableGivesTheFewestChordsWithinTolerance(sweep: Tolerance.Sweep) {
    var samples = 0
    var mismatches = 0
    for tolerance: Float in [0.05, 0.25, 1] {
      var radius: Float = 0.01
      while radius < 5000 {
        let n = Tolerance.arcSegments(radius: radius, sweep: sweep, tolerance: tolerance)
        func deviation(_ n: Int) -> Double {
          Double(radius) * (1 - Math.cosDouble(Double(sweep.angle) / Double(2 * n)))
        }
        let floor = Tolerance.floor(sweep)
        #expect(n >= floor && deviation(n) <= Double(tolerance) * (1 + 1e-9), "r \(radius)")
        if n > floor { #expect(deviation(n - 1) > Double(tolerance), "r \(radius): \(n)") }
        samples += 1
        if n != Tolerance.arcSegments(radius: radius, angle: sweep.angle, tolerance: tolerance) {
          mismatches += 1
        }
        radius *= 1.003
      }
    }
    #expect(mismatches * 100 <= samples, "\(mismatches) of \(samples) differ from the formula")
  }
}
