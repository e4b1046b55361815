/// One animation of a scalar property from a value to another, timed in fixed steps.
///
/// A transition is a value: it stores when it started and how long it lasts, and is
/// evaluated at any (fractional) step. Nothing advances it; time is passed in.
public struct Transition: Equatable, Sendable {
  /// The step at which the transition starts.
  public var startStep: Int64
  /// Its length in steps; 0 means it jumps to `to` at once.
  public var durationSteps: Int64
  public var from: Double
  public var to: Double
  public var curve: TimingCurve

  public init(
    startStep: Int64, durationSteps: Int64, from: Double = 0, to: Double = 1,
    curve: TimingCurve = .linear
  ) {
    self.startStep = startStep
    self.durationSteps = max(durationSteps, 0)
    self.from = from
    self.to = to
    self.curve = curve
  }

  /// The value at step `s` (fractional steps interpolate between whole ones).
  @inlinable public func value(atStep s: Double) -> Double {
    guard durationSteps > 0 else { return to }
    let t = (s - Double(startStep)) / Double(durationSteps)
    return from + (to - from) * curve.value(at: t)
  }

  /// Whether the transition has reached its end value by whole step `s`.
  @inlinable public func isFinished(atStep s: Int64) -> Bool {
    s >= startStep + durationSteps
  }

  /// The number of whole steps in `seconds` at `hz`, rounded to nearest.
  public static func steps(seconds: Double, hz: Int) -> Int64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int64((seconds * Double(hz)).rounded())
  }
}
