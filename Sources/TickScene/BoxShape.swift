import TickGeometry

/// The box's shape (`--shape`).
public enum BoxShape: String, CaseIterable, Sendable {
  case circle, square
}

extension BoxShape {
  /// The filled box of a view `size` px wide.
  func fill(size w: Float) -> ShapeTemplates.Shape {
    switch self {
    case .circle: .disc(radius: Geometry.circleRadius * w)
    case .square:
      .roundedSquare(halfSize: Geometry.squareHalf * w, cornerRadius: Geometry.squareCorner * w)
    }
  }

  /// The box's edge as a line `width` wide, for a view `size` px wide, moved out by
  /// `grow` px but no further than `reach` px from the centre (a focus ring; the outline
  /// is neither grown nor limited).
  func ring(size w: Float, width: Float, grow: Float = 0, reach: Float = .infinity)
    -> ShapeTemplates.Shape
  {
    switch self {
    case .circle:
      return .ring(radius: min(Geometry.circleRadius * w + grow, reach), width: width)
    case .square:
      let half = Geometry.squareHalf * w
      let out = min(grow, reach - half)
      return .roundedSquareRing(
        halfSize: half + out, cornerRadius: max(Geometry.squareCorner * w + out, 0), width: width)
    }
  }
}
