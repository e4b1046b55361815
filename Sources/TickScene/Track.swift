import TickAnimation

/// How one property moves during a transition, in time normalised to the transition's
/// length: up to two segments, each starting where the one before ended.
///
/// A segment with no target heads for the transition's target value; a segment of length
/// 0 jumps at its delay. The first segment starts from the value the property was showing
/// when the transition began, so an interrupted animation continues without a jump.
public struct Track: Sendable {
  /// Which timing curve a segment uses.
  public enum Curve: Sendable {
    /// The scene's `--timing` curve.
    case user
    /// A curve of the style's own (a spring for bounce, say).
    case fixed(TimingCurve)
  }

  /// One stretch of motion.
  public struct Segment: Sendable {
    public var delay: Float
    public var length: Float
    public var curve: Curve
    /// Where the segment ends; nil for the transition's target.
    public var target: Float?
    /// Whether the curve runs mirrored, `1 − c(1 − t)` (playing an animation backwards).
    public var mirrored = false

    public init(
      delay: Float, length: Float, curve: Curve = .user, target: Float? = nil
    ) {
      self.delay = delay
      self.length = length
      self.curve = curve
      self.target = target
    }
  }

  public var first: Segment
  public var second: Segment?

  public init(_ first: Segment, then second: Segment? = nil) {
    self.first = first
    self.second = second
  }

  /// Jumps to the target as the transition starts.
  public static let atStart = Track(Segment(delay: 0, length: 0))
  /// Moves over the whole transition on the user's curve.
  public static let whole = Track(Segment(delay: 0, length: 1))

  /// Moves from `delay` for `length` (fractions of the transition) on `curve`.
  public static func span(_ delay: Float, _ length: Float, _ curve: Curve = .user) -> Track {
    Track(Segment(delay: delay, length: length, curve: curve))
  }

  /// Jumps to the target at `time`.
  public static func jump(at time: Float) -> Track {
    Track(Segment(delay: time, length: 0))
  }

  /// The value at normalised time `u`, moving from `from` toward `to`.
  /// With `ramp > 0`, a zero-length segment moves over `ramp` instead of jumping.
  @inlinable public func value(
    from: Float, to: Float, at u: Float, user: TimingCurve, ramp: Float = 0
  ) -> Float {
    var v = from
    if !Self.apply(first, &v, to: to, at: u, user: user, ramp: ramp) { return v }
    if let second { _ = Self.apply(second, &v, to: to, at: u, user: user, ramp: ramp) }
    return v
  }

  /// Advances `v` through `s`; returns false when `u` lies inside or before the segment
  /// (so later segments have not started).
  @inlinable static func apply(
    _ s: Segment, _ v: inout Float, to: Float, at u: Float, user: TimingCurve, ramp: Float
  ) -> Bool {
    let target = s.target ?? to
    if u < s.delay { return false }
    if s.length <= 0 && ramp > 0 {
      var r = s
      r.length = min(ramp, max(1 - s.delay, 1e-3))
      r.curve = .fixed(.linear)
      return apply(r, &v, to: to, at: u, user: user, ramp: 0)
    }
    if s.length <= 0 || u >= s.delay + s.length {
      v = target
      return true
    }
    let t = Double((u - s.delay) / s.length)
    let c: TimingCurve
    switch s.curve {
    case .user: c = user
    case .fixed(let f): c = f
    }
    let e = s.mirrored ? 1 - c.value(at: 1 - t) : c.value(at: t)
    v += (target - v) * Float(e)
    return false
  }

  /// The track played backwards as one segment: it covers the mirror image of this track's
  /// span and runs its first curve mirrored. Used by `--deselect reverse`.
  public var reversed: Track {
    let start = first.delay
    let end = max((second ?? first).delay + (second ?? first).length, first.delay + first.length)
    var s = Segment(delay: 1 - end, length: end - start, curve: first.curve)
    s.mirrored = true
    return Track(s)
  }
}
