/// Maps linear time progress in [0, 1] to animation progress.
///
/// Core Animation's default when no timing function is set is linear, and that is the seed's
/// curve. The named Béziers are Core Animation's (`CAMediaTimingFunctionName`), which CSS
/// shares apart from `default`. A spring is run for its own settling time, stretched or
/// squeezed over the animation's duration; `naturalDuration` says how long it wants.
public enum TimingCurve: Equatable, Sendable {
  /// Progress equals time.
  case linear
  /// Core Animation's `easeIn`: cubic-bezier(0.42, 0, 1, 1).
  case easeIn
  /// Core Animation's `easeOut`: cubic-bezier(0, 0, 0.58, 1).
  case easeOut
  /// Core Animation's `easeInEaseOut`: cubic-bezier(0.42, 0, 0.58, 1).
  case easeInEaseOut
  /// Core Animation's `default`: cubic-bezier(0.25, 0.1, 0.25, 1), the curve of implicit
  /// animations (CSS's `ease`). Named so because `default` is a Swift keyword.
  case systemDefault
  /// A timing Bézier from (0, 0) through the two control points to (1, 1). x1 and x2 are
  /// clamped to [0, 1] when evaluated (see `CubicBezier.init`).
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// A damped spring run over its settling time; it may overshoot 1.
  case spring(Spring)

  /// The Bézier behind the named and custom Bézier curves; nil for linear and springs.
  public var bezier: CubicBezier? {
    switch self {
    case .linear, .spring: return nil
    case .easeIn: return CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    case .easeOut: return CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    case .easeInEaseOut: return CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    case .systemDefault: return CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }
  }

  /// How long the curve wants to run, in seconds: a spring's settling time; nil for the
  /// others, which fit any duration.
  public var naturalDuration: Double? {
    if case .spring(let spring) = self { return spring.settlingTime }
    return nil
  }

  // MARK: - Evaluation

  /// The eased progress for linear progress `t`, clamped to [0, 1] (NaN → 0).
  ///
  /// Every curve gives exactly 0 at 0 and exactly 1 at 1. Between them a Bézier with y
  /// control points outside [0, 1], or a spring, can leave [0, 1]. A spring is within
  /// `Spring.settlingThreshold` of 1 just before t = 1 (unless it hits
  /// `Spring.maximumSettlingTime`), and snaps to 1 at t = 1 so that a finished transition
  /// rests exactly on its target.
  @inlinable public func value(at t: Double) -> Double {
    let c = t >= 0 ? min(t, 1) : 0
    switch self {
    case .linear: return c
    case .spring(let spring):
      return c < 1 ? spring.value(atTime: c * spring.settlingTime) : 1
    case .easeIn, .easeOut, .easeInEaseOut, .systemDefault, .cubicBezier:
      return bezier.map { $0.value(at: c) } ?? c
    }
  }

  /// d(value)/dt in normalized time at `t`, clamped to [0, 1] (NaN → 0).
  ///
  /// This is the derivative of the curve itself, not of the clamp, so at t = 1 it is the
  /// curve's end slope (1 for linear), and a retargeted animation can start with the speed
  /// the old one had. A Bézier with a vertical tangent there gives ±∞
  /// (cubic-bezier(0, 1, 1, 0) at both ends). A spring's is its velocity times its
  /// settling time, since normalized time runs that much faster than seconds.
  public func velocity(at t: Double) -> Double {
    let c = t >= 0 ? min(t, 1) : 0
    switch self {
    case .linear: return 1
    case .spring(let spring):
      return spring.settlingTime * spring.velocity(atTime: c * spring.settlingTime)
    case .easeIn, .easeOut, .easeInEaseOut, .systemDefault, .cubicBezier:
      return bezier.map { $0.slope(at: c) } ?? 1
    }
  }

  // MARK: - Command line

  /// The curves the "T" key steps through, in order.
  public static let cycle: [TimingCurve] = [
    .linear, .easeIn, .easeOut, .easeInEaseOut, .systemDefault,
    .spring(Spring(stiffness: 300, damping: 20)),
  ]

  /// Parses a `--timing` value.
  ///
  /// Accepts exactly `linear`, `ease-in`, `ease-out`, `ease-in-out`, `default`,
  /// `cubic-bezier(x1,y1,x2,y2)` with finite numbers and x1, x2 in [0, 1], and
  /// `spring(stiffness,damping[,velocity])` with stiffness > 0, damping ≥ 0 and a finite
  /// velocity (mass 1). Spaces may follow the commas; nothing else is allowed.
  public init?(argument: String) {
    switch argument {
    case "linear": self = .linear
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInEaseOut
    case "default": self = .systemDefault
    default:
      if let n = Self.numbers(in: argument, function: "cubic-bezier"), n.count == 4,
        (0...1).contains(n[0]), (0...1).contains(n[2])
      {
        self = .cubicBezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3])
      } else if let n = Self.numbers(in: argument, function: "spring"),
        n.count == 2 || n.count == 3, n[0] > 0, n[1] >= 0
      {
        self = .spring(
          Spring(stiffness: n[0], damping: n[1], initialVelocity: n.count == 3 ? n[2] : 0))
      } else {
        return nil
      }
    }
  }

  /// The canonical `--timing` text for this curve; `init?(argument:)` reads it back.
  ///
  /// A spring is written for unit mass (stiffness and damping divided by its mass, which
  /// gives the same motion), with the velocity left out when it is 0. A custom Bézier
  /// stays `cubic-bezier(…)` even when it matches a named curve, so the round trip gives
  /// back an equal value.
  public var argument: String {
    switch self {
    case .linear: return "linear"
    case .easeIn: return "ease-in"
    case .easeOut: return "ease-out"
    case .easeInEaseOut: return "ease-in-out"
    case .systemDefault: return "default"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return "cubic-bezier(\(Self.format([x1, y1, x2, y2])))"
    case .spring(let s):
      var values = [s.stiffness / s.mass, s.damping / s.mass]
      if s.initialVelocity != 0 { values.append(s.initialVelocity) }
      return "spring(\(Self.format(values)))"
    }
  }

  /// The numbers in `name(a,b,…)`, or nil if the text is not of that form or a number is
  /// not finite as a `Float`, the precision looks are computed in (`1e300` would become
  /// infinity there, and the look NaN).
  private static func numbers(in text: String, function name: String) -> [Double]? {
    guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
    let inner = text.dropFirst(name.count + 1).dropLast()
    var result: [Double] = []
    for (i, part) in inner.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      // Spaces may follow a comma, but not open the list or precede a comma.
      let trimmed = i == 0 ? part : part.drop(while: { $0 == " " })
      guard let value = Double(trimmed), value.isFinite, Float(value).isFinite else {
        return nil
      }
      result.append(value)
    }
    return result
  }

  /// Numbers joined by commas, whole ones without a fraction ("1", not "1.0"); each reads
  /// back as exactly the same Double.
  private static func format(_ values: [Double]) -> String {
    values.map { v in
      v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : v.description
    }.joined(separator: ",")
  }
}
