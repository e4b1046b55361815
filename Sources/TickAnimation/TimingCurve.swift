/// Maps linear time progress in [0, 1] to animation progress.
///
/// Core Animation's default when no timing function is set is linear, and that is the seed's
/// curve. The named curves and cubic Béziers arrive with the animation issue.
public enum TimingCurve: Equatable, Sendable {
  case linear

  /// The eased progress for linear progress `t`, clamped to [0, 1].
  @inlinable public func value(at t: Double) -> Double {
    let c = t.isFinite ? min(max(t, 0), 1) : 0
    switch self {
    case .linear: return c
    }
  }
}
