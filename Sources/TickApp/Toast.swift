/// A short message that answers a key ("style 3: bounce"), shown for a moment and then
/// faded out.
///
/// It reads no clock: the app passes wall time in (`shown`, `alpha(at:)`), so the fade is
/// a function of the times it is given and can be tested without waiting.
public struct Toast: Equatable, Sendable {
  /// Seconds a toast stays fully opaque.
  public static let holdSeconds = 1.2
  /// Seconds it then takes to fade out: gone 1.5 s after it was shown.
  public static let fadeSeconds = 0.3

  public var text: String
  /// The wall time it was shown at, in seconds.
  public var shownAt: Double

  public init(_ text: String, shownAt: Double) {
    self.text = text
    self.shownAt = shownAt
  }

  /// Its opacity at wall time `now`: 1 while held, falling linearly to 0 over the fade.
  public func alpha(at now: Double) -> Double {
    let t = now - shownAt
    guard t >= Self.holdSeconds else { return t >= 0 ? 1 : 0 }
    return max(0, 1 - (t - Self.holdSeconds) / Self.fadeSeconds)
  }

  /// Whether it has faded out completely by `now`.
  public func isGone(at now: Double) -> Bool { alpha(at: now) <= 0 }
}
