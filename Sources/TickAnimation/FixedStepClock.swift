/// Turns measured frame times into whole fixed steps, after Glenn Fiedler's "Fix Your
/// Timestep!": clamp the frame time, accumulate it, step at a fixed `dt`, and render with
/// `alpha = accumulator / dt`.
///
/// The clock never reads a clock of its own: the caller feeds it elapsed seconds, so the
/// same inputs always give the same steps.
public struct FixedStepClock: Sendable {
  /// Fixed steps per second.
  public let hz: Int
  /// The longest frame time accepted, in seconds. A longer frame (a stall, a debugger, a
  /// dragged window) is clamped to this, so the simulation never spirals trying to catch up.
  public let maxFrameTime: Double
  /// Scales fed time before it accumulates (slow motion is a scale below 1).
  public var timeScale: Double = 1
  /// Whole steps taken since the start.
  public private(set) var step: Int64 = 0
  /// Seconds fed but not yet stepped, always in [0, dt).
  public private(set) var accumulator: Double = 0

  /// - Precondition: `hz > 0` and `maxFrameTime > 0`.
  public init(hz: Int = 120, maxFrameTime: Double = 0.25) {
    precondition(hz > 0 && maxFrameTime > 0)
    self.hz = hz
    self.maxFrameTime = maxFrameTime
  }

  /// The fixed step, in seconds.
  public var dt: Double { 1 / Double(hz) }

  /// How far the present lies between the last step and the next, in [0, 1).
  public var alpha: Double { min(max(accumulator * Double(hz), 0), 0x1.fffffffffffffp-1) }

  /// Simulated time at the present, in steps: `step + alpha`.
  public var presentStep: Double { Double(step) + alpha }

  /// Feeds one frame's elapsed time and returns how many whole steps are now due.
  ///
  /// Negative and non-finite times count as zero; times above `maxFrameTime` are clamped.
  /// The returned steps are already counted in `step`.
  public mutating func advance(by frameSeconds: Double) -> Int {
    var t = frameSeconds.isFinite ? max(frameSeconds, 0) : 0
    t = min(t, maxFrameTime) * (timeScale.isFinite ? max(timeScale, 0) : 0)
    accumulator += t
    // Count in whole steps with a tolerance so 1/120 fed 120 times gives exactly 120 steps
    // despite rounding.
    let raw = accumulator * Double(hz)
    var due = Int(raw)
    if raw - Double(due) > 1 - 1e-9 { due += 1 }
    accumulator = max(accumulator - Double(due) / Double(hz), 0)
    step += Int64(due)
    return due
  }

  /// Puts the clock at an exact scene time: the step count and alpha that `seconds` implies.
  public mutating func seek(to seconds: Double) {
    let s = seconds.isFinite ? max(seconds, 0) : 0
    let raw = s * Double(hz)
    var whole = raw.rounded(.down)
    if raw - whole > 1 - 1e-9 { whole += 1 }
    step = Int64(whole)
    accumulator = max(raw - whole, 0) / Double(hz)
  }
}
