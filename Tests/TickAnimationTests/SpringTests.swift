import Testing
import TickAnimation

/// Springs in every regime, with and without an initial push.
private let springs: [Spring] = [
  // Underdamped: ζ = c / (2√(km)) below 1.
  Spring(stiffness: 300, damping: 20),
  Spring(stiffness: 170, damping: 26, initialVelocity: 5),
  Spring(stiffness: 500, damping: 5, initialVelocity: -3),
  Spring(mass: 2, stiffness: 400, damping: 10, initialVelocity: 1),
  // Critically damped: c = 2√(km).
  Spring(stiffness: 100, damping: 20),
  Spring(stiffness: 100, damping: 20, initialVelocity: 25),
  Spring(stiffness: 100, damping: 20, initialVelocity: -4),
  // Overdamped.
  Spring(stiffness: 100, damping: 50),
  Spring(stiffness: 100, damping: 60, initialVelocity: 30),
  Spring(mass: 0.5, stiffness: 100, damping: 40, initialVelocity: -2),
]

/// x(t) integrated numerically with classical Runge–Kutta, independently of the closed form.
private func integrate(_ spring: Spring, until end: Double, dt: Double = 1e-4) -> Double {
  let m = spring.mass
  let k = spring.stiffness
  let c = spring.damping
  func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
  var x = 0.0
  var v = spring.initialVelocity
  let steps = Int((end / dt).rounded())
  for _ in 0..<steps {
    let k1x = v
    let k1v = accel(x, v)
    let k2x = v + dt / 2 * k1v
    let k2v = accel(x + dt / 2 * k1x, v + dt / 2 * k1v)
    let k3x = v + dt / 2 * k2v
    let k3v = accel(x + dt / 2 * k2x, v + dt / 2 * k2v)
    let k4x = v + dt * k3v
    let k4v = accel(x + dt * k3x, v + dt * k3v)
    x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
  }
  return x
}

@Suite struct SpringTests {
  @Test(arguments: springs)
  func startsAtRestPositionZeroWithItsVelocity(spring: Spring) {
    #expect(spring.value(atTime: 0) == 0)
    #expect(abs(spring.velocity(atTime: 0) - spring.initialVelocity) < 1e-12)
    #expect(spring.value(atTime: -1) == 0 && spring.value(atTime: .nan) == 0)
    #expect(spring.velocity(atTime: -1) == spring.velocity(atTime: 0))
  }

  @Test(arguments: springs)
  func matchesNumericalIntegration(spring: Spring) {
    for time in [0.05, 0.13, 0.3, 0.61, 1.0] {
      let want = integrate(spring, until: time)
      let got = spring.value(atTime: time)
      #expect(abs(got - want) < 1e-6, "at \(time) s: \(got) vs \(want)")
    }
  }

  @Test(arguments: springs)
  func convergesToOne(spring: Spring) {
    #expect(abs(spring.value(atTime: 30) - 1) < 1e-9)
    #expect(abs(spring.velocity(atTime: 30)) < 1e-9)
    #expect(spring.value(atTime: .infinity) == 1 && spring.velocity(atTime: .infinity) == 0)
  }

  @Test(arguments: springs)
  func velocityMatchesAFiniteDifference(spring: Spring) {
    let h = 1e-6
    for i in 0...60 {
      let time = Double(i) * 0.025 + 0.001
      let fd = (spring.value(atTime: time + h) - spring.value(atTime: time - h)) / (2 * h)
      let v = spring.velocity(atTime: time)
      #expect(abs(v - fd) < 1e-5 * max(1, abs(v)), "at \(time) s: \(v) vs \(fd)")
    }
  }

  /// The settling time is the last time |x − 1| reaches the threshold, found here by brute
  /// force on a fine grid.
  @Test(arguments: springs)
  func settlingTimeIsTheLastTimeAboveTheThreshold(spring: Spring) {
    let settle = spring.settlingTime
    let eps = Spring.settlingThreshold
    #expect(settle > 0 && settle < Spring.maximumSettlingTime)
    let step = 1e-4
    var lastAbove = 0.0
    var time = 0.0
    while time < settle + 3 {
      if abs(spring.value(atTime: time) - 1) >= eps { lastAbove = time }
      time += step
    }
    #expect(lastAbove <= settle && lastAbove > settle - 2 * step, "\(lastAbove) vs \(settle)")
    // From the settling time on, it stays settled.
    #expect(abs(spring.value(atTime: settle) - 1) < eps)
    // Just before, it is still at the threshold.
    #expect(abs(spring.value(atTime: settle * (1 - 1e-9)) - 1) > eps * (1 - 1e-5))
  }

  @Test func underdampedIsStillMovingAtNineTenthsOfTheSettlingTime() {
    for spring in springs.prefix(4) {
      let settle = spring.settlingTime
      // The envelope decays by e^(−a·0.1·T) over the last tenth; the motion touches it once
      // per half period, so the largest excursion there is at or near the threshold.
      var largest = 0.0
      for i in 0...1000 {
        let time = settle * (0.9 + 0.1 * Double(i) / 1000)
        largest = max(largest, abs(spring.value(atTime: time) - 1))
      }
      #expect(largest >= Spring.settlingThreshold * 0.999, "\(spring): \(largest)")
    }
    // Clearly underdamped springs (ζ ≤ 0.6) overshoot; springs[1], at ζ ≈ 0.997, barely
    // does, and only after it has settled.
    for spring in [springs[0], springs[2], springs[3]] {
      var peak = 0.0
      for i in 0...1000 {
        peak = max(peak, spring.value(atTime: spring.settlingTime * Double(i) / 1000))
      }
      #expect(peak > 1.01)
    }
  }

  @Test func overAndCriticallyDampedApproachWithoutRinging() {
    // Without a push towards 1, they never cross it.
    for spring in [springs[4], springs[6], springs[7]] {
      for i in 0...2000 {
        #expect(spring.value(atTime: Double(i) * 0.005) <= 1)
      }
    }
  }

  @Test func nearCriticalDampingIsContinuous() {
    // Both sides of ζ = 1 must agree with the critical solution: no cancellation blow-up.
    let critical = Spring(stiffness: 100, damping: 20, initialVelocity: 3)
    for offset in [1e-12, 1e-9, 1e-6] {
      for damping in [20 * (1 - offset), 20 * (1 + offset)] {
        let near = Spring(stiffness: 100, damping: damping, initialVelocity: 3)
        for i in 1...40 {
          let time = Double(i) * 0.05
          let diff = abs(near.value(atTime: time) - critical.value(atTime: time))
          // The motion itself moves by O(Δc); rounding noise must stay far below 1e-9.
          #expect(diff < 10 * offset + 1e-9, "c = \(damping) at \(time) s: \(diff)")
          #expect(abs(near.velocity(atTime: time) - critical.velocity(atTime: time)) < 1e-4)
        }
        #expect(abs(near.settlingTime - critical.settlingTime) < 100 * offset + 1e-9)
      }
    }
  }

  @Test func settlingTimeIsCapped() {
    // Undamped never settles; barely damped and heavily overdamped take minutes.
    let undamped = Spring(stiffness: 100, damping: 0)
    #expect(undamped.settlingTime == Spring.maximumSettlingTime)
    #expect(abs(undamped.value(atTime: 0.1 * Double.pi) - 2) < 1e-12)  // Half a period.
    #expect(Spring(stiffness: 100, damping: 0.1).settlingTime == Spring.maximumSettlingTime)
    #expect(Spring(stiffness: 100, damping: 1e4).settlingTime == Spring.maximumSettlingTime)
    // Far-off times stay finite in every regime.
    for spring in springs + [undamped, Spring(stiffness: 1, damping: 1e6)] {
      for time in [1e3, 1e6, 1e12] {
        #expect(spring.value(atTime: time).isFinite && spring.velocity(atTime: time).isFinite)
      }
    }
  }

  @Test func stiffSpringsSettleQuickly() {
    // Settling scales as 1/√(k/m) for fixed ζ.
    let slow = Spring(stiffness: 100, damping: 10)
    let fast = Spring(stiffness: 10_000, damping: 100)
    #expect(abs(fast.settlingTime * 10 - slow.settlingTime) < 1e-9)
  }

  @Test func timingCurveRunsTheSpringOverItsSettlingTime() {
    let spring = Spring(stiffness: 300, damping: 20)
    let curve = TimingCurve.spring(spring)
    #expect(curve.naturalDuration == spring.settlingTime)
    for t in [0.1, 0.25, 0.5, 0.9] {
      #expect(curve.value(at: t) == spring.value(atTime: t * spring.settlingTime))
    }
    // It overshoots in normalized time too, and ends exactly at 1.
    #expect((0...100).contains { curve.value(at: Double($0) / 100) > 1 })
    // Just before the end it is at the threshold, the last time it touches it.
    #expect(abs(abs(curve.value(at: 1 - 1e-12) - 1) - Spring.settlingThreshold) < 1e-9)
    #expect(curve.value(at: 1) == 1 && curve.value(at: 5) == 1)
    #expect(curve.velocity(at: 0) == 0)
    let pushed = TimingCurve.spring(Spring(stiffness: 300, damping: 20, initialVelocity: 2))
    #expect(abs(pushed.velocity(at: 0) - 2 * (pushed.naturalDuration ?? 0)) < 1e-12)
  }
}
