import TickGeometry

/// What to draw this frame, free of SDL: TickSDL executes it into the backing store.
///
/// Order of execution: if `fullRedraw`, clear everything to `background`; then paint each
/// rect of `clears` with `background`; then draw `mesh` blended over the result.
public struct DrawList: Sendable {
  public var background = Color.white
  public var fullRedraw = false
  public var clears: [PixelRect] = []
  public var mesh = Mesh()

  public init() {}

  /// Whether executing the list would change nothing.
  public var isEmpty: Bool { !fullRedraw && clears.isEmpty && mesh.isEmpty }

  /// Empties the list, keeping its storage.
  public mutating func reset() {
    fullRedraw = false
    clears.removeAll(keepingCapacity: true)
    mesh.removeAll()
  }
}
