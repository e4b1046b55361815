/// A CSS / Core Animation timing Bézier: P0 = (0, 0), P1 = (x1, y1), P2 = (x2, y2),
/// P3 = (1, 1), evaluated as y for a given x.
///
/// The curve is parametric in s ∈ [0, 1]. The coordinates are kept as power-basis
/// polynomials, `x(s) = ((ax·s + bx)·s + cx)·s` and likewise for y, so each evaluation is
/// three multiply-adds. Mapping time to progress means solving x(s) = t for s, then
/// returning y(s).
///
/// x is non-decreasing in s whenever x1 and x2 lie in [0, 1]: x′(s) is a quadratic
/// Bernstein polynomial with coefficients 3·x1, 3·(x2 − x1) and 3·(1 − x2), and its
/// minimum, reached at x1 = 1, x2 = 0, is the perfect square 3·(1 − 2s)². So the init
/// clamps x1 and x2 to [0, 1], and x(s) = t then has one solution (or one interval of them).
public struct CubicBezier: Equatable, Sendable {
  /// The first control point's x, clamped to [0, 1].
  public let x1: Double
  /// The first control point's y.
  public let y1: Double
  /// The second control point's x, clamped to [0, 1].
  public let x2: Double
  /// The second control point's y.
  public let y2: Double

  // Power-basis coefficients, precomputed once: x(s) = ax·s³ + bx·s² + cx·s.
  let ax: Double
  let bx: Double
  let cx: Double
  let ay: Double
  let by: Double
  let cy: Double
  // The derivative in Bernstein form, x′(s) = (1 − s)²·dx0 + 2(1 − s)s·dx1 + s²·dx2, and
  // likewise for y. The power basis would give x′(1) = 3ax + 2bx + cx, which for
  // ease-in should be 0 but rounds to about 1e-16, enough to turn the end slope's 0/0
  // limit into garbage; the Bernstein form gives exactly 3·(1 − x2) there.
  let dx0: Double
  let dx1: Double
  let dx2: Double
  let dy0: Double
  let dy1: Double
  let dy2: Double

  /// Stop Newton once |x(s) − t| is this small.
  ///
  /// Finer than the 1e-6 the curves are specified to: an error δ in x becomes about
  /// slope·δ in y, and the named curves reach slopes near 2, so a 1e-6 stop could leave y
  /// off by 2e-6. At 1e-9, y stays within 1e-6 wherever the slope is below 1000.
  static let xTolerance = 1e-9
  /// Below this |x′(s)|, a Newton step is too long to trust, so the solver bisects instead.
  static let minimumSlope = 1e-6

  /// Makes the curve from its two inner control points.
  ///
  /// x1 and x2 are clamped to [0, 1] (outside it x would fold back and a time could map
  /// to several progresses). A non-finite coordinate is replaced by the linear curve's
  /// (0, 0, 1, 1) value for that slot, so the curve is always defined.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    func clean(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
    self.x1 = min(max(clean(x1, 0), 0), 1)
    self.y1 = clean(y1, 0)
    self.x2 = min(max(clean(x2, 1), 0), 1)
    self.y2 = clean(y2, 1)
    // Bernstein to power basis: c = 3·P1, b = 3·(P2 − P1) − c, a = 1 − c − b.
    cx = 3 * self.x1
    bx = 3 * (self.x2 - self.x1) - cx
    ax = 1 - cx - bx
    cy = 3 * self.y1
    by = 3 * (self.y2 - self.y1) - cy
    ay = 1 - cy - by
    dx0 = 3 * self.x1
    dx1 = 3 * (self.x2 - self.x1)
    dx2 = 3 * (1 - self.x2)
    dy0 = 3 * self.y1
    dy1 = 3 * (self.y2 - self.y1)
    dy2 = 3 * (1 - self.y2)
  }

  // MARK: - Parametric form

  /// x at curve parameter `s`.
  public func x(atParameter s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

  /// y at curve parameter `s`.
  public func y(atParameter s: Double) -> Double { ((ay * s + by) * s + cy) * s }

  /// dx/ds at curve parameter `s`.
  public func xDerivative(atParameter s: Double) -> Double {
    let u = 1 - s
    return u * u * dx0 + 2 * u * s * dx1 + s * s * dx2
  }

  /// dy/ds at curve parameter `s`.
  public func yDerivative(atParameter s: Double) -> Double {
    let u = 1 - s
    return u * u * dy0 + 2 * u * s * dy1 + s * s * dy2
  }

  // MARK: - Solving for x

  /// The curve parameter s at which x(s) = `x`, for `x` clamped to [0, 1] (NaN → 0).
  ///
  /// Exact at the ends (0 → 0, 1 → 1). Elsewhere it uses Newton's method from s = x, a
  /// good first guess because x(s) ≈ s for gentle curves, and falls back to bisection when
  /// the derivative is too small for a safe step or a step leaves [0, 1]. WebKit's and
  /// Chromium's timing functions solve the same way; bisection always converges because x
  /// is monotonic.
  ///
  /// Limit 1: near a vertical tangent (x′(s) = 0 inside the curve, as for
  /// (1, 0, 0, 1) at x = 0.5) a small error in x is a large one in s, so s is only as good
  /// as `xTolerance` allows there (tested in `TimingCurveTests.extremeControlPointsBehave`).
  public func parameter(forX x: Double) -> Double {
    guard x > 0 else { return 0 }  // Also catches NaN.
    guard x < 1 else { return 1 }
    var s = x
    for _ in 0..<8 {
      let error = self.x(atParameter: s) - x
      if abs(error) < Self.xTolerance { return s }
      let slope = xDerivative(atParameter: s)
      if abs(slope) < Self.minimumSlope { break }
      let next = s - error / slope
      if !(next >= 0 && next <= 1) { break }
      s = next
    }
    // Bisection keeps x(lo) ≤ x ≤ x(hi); 60 halvings reach the limit of a Double in s.
    var lo = 0.0
    var hi = 1.0
    s = x
    for _ in 0..<60 {
      let value = self.x(atParameter: s)
      if abs(value - x) < Self.xTolerance { return s }
      if value < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }

  // MARK: - Timing

  /// Progress at time fraction `t` (clamped to [0, 1], NaN → 0); exactly 0 and 1 at the
  /// ends.
  public func value(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    guard t < 1 else { return 1 }
    return y(atParameter: parameter(forX: t))
  }

  /// The slope dy/dx at time fraction `t` (clamped to [0, 1], NaN → 0).
  ///
  /// Where x′(s) and y′(s) are both zero (an end whose control point sits on it, as for
  /// ease-out at t = 0) the slope is the limit, taken from the higher derivatives
  /// (l'Hôpital). Where only x′(s) is zero the tangent is vertical and the slope is ±∞,
  /// as for cubic-bezier(0, 1, 1, 0) at both ends.
  public func slope(at t: Double) -> Double {
    let s = parameter(forX: t.isFinite ? min(max(t, 0), 1) : 0)
    let dx = xDerivative(atParameter: s)
    let dy = yDerivative(atParameter: s)
    if dx != 0 { return dy / dx }
    if dy != 0 { return dy > 0 ? .infinity : -.infinity }
    // Second derivatives, also in Bernstein form: 2·((1 − s)·(d1 − d0) + s·(d2 − d1)).
    let ddx = 2 * ((1 - s) * (dx1 - dx0) + s * (dx2 - dx1))
    let ddy = 2 * ((1 - s) * (dy1 - dy0) + s * (dy2 - dy1))
    if ddx != 0 { return ddy / ddx }
    if ddy != 0 { return ddy > 0 ? .infinity : -.infinity }
    // x′, x″ and x‴ cannot all vanish: x would be constant, yet it runs from 0 to 1.
    let dddx = dx2 - 2 * dx1 + dx0
    return dddx != 0 ? (dy2 - 2 * dy1 + dy0) / dddx : 1
  }
}
