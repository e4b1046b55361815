/// A point or vector in window pixels, in single precision to match `SDL_Vertex`.
public struct Point: Equatable, Sendable {
  public var x: Float
  public var y: Float

  @inlinable public init(_ x: Float, _ y: Float) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)

  /// Whether both coordinates are finite (neither NaN nor infinite).
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The Euclidean length of the vector.
  @inlinable public var length: Float { (x * x + y * y).squareRoot() }

  /// The vector turned 90° counter-clockwise in a y-down frame (left of the direction of travel).
  @inlinable public var perpendicular: Point { Point(y, -x) }

  /// The vector scaled to unit length, or zero when its length is zero or not finite.
  @inlinable public var normalized: Point {
    let l = length
    return l > 0 && l.isFinite ? Point(x / l, y / l) : .zero
  }

  @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  @inlinable public static func * (a: Point, s: Float) -> Point { Point(a.x * s, a.y * s) }

  /// The dot product.
  @inlinable public func dot(_ o: Point) -> Float { x * o.x + y * o.y }

  /// The z component of the 3-D cross product.
  @inlinable public func cross(_ o: Point) -> Float { x * o.y - y * o.x }

  /// The point a fraction `t` of the way from `self` to `o`.
  @inlinable public func lerp(to o: Point, _ t: Float) -> Point {
    Point(x + (o.x - x) * t, y + (o.y - y) * t)
  }
}
