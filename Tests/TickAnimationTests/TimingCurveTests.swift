import Testing
import TickAnimation

/// Bézier control points as the tests spell them.
private struct Points: Sendable, CustomTestStringConvertible {
  var x1: Double
  var y1: Double
  var x2: Double
  var y2: Double

  var testDescription: String { "(\(x1), \(y1), \(x2), \(y2))" }
  var curve: TimingCurve { .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
  var bezier: CubicBezier { CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }

  /// y for a given x, computed independently of the production solver: the Bernstein form
  /// evaluated directly, and x(s) = x solved by bisection to the last bit of s.
  func referenceValue(at x: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if mid <= lo || mid >= hi { break }
      if bernstein(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(y1, y2, (lo + hi) / 2)
  }
}

/// The named curves with Core Animation's published control points.
private let named: [(TimingCurve, Points)] = [
  (.easeIn, Points(x1: 0.42, y1: 0, x2: 1, y2: 1)),
  (.easeOut, Points(x1: 0, y1: 0, x2: 0.58, y2: 1)),
  (.easeInEaseOut, Points(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
  (.systemDefault, Points(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)),
]

/// Ordinary custom curves: overshoot both ways, a flat middle, a steep middle.
private let custom: [Points] = [
  Points(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
  Points(x1: 0.17, y1: 0.67, x2: 0.83, y2: 0.67),
  Points(x1: 0.5, y1: 0, x2: 0.5, y2: 1),
  Points(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9),
  Points(x1: 0.3, y1: 1.4, x2: 0.7, y2: -0.4),
]

/// Control points at the edges of what is allowed.
private let extreme: [Points] = [
  Points(x1: 0, y1: 0, x2: 1, y2: 1),
  Points(x1: 1, y1: 0, x2: 0, y2: 1),
  Points(x1: 0, y1: 1, x2: 1, y2: 0),
  Points(x1: 0.99, y1: -2, x2: 0.01, y2: 3),
]

private let tenths = (1...9).map { Double($0) / 10 }

@Suite struct TimingCurveTests {
  // MARK: - Values against the reference

  @Test func namedCurvesMatchTheReference() {
    for (curve, points) in named {
      #expect(curve.bezier == points.bezier)
      for x in tenths {
        let got = curve.value(at: x)
        let want = points.referenceValue(at: x)
        #expect(abs(got - want) < 1e-6, "\(curve) at \(x): \(got) vs \(want)")
      }
    }
  }

  @Test(arguments: custom + [extreme[0], extreme[3]])
  fileprivate func customCurvesMatchTheReference(points: Points) {
    for x in tenths {
      let got = points.curve.value(at: x)
      let want = points.referenceValue(at: x)
      #expect(abs(got - want) < 1e-6, "at \(x): \(got) vs \(want)")
    }
  }

  @Test func knownValues() {
    // Symmetric curves pass through the middle; linear control points give a line.
    #expect(abs(TimingCurve.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
    #expect(abs(TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1).value(at: 0.3) - 0.3) < 1e-9)
    // ease-in starts slowly and ease-out fast, and they mirror each other.
    for x in tenths {
      let sum = TimingCurve.easeIn.value(at: x) + TimingCurve.easeOut.value(at: 1 - x)
      #expect(abs(sum - 1) < 1e-9)
      #expect(TimingCurve.easeIn.value(at: x) < x && TimingCurve.easeOut.value(at: x) > x)
    }
  }

  @Test func linearIsUnchanged() {
    #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    #expect(TimingCurve.linear.value(at: -1) == 0)
    #expect(TimingCurve.linear.value(at: 2) == 1)
    #expect(TimingCurve.linear.value(at: .nan) == 0)
    #expect(TimingCurve.linear.value(at: .infinity) == 1)
    #expect(TimingCurve.linear.bezier == nil && TimingCurve.linear.naturalDuration == nil)
  }

  @Test func everyCurveIsExactAtTheEndsAndClampsItsInput() {
    let curves = TimingCurve.cycle + custom.map(\.curve) + extreme.map(\.curve)
    for curve in curves {
      #expect(curve.value(at: 0) == 0, "\(curve)")
      #expect(curve.value(at: 1) == 1, "\(curve)")
      #expect(curve.value(at: -3) == 0 && curve.value(at: .nan) == 0, "\(curve)")
      #expect(curve.value(at: 7) == 1 && curve.value(at: .infinity) == 1, "\(curve)")
    }
  }

  // MARK: - The x-solver

  @Test(arguments: custom + extreme + named.map(\.1))
  fileprivate func solverIsMonotonicAndExactAtTheEnds(points: Points) {
    let bezier = points.bezier
    #expect(bezier.parameter(forX: 0) == 0 && bezier.parameter(forX: 1) == 1)
    #expect(bezier.parameter(forX: -1) == 0 && bezier.parameter(forX: 2) == 1)
    #expect(bezier.parameter(forX: .nan) == 0)
    let n = 20_000
    var previous = 0.0
    var worstResidual = 0.0
    for i in 0...n {
      let x = Double(i) / Double(n)
      let s = bezier.parameter(forX: x)
      #expect(s >= previous, "s decreased at x = \(x)")
      #expect(s >= 0 && s <= 1)
      worstResidual = max(worstResidual, abs(bezier.x(atParameter: s) - x))
      previous = s
    }
    #expect(worstResidual < 1e-9)
  }

  @Test(arguments: extreme)
  fileprivate func extremeControlPointsBehave(points: Points) {
    let curve = points.curve
    let low = min(0, points.y1, points.y2)
    let high = max(1, points.y1, points.y2)
    for i in 0...1000 {
      let t = Double(i) / 1000
      let y = curve.value(at: t)
      // A Bézier stays inside the hull of its control points.
      #expect(y.isFinite && y >= low - 1e-12 && y <= high + 1e-12, "at \(t): \(y)")
      #expect(!curve.velocity(at: t).isNaN, "velocity at \(t)")
    }
    #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
  }

  @Test func outOfRangeAndNonFiniteControlPointsAreTamed() {
    // The enum cannot refuse them, so the solver clamps x and replaces NaN.
    let wild = TimingCurve.cubicBezier(x1: -4, y1: .nan, x2: 9, y2: .infinity)
    #expect(wild.bezier == CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
    for x in tenths { #expect(abs(wild.value(at: x) - x) < 1e-9) }
  }

  // MARK: - Velocity

  @Test func velocityMatchesAFiniteDifference() {
    let curves =
      TimingCurve.cycle + custom.map(\.curve) + [
        .spring(Spring(stiffness: 100, damping: 20, initialVelocity: 4)),
        .spring(Spring(mass: 2, stiffness: 100, damping: 60, initialVelocity: -2)),
      ]
    let h = 1e-5
    for curve in curves {
      for i in 1...19 {
        let t = Double(i) / 20
        let fd = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
        let v = curve.velocity(at: t)
        #expect(abs(v - fd) <= 1e-4 * max(1, abs(v)), "\(curve) at \(t): \(v) vs \(fd)")
      }
    }
  }

  @Test func velocityAtTheEnds() {
    // One-sided differences at the ends, where the slope is a limit for ease-out.
    let h = 1e-6
    for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .systemDefault] {
      let start = (curve.value(at: h) - curve.value(at: 0)) / h
      let end = (curve.value(at: 1) - curve.value(at: 1 - h)) / h
      #expect(abs(curve.velocity(at: 0) - start) < 1e-3, "\(curve) start")
      #expect(abs(curve.velocity(at: 1) - end) < 1e-3, "\(curve) end")
    }
    // ease-out leaves along (0, 0) → (0.58, 1), ease-in arrives along (0.42, 0) → (1, 1).
    #expect(abs(TimingCurve.easeOut.velocity(at: 0) - 1 / 0.58) < 1e-12)
    #expect(abs(TimingCurve.easeIn.velocity(at: 1) - 1 / 0.58) < 1e-12)
    #expect(TimingCurve.easeIn.velocity(at: 0) == 0)
    // A vertical tangent is an infinite slope, not NaN.
    #expect(TimingCurve.cubicBezier(x1: 0, y1: 1, x2: 1, y2: 0).velocity(at: 0) == .infinity)
    #expect(TimingCurve.linear.velocity(at: .nan) == 1)
  }

  // MARK: - Command line

  @Test func parsesTheNamedCurves() {
    #expect(TimingCurve(argument: "linear") == .linear)
    #expect(TimingCurve(argument: "ease-in") == .easeIn)
    #expect(TimingCurve(argument: "ease-out") == .easeOut)
    #expect(TimingCurve(argument: "ease-in-out") == .easeInEaseOut)
    #expect(TimingCurve(argument: "default") == .systemDefault)
  }

  @Test func parsesBeziersAndSprings() {
    #expect(
      TimingCurve(argument: "cubic-bezier(0.1,0.7,1,0.1)")
        == .cubicBezier(x1: 0.1, y1: 0.7, x2: 1, y2: 0.1))
    #expect(
      TimingCurve(argument: "cubic-bezier(0.99, -2,  0.01, 3)")
        == .cubicBezier(x1: 0.99, y1: -2, x2: 0.01, y2: 3))
    #expect(
      TimingCurve(argument: "cubic-bezier(1,0,0,1)") == .cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1))
    #expect(
      TimingCurve(argument: "cubic-bezier(0,1e3,1,-1.5e2)")
        == .cubicBezier(x1: 0, y1: 1000, x2: 1, y2: -150))
    #expect(
      TimingCurve(argument: "spring(300,20)") == .spring(Spring(stiffness: 300, damping: 20)))
    #expect(
      TimingCurve(argument: "spring(300, 20, -4.5)")
        == .spring(Spring(stiffness: 300, damping: 20, initialVelocity: -4.5)))
    #expect(
      TimingCurve(argument: "spring(100,0)") == .spring(Spring(stiffness: 100, damping: 0)))
  }

  @Test(arguments: [
    "", "Linear", " linear", "linear ", "linear()", "ease", "ease_in", "EASE-IN", "easeIn",
    "cubic-bezier(1.1,0,0,1)", "cubic-bezier(-0.1,0,0,1)", "cubic-bezier(0,0,1.5,1)",
    "cubic-bezier(0,0,-0.01,1)", "cubic-bezier(nan,0,1,1)", "cubic-bezier(0,nan,1,1)",
    "cubic-bezier(0,inf,1,1)", "cubic-bezier(0,0,1,-infinity)", "cubic-bezier(0,1e999,1,1)",
    "cubic-bezier(0,0,1)", "cubic-bezier(0,0,1,1,1)", "cubic-bezier()", "cubic-bezier(0,,1,1)",
    "cubic-bezier(0,0,1,1", "cubic-bezier0,0,1,1)", "cubic-bezier 0,0,1,1",
    "cubic-bezier(0,0,1,1) ", "cubic-bezier( 0,0,1,1)", "cubic-bezier(0 ,0,1,1)",
    "cubic-bezier(0,0,1,1 )", "cubic-bezier(a,b,c,d)", "cubic-bezier(0;0;1;1)",
    "Cubic-Bezier(0,0,1,1)", "cubic-bezier(0,0,1,1)x", "spring(0,10)", "spring(-1,10)",
    "spring(100,-1)", "spring(100)", "spring(100,10,1,2)", "spring(100,nan)",
    "spring(inf,1)", "spring(abc,1)", "spring()", "spring(100,10,inf)", "spring",
  ])
  func rejectsEverythingElse(text: String) {
    #expect(TimingCurve(argument: text) == nil)
  }

  @Test func argumentRoundTrips() {
    let curves: [TimingCurve] =
      TimingCurve.cycle + custom.map(\.curve) + extreme.map(\.curve) + [
        .cubicBezier(x1: 0.1 + 0.2, y1: 1e-7, x2: 1.0 / 3, y2: -123456.789),
        .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1),
        .spring(Spring(stiffness: 0.5, damping: 1e-3, initialVelocity: -7.25)),
        .spring(Spring(stiffness: 170, damping: 26)),
      ]
    for curve in curves {
      let text = curve.argument
      #expect(TimingCurve(argument: text) == curve, "\(text)")
    }
    #expect(TimingCurve.systemDefault.argument == "default")
    #expect(
      TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).argument
        == "cubic-bezier(0.25,0.1,0.25,1)")
    #expect(TimingCurve.spring(Spring(stiffness: 300, damping: 20)).argument == "spring(300,20)")
    // A heavier spring is written as the unit-mass spring with the same motion.
    let heavy = Spring(mass: 2, stiffness: 600, damping: 40, initialVelocity: 1)
    #expect(TimingCurve.spring(heavy).argument == "spring(300,20,1)")
  }

  @Test func cycleHoldsTheNamedCurvesAndOneSpring() {
    #expect(
      TimingCurve.cycle == [
        .linear, .easeIn, .easeOut, .easeInEaseOut, .systemDefault,
        .spring(Spring(stiffness: 300, damping: 20)),
      ])
    for curve in TimingCurve.cycle {
      #expect(TimingCurve(argument: curve.argument) == curve)
    }
    #expect(TimingCurve.cycle.compactMap(\.naturalDuration).count == 1)
  }
}
