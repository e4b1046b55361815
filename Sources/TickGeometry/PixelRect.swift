/// An axis-aligned rectangle in whole pixels.
public struct PixelRect: Equatable, Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle shrunk by `d` pixels on every side (a negative `d` grows it).
  @inlinable public func insetBy(_ d: Int) -> PixelRect {
    PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
  }

  /// Whether the pixel `(px, py)` lies inside.
  @inlinable public func contains(_ px: Int, _ py: Int) -> Bool {
    px >= x && py >= y && px < x + width && py < y + height
  }
}
