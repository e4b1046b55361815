import TickGeometry

/// The proportions of the box and marks, as fractions of the cell size.
public enum Geometry {
  /// The circle's radius (the seed's `0.47·w`).
  public static let circleRadius = TickShape.circleRadius
  /// Half the square box's side.
  public static let squareHalf: Float = 0.44
  /// The square box's corner radius.
  public static let squareCorner: Float = 0.12
  /// The radio mark's dot radius.
  public static let radioDot: Float = 0.18
  /// The mixed state's dash, as three points so it morphs point by point into the tick.
  public static let unitDash: [Point] = [Point(0.28, 0.5), Point(0.5, 0.5), Point(0.72, 0.5)]
}
