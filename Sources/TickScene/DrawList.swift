import TickGeometry

/// What to draw this frame, free of SDL: TickSDL executes it into the backing store.
///
/// Order of execution: if `fullRedraw`, clear everything to `background`; then paint each
/// rect of `clears` with `background`; then copy `sprites`; then draw `mesh` blended over
/// the result; then, once the store is shown, draw `overlay` blended over the window. On
/// the compose path `mesh` is drawn over the composed window each frame.
public struct DrawList: Sendable {
  /// One cached frame to copy: sprite `index` with its top-left at (`x`, `y`).
  public struct SpriteDraw: Equatable, Sendable {
    public var x: Int32
    public var y: Int32
    public var index: Int32

    public init(x: Int32, y: Int32, index: Int32) {
      self.x = x
      self.y = y
      self.index = index
    }
  }

  public var background = Color.white
  public var fullRedraw = false
  public var clears: [PixelRect] = []
  /// Cells whose look a cached frame holds (atlas and compose paths); each covers its
  /// whole paint rect with opaque pixels, so it needs no clear.
  public var sprites: [SpriteDraw] = []
  /// The side of a sprite on screen (the paint rect): when the sheet's own sprites are
  /// another size (a zoom still moving draws with the last sheet), they are scaled to it.
  public var spriteSize: Int32 = 0
  public var mesh = Mesh()
  /// The direct path's moving parts: drawn blended over the window once the store is
  /// shown, each inside its view's paint rect, and not kept (`StoreBases`).
  public var overlay = Mesh()
  /// The views the list draws: as sprites, as geometry, or (direct path) by their tick
  /// alone.
  public var views = 0

  public init() {}

  /// The triangles the list draws: into the store, and over the window.
  public var triangleCount: Int { mesh.triangleCount + overlay.triangleCount }

  /// The vertices the list draws: into the store, and over the window.
  public var vertexCount: Int { mesh.vertices.count + overlay.vertices.count }

  /// The smallest rectangle holding every clear and every sprite, or nil when there are
  /// none: what executing the list changes apart from a full redraw (the mesh is drawn
  /// inside the clears, each view within its own paint rect).
  public var changedBounds: PixelRect? {
    var box = clears.boundingBox
    guard let first = sprites.first else { return box }
    var x0 = first.x
    var y0 = first.y
    var x1 = first.x
    var y1 = first.y
    for s in sprites.dropFirst() {
      x0 = min(x0, s.x)
      y0 = min(y0, s.y)
      x1 = max(x1, s.x)
      y1 = max(y1, s.y)
    }
    let size = Int(spriteSize)
    let spriteBox = PixelRect(
      x: Int(x0), y: Int(y0), width: Int(x1 - x0) + size, height: Int(y1 - y0) + size)
    box = [box ?? spriteBox, spriteBox].boundingBox
    return box
  }

  /// Whether executing the list would change nothing in the store.
  public var isEmpty: Bool { !fullRedraw && clears.isEmpty && sprites.isEmpty && mesh.isEmpty }

  /// Empties the list, keeping its storage.
  public mutating func reset() {
    fullRedraw = false
    clears.removeAll(keepingCapacity: true)
    sprites.removeAll(keepingCapacity: true)
    mesh.removeAll()
    overlay.removeAll()
    views = 0
  }
}
