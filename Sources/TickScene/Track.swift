import TickAnimation

/// How one property moves during a transition, in time normalised to the transition's
/// length: up to two segments, each starting where the one before ended.
///
/// A segment with no target heads for the transition's target value; a segment of length
/// 0 jumps at its delay. The first segment starts from the value the property was showing
/// when the transition began, so an interrupted animation continues without a jump.
public struct Track: Equatable, Sendable {
  /// Which timing curve a segment uses.
  public enum Curve: Equatable, Sendable {
    /// The scene's `--timing` curve.
    case user
    /// A curve of the style's own.
    case fixed(TimingCurve)
    /// A spring of the style's own; a first segment that starts at once takes over the
    /// property's velocity when it interrupts another animation.
    case spring(SpringPair)
  }

  /// One stretch of motion.
  public struct Segment: Equatable, Sendable {
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

  /// What a transition's tracks share while they are evaluated.
  public struct Motion: Sendable {
    /// The scene's `--timing` curve.
    public var user: TimingCurve
    /// Its unit-velocity twin when it is a spring (see `SpringPair`).
    public var userImpulse: Spring?
    /// When > 0, zero-length segments move over this fraction instead of jumping.
    public var ramp: Float
    /// Each property's velocity when the transition began, in units per whole transition
    /// (units per second × its length in seconds); zero for a fresh start.
    public var velocity: SIMD16<Float>

    public init(
      user: TimingCurve, userImpulse: Spring? = nil, ramp: Float = 0,
      velocity: SIMD16<Float> = .zero
    ) {
      self.user = user
      self.userImpulse = userImpulse
      self.ramp = ramp
      self.velocity = velocity
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

  /// The value at normalised time `u`, moving from `from` toward `to`; `velocity` is this
  /// property's entry in `motion.velocity`.
  @inlinable public func value(
    from: Float, to: Float, at u: Float, motion: Motion, velocity: Float = 0
  ) -> Float {
    var v = from
    if !Self.apply(first, &v, to: to, at: u, motion: motion, velocity: velocity) { return v }
    if let second { _ = Self.apply(second, &v, to: to, at: u, motion: motion, velocity: 0) }
    return v
  }

  /// Advances `v` through `s`; returns false when `u` lies inside or before the segment
  /// (so later segments have not started).
  @inlinable static func apply(
    _ s: Segment, _ v: inout Float, to: Float, at u: Float, motion: Motion, velocity: Float
  ) -> Bool {
    let target = s.target ?? to
    if u < s.delay { return false }
    if s.length <= 0 && motion.ramp > 0 {
      var r = s
      r.length = min(motion.ramp, max(1 - s.delay, 1e-3))
      r.curve = .fixed(.linear)
      var m = motion
      m.ramp = 0
      return apply(r, &v, to: to, at: u, motion: m, velocity: 0)
    }
    if s.length <= 0 || u >= s.delay + s.length {
      v = target
      return true
    }
    let t = Double((u - s.delay) / s.length)
    let e: Double
    switch s.curve {
    case .user:
      if let impulse = motion.userImpulse, case .spring(let base) = motion.user, !s.mirrored,
        s.delay == 0
      {
        e = SpringPair(base: base, unit: impulse).value(
          at: t, velocity: velocity, length: s.length, distance: target - v)
      } else {
        e = s.mirrored ? 1 - motion.user.value(at: 1 - t) : motion.user.value(at: t)
      }
    case .fixed(let f):
      e = s.mirrored ? 1 - f.value(at: 1 - t) : f.value(at: t)
    case .spring(let pair):
      if s.mirrored {
        e = 1 - pair.value(at: 1 - t, velocity: 0, length: s.length, distance: 1)
      } else {
        e = pair.value(
          at: t, velocity: s.delay == 0 ? velocity : 0, length: s.length, distance: target - v)
      }
    }
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

/// A spring from rest and its unit-velocity twin, so a spring can start at any velocity
/// without building a new `Spring` (whose settling-time search is too slow per frame).
///
/// The spring's equation is linear, so the motion from velocity `v₀` is
/// `x(τ) = base(τ) + v₀·(unit(τ) − base(τ))`, where `unit` is the same spring started at
/// velocity 1.
public struct SpringPair: Equatable, Sendable {
  public let base: Spring
  public let unit: Spring

  public init(base: Spring, unit: Spring) {
    self.base = base
    self.unit = unit
  }

  public init(stiffness: Double, damping: Double) {
    base = Spring(stiffness: stiffness, damping: damping)
    unit = Spring(stiffness: stiffness, damping: damping, initialVelocity: 1)
  }

  /// Normalised progress at segment time `t` in [0, 1], which spans `base`'s settling time.
  /// `velocity` is the property's velocity in units per whole transition; the segment is
  /// `length` of the transition long and must cover `distance` units.
  @inlinable func value(at t: Double, velocity: Float, length: Float, distance: Float) -> Double {
    if t >= 1 { return 1 }
    let span = base.settlingTime
    let tau = t * span
    let b = base.value(atTime: tau)
    guard velocity != 0, abs(distance) > 1e-4, span > 0 else { return b }
    // d(progress)/dτ at τ = 0, from the property's velocity in units per transition.
    let v0 = Double(velocity) * Double(length) / (Double(distance) * span)
    return b + v0 * (unit.value(atTime: tau) - b)
  }
}
