/// How ink spreads across a line of some width: full out to `core` either side of the centre
/// line, fading linearly to none at `outer`, all of it scaled by `alpha` (under 1 for a line
/// narrower than a pixel, drawn a pixel wide). `Feather.band(width:)` makes one; strokes and
/// rings draw it.
public struct Band: Equatable, Sendable {
  /// The half-width of full ink.
  public var core: Float
  /// The half-width where the ink has faded to nothing: the outer edge of the feather.
  public var outer: Float
  /// The factor on the ink's alpha.
  public var alpha: Float

  @inlinable public init(core: Float, outer: Float, alpha: Float) {
    self.core = core
    self.outer = outer
    self.alpha = alpha
  }

  /// The fraction of the ink left at distance `t` from the centre line: 1 within the core
  /// (and everywhere when there is no feather), falling linearly to 0 at the outer edge, and
  /// below 0 past it, which `Color.scaledAlpha` clamps.
  @inline(__always)
  func fade(atHeight t: Float) -> Float {
    t <= core || outer <= core ? 1 : (outer - t) / (outer - core)
  }
}
