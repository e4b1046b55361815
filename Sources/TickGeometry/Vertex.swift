/// One vertex, laid out byte for byte as `SDL_Vertex`: position, colour, texture coordinate.
///
/// 20 bytes: `x, y` (Float) at offset 0, `r, g, b, a` (UInt8) at offset 8, `u, v` (Float) at
/// offset 12. TickSDL hands arrays of these to `SDL_RenderGeometryRaw` with a stride of 20 and
/// no conversion pass; `VertexTests` pins the layout.
public struct Vertex: Equatable, Sendable, BitwiseCopyable {
  public var x: Float
  public var y: Float
  public var color: Color
  public var u: Float
  public var v: Float

  @inlinable public init(x: Float, y: Float, color: Color, u: Float = 0, v: Float = 0) {
    self.x = x
    self.y = y
    self.color = color
    self.u = u
    self.v = v
  }

  @inlinable public init(_ p: Point, _ color: Color) {
    self.init(x: p.x, y: p.y, color: color)
  }

  /// The position as a point.
  @inlinable public var position: Point { Point(x, y) }

  /// Byte offset of the colour, for strided submission.
  public static let colorOffset = 8
  /// Byte offset of the texture coordinate, for strided submission.
  public static let uvOffset = 12
}
