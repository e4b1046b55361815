#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A damped spring that carries progress from 0 to 1, solved in closed form.
///
/// The motion obeys m·x″ = −k·(x − 1) − c·x′ with x(0) = 0 and x′(0) = v0. Writing
/// u = x − 1, a = c / 2m and κ = k/m − a², every regime has the same shape:
///
///     u(t) = e^(−a·t) · (−C(t) + (v0 − a)·S(t))
///     u′(t) = e^(−a·t) · (v0·C(t) + (k/m − a·v0)·S(t))
///
/// with C = cos ωt, S = sin(ωt)/ω when underdamped (κ = ω² > 0); C = 1, S = t when
/// critically damped (κ = 0); and C = cosh γt, S = sinh(γt)/γ when overdamped (κ = −γ²).
/// Written with S rather than as separate exponentials, the solution has no cancellation
/// near critical damping, where the textbook constants grow like 1/ω or 1/γ.
///
/// Time is in seconds. The spring is not tied to a duration: `settlingTime` says when it
/// is done, and `TimingCurve.spring` stretches that over the animation.
public struct Spring: Equatable, Sendable {
  /// The moving mass; only the ratios stiffness/mass and damping/mass shape the motion.
  public let mass: Double
  /// The spring constant k, pulling towards 1.
  public let stiffness: Double
  /// The viscous damping coefficient c; 0 never settles.
  public let damping: Double
  /// The velocity at time 0, in units of the 0 → 1 distance per second.
  public let initialVelocity: Double
  /// The time in seconds after which |x − 1| stays below `settlingThreshold`, at most
  /// `maximumSettlingTime`.
  public private(set) var settlingTime: Double

  /// How close to 1 counts as settled: a thousandth of the distance, a twentieth of a pixel
  /// on a 50-point view.
  public static let settlingThreshold = 0.001
  /// The cap on `settlingTime`, for springs too weakly damped to settle in any useful time
  /// (an undamped spring never does).
  public static let maximumSettlingTime = 10.0

  // Derived constants, computed once.
  /// a = c / 2m, the decay rate of the envelope.
  let decay: Double
  /// κ = k/m − a²: positive underdamped, zero critical, negative overdamped.
  let kappa: Double
  /// ω = √κ or γ = √−κ, the oscillation or split rate.
  let rate: Double

  /// Makes a spring.
  ///
  /// - Precondition: all values finite, `mass > 0`, `stiffness > 0`, `damping >= 0`.
  public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    precondition(mass.isFinite && mass > 0, "Spring mass must be positive and finite")
    precondition(
      stiffness.isFinite && stiffness > 0, "Spring stiffness must be positive and finite")
    precondition(damping.isFinite && damping >= 0, "Spring damping must be >= 0 and finite")
    precondition(initialVelocity.isFinite, "Spring initial velocity must be finite")
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    decay = damping / (2 * mass)
    kappa = stiffness / mass - decay * decay
    rate = abs(kappa).squareRoot()
    settlingTime = 0  // Replaced below, once the motion can be evaluated.
    settlingTime = findSettlingTime()
  }

  // MARK: - Motion

  /// e^(−a·t)·C(t) and e^(−a·t)·S(t) from the type's doc comment, for t ≥ 0.
  private func basis(_ t: Double) -> (c: Double, s: Double) {
    if kappa > 0 {
      let e = exp(-decay * t)
      return (e * cos(rate * t), e * sin(rate * t) / rate)
    }
    if kappa < 0 {
      let g = rate * t
      if g < 1 {
        let e = exp(-decay * t)
        return (e * cosh(g), e * sinh(g) / rate)
      }
      // For larger γt, cosh and sinh overflow long before the product does, so use the two
      // exponentials; the slow rate γ − a is written as −(k/m)/(a + γ) to avoid
      // cancellation when a ≫ γ.
      let slow = exp(-(stiffness / mass) / (decay + rate) * t)
      let fast = exp(-(decay + rate) * t)
      return ((slow + fast) / 2, (slow - fast) / (2 * rate))
    }
    let e = exp(-decay * t)
    return (e, e * t)
  }

  /// Clamps a time: negative and NaN count as 0.
  private static func clampTime(_ seconds: Double) -> Double {
    seconds > 0 ? seconds : 0
  }

  /// The displacement x − 1 at `t` seconds (t ≥ 0, finite).
  private func offset(_ t: Double) -> Double {
    let b = basis(t)
    return -b.c + (initialVelocity - decay) * b.s
  }

  /// Progress at `seconds` after the start: 0 at time 0, tending to 1.
  ///
  /// Negative times and NaN count as 0. Positive infinity gives the rest position, 1.
  /// The value is not clamped: an underdamped spring overshoots 1.
  public func value(atTime seconds: Double) -> Double {
    if seconds == .infinity { return 1 }
    return 1 + offset(Self.clampTime(seconds))
  }

  /// Velocity in units of the 0 → 1 distance per second at `seconds` after the start.
  ///
  /// Negative times and NaN count as 0, so they give `initialVelocity`; positive infinity
  /// gives 0.
  public func velocity(atTime seconds: Double) -> Double {
    if seconds == .infinity { return 0 }
    let b = basis(Self.clampTime(seconds))
    return initialVelocity * b.c + (stiffness / mass - decay * initialVelocity) * b.s
  }

  // MARK: - Settling

  /// The time after which |x − 1| < `settlingThreshold` for good, capped.
  ///
  /// u obeys u″ = −(k/m)·u − 2a·u′, which leaves u″ = −(k/m)·u wherever u′ = 0: an
  /// extremum below 0 is a minimum and one above 0 a maximum. So |u| peaks only at
  /// extrema of u (or at t = 0), and from each peak it falls without a pause to the next
  /// zero of u. If p is the last such peak where |u| ≥ ε, the times t ≥ p with |u(t)| ≥ ε
  /// form one interval [p, L], and L, the settling time, is found by bisection. The
  /// extrema come in closed form:
  /// - underdamped: at ω·t = θ + π/2 + nπ, with |u| = P·e^(−a·t) there, P fixed, so the
  ///   last one above ε is found from a logarithm, not by stepping through periods;
  /// - critically or overdamped: at most one, where tanh(γt)/γ (or t) = −v0 / (k/m − a·v0).
  private func findSettlingTime() -> Double {
    let eps = Self.settlingThreshold
    let cap = Self.maximumSettlingTime
    let v0 = initialVelocity
    let k = stiffness / mass
    guard decay > 0 else { return cap }
    var p = 0.0
    if kappa > 0 {
      // u = e^(−at)·R·cos(ωt − φ) and u′ ∝ cos(ωt − θ).
      let w = rate
      let phi = atan2((v0 - decay) / w, -1)
      let theta = atan2((k - decay * v0) / w, v0)
      let peak = hypot(1, (v0 - decay) / w) * abs(sin(theta - phi))
      let lastAbove = log(peak / eps) / decay
      if lastAbove > 0 {
        let n = ((w * lastAbove - theta - .pi / 2) / .pi).rounded(.down)
        let tn = (theta + .pi / 2 + n * .pi) / w
        if tn > 0 { p = tn }
      }
    } else {
      let d = k - decay * v0
      if d != 0 {
        let ratio = -v0 / d  // S(t_e) / C(t_e) at the extremum.
        var te = -1.0
        if kappa == 0 {
          te = ratio
        } else if ratio * rate < 1 {
          te = atanh(ratio * rate) / rate
        }
        if te > 0 && abs(offset(te)) >= eps { p = te }
      }
    }
    if p >= cap { return cap }
    // Test the value callers see, 1 + u, so that |value − 1| < ε holds as computed at the
    // returned time rather than only in exact arithmetic.
    func above(_ t: Double) -> Bool { abs(value(atTime: t) - 1) >= eps }
    // Grow a step from p until |u| is below ε: that point lies past L.
    var step = 1 / k.squareRoot()
    var hi = p + step
    while above(hi) {
      if hi >= cap { return cap }
      step *= 2
      hi = p + step
    }
    var lo = p
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if mid <= lo || mid >= hi { break }
      if above(mid) { lo = mid } else { hi = mid }
    }
    return min(hi, cap)
  }
}
