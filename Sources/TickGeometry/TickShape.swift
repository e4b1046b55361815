/// The seed view's geometry, as fractions of the view's width and height.
///
/// From the seed article: a circle of radius `w/2 − 0.03·w = 0.47·w` centred in the view,
/// and the tick `(0.23, 0.43) → (0.45, 0.70) → (0.79, 0.35)` stroked `0.06·w` wide with
/// round caps and a round join. Its arc length is `0.836·w` for a square view, with the
/// corner at 41.65 % of it.
public enum TickShape {
  /// The tick's three points, in unit coordinates.
  public static let unitTick: [Point] = [Point(0.23, 0.43), Point(0.45, 0.70), Point(0.79, 0.35)]
  /// The circle's radius as a fraction of the view width.
  public static let circleRadius: Float = 0.47
  /// The tick's line width as a fraction of the view width.
  public static let tickWidth: Float = 0.06
  /// The unselected ring's line width in pixels (1 pt in the seed).
  public static let ringWidth: Float = 1

  /// The tick polyline for a view at `origin` of size `w × h`.
  public static func tick(origin: Point, width w: Float, height h: Float) -> Polyline {
    Polyline(unitTick.map { Point(origin.x + $0.x * w, origin.y + $0.y * h) })
  }
}
