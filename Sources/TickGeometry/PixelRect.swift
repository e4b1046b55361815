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

extension PixelRect {
  /// The part of this rectangle inside `other`, or nil when they share no pixel.
  @inlinable public func intersection(_ other: PixelRect) -> PixelRect? {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(x + width, other.x + other.width)
    let y1 = min(y + height, other.y + other.height)
    guard x0 < x1, y0 < y1 else { return nil }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension Collection<PixelRect> {
  /// The smallest rectangle holding every one, or nil for none.
  public var boundingBox: PixelRect? {
    guard let first else { return nil }
    var x0 = first.x
    var y0 = first.y
    var x1 = first.x + first.width
    var y1 = first.y + first.height
    for r in dropFirst() {
      x0 = Swift.min(x0, r.x)
      y0 = Swift.min(y0, r.y)
      x1 = Swift.max(x1, r.x + r.width)
      y1 = Swift.max(y1, r.y + r.height)
    }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
