import Testing

@testable import TickFrame
@testable import TickScene

/// The one-dimensional box resample the overview is made of.
@Suite struct AreaWeightsTests {
  static let spans: [(origin: Double, step: Double, count: Int)] = [
    (3.25, 0.8, 20), (-4.6, 1.3, 11), (0, 1, 9), (2.5, 2.5, 4), (-30.2, 0.37, 200),
    (7.9, 0.05, 3), (0.5, 6.1, 2),
  ]
  static let length = 25

  /// Every output the source reaches has weights summing to one (its area), and every
  /// source pixel, summed over the outputs that see it whole, weighs its length.
  @Test func weightsAreAreas() {
    for s in Self.spans {
      var w = AreaWeights()
      w.rebuild(origin: s.origin, step: s.step, count: s.count, length: Self.length)
      var perSource = [Double](repeating: 0, count: s.count)
      for x in w.outputs {
        var covered = 0.0
        w.forEachTap(ofOutput: x, count: s.count) { j, weight in
          perSource[j] += Double(weight)
          covered += Double(weight)
        }
        let inside =
          min(Double(x + 1), s.origin + Double(s.count) * s.step) - max(Double(x), s.origin)
        #expect(abs(covered - inside) < 1e-5, "span \(s), output \(x)")
        let i = x - w.outputs.lowerBound
        let all = (0..<w.taps).reduce(0.0) { $0 + Double(w.weights[i * w.taps + $1]) }
        #expect(abs(all - 1) < 1e-5, "span \(s), output \(x): the background makes up the rest")
      }
      for j in 0..<s.count {
        let a = s.origin + Double(j) * s.step
        if a >= 0, a + s.step <= Double(Self.length) {
          #expect(abs(perSource[j] - s.step) < 1e-5, "span \(s), source \(j)")
        }
      }
    }
  }

  /// The outputs are exactly the pixels the source overlaps, and every tap of theirs
  /// reads inside the padded source.
  @Test func outputsAndTapsStayInside() {
    for s in Self.spans {
      var w = AreaWeights()
      w.rebuild(origin: s.origin, step: s.step, count: s.count, length: Self.length)
      let end = s.origin + Double(s.count) * s.step
      for x in 0..<Self.length {
        let overlaps = min(Double(x + 1), end) > max(Double(x), s.origin)
        #expect(w.outputs.contains(x) == overlaps, "span \(s), output \(x)")
      }
      for i in 0..<w.outputs.count {
        #expect(w.first[i] >= 0 && Int(w.first[i]) + w.taps <= w.paddedCount, "span \(s)")
      }
    }
  }

  /// A source outside the window reaches no output.
  @Test func aSourceOutOfSightHasNoOutputs() {
    var w = AreaWeights()
    w.rebuild(origin: 30, step: 1, count: 5, length: 25)
    #expect(w.outputs.isEmpty && w.sources.isEmpty && w.taps == 0)
    w.rebuild(origin: -10, step: 2, count: 5, length: 25)
    #expect(w.outputs.isEmpty)
  }
}
