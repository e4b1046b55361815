/// Triangles ready for `SDL_RenderGeometryRaw`: SDL-layout vertices and 32-bit indices.
///
/// A mesh is meant to be reused: `removeAll()` keeps its capacity, so a frame that draws
/// no more than an earlier one allocates nothing.
public struct Mesh: Sendable {
  public internal(set) var vertices = MeshBuffer<Vertex>()
  public internal(set) var indices = MeshBuffer<UInt32>()
  /// Where geometry may go: every shape is clipped to this rectangle, widened by
  /// `clipMargin`, so that huge coordinates never reach the renderer (SDL 2.26's software
  /// renderer overflows on them, SDL issue #8301). Set it to the viewport; the default is a
  /// guard band of ±16384 px.
  public var clipRect = Mesh.guardBand {
    didSet { clipBox = Mesh.bounds(of: clipRect, margin: Mesh.clipMargin) }
  }
  /// `clipRect` widened by `clipMargin`, as floats: worked out once, read by every shape.
  private(set) var clipBox = Mesh.bounds(of: Mesh.guardBand, margin: Mesh.clipMargin)
  /// The general stroker's scratch, lent to `Stroker.strokeRound` so that a reused mesh
  /// strokes without allocating (nil until the first stroke needs it, and while it is
  /// lent). It is not part of the mesh's contents.
  var tessellator: StrokeTessellator?
  /// The fast stroker's last arc counts (`RoundStroke.Arcs`), kept for the next stroke.
  var arcs = RoundStroke.Arcs()
  /// The points of a `ShortPolyline` the general engine strokes, kept for the next one.
  var shortPoints: [Point] = []
  /// The scratch of clipping (`clipTriangles`), kept for the next clip.
  var clipScratch = ClipScratch()

  public init() {}

  /// The number of triangles.
  @inlinable public var triangleCount: Int { indices.count / 3 }

  /// Whether the mesh holds no triangle.
  @inlinable public var isEmpty: Bool { indices.isEmpty }

  /// The bounding box of the vertices.
  var bounds: Rect { Rect(around: vertices.lazy.map { $0.position }) }

  /// Beyond any window: `pixelBounds` clamps to it.
  static let pixelBoundsLimit: Float = 16_777_216

  /// The whole pixels the mesh's triangles can touch, or nil for no triangle: its
  /// vertices' bounding box, widened to whole pixels.
  public var pixelBounds: PixelRect? {
    guard !isEmpty else { return nil }
    let b = bounds
    // Clamped first: a conversion of a non-finite or huge coordinate to Int would trap.
    func whole(_ v: Float, _ rule: FloatingPointRoundingRule) -> Int {
      v.isNaN
        ? 0
        : Int(Swift.min(Swift.max(v, -Mesh.pixelBoundsLimit), Mesh.pixelBoundsLimit).rounded(rule))
    }
    let x0 = whole(b.lo.x, .down)
    let y0 = whole(b.lo.y, .down)
    let x1 = whole(b.hi.x, .up)
    let y1 = whole(b.hi.y, .up)
    return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
  }

  /// Reserves room for at least this many more vertices and indices.
  public mutating func reserve(vertices v: Int, indices i: Int) {
    vertices.reserveCapacity(vertices.count + v)
    indices.reserveCapacity(indices.count + i)
  }

  /// Empties the mesh and keeps its storage.
  public mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// Appends a vertex and returns its index.
  @discardableResult
  public mutating func addVertex(_ p: Point, _ c: Color) -> UInt32 {
    vertices.append(Vertex(p, c))
    return UInt32(truncatingIfNeeded: vertices.count - 1)
  }

  /// Appends one triangle by vertex indices.
  public mutating func addTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    indices.append(a)
    indices.append(b)
    indices.append(c)
  }

  /// Appends a quad `a b c d` (in order around its edge) as two triangles.
  public mutating func addQuad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
    addTriangle(a, b, c)
    addTriangle(a, c, d)
  }

  /// Appends another mesh, moved by `offset`. Not clipped: `MeshTemplate.append` is the
  /// clipped way to copy a shape.
  public mutating func append(_ other: Mesh, offset: Point = .zero) {
    append(other.vertices, other.indices, offset: offset)
  }

  /// Appends vertices moved by `offset` and their indices rebased onto this mesh.
  ///
  /// Two block copies, then one pass over each copy to translate and rebase: the cheapest
  /// way to write these vertices and indices, which is what the bench's floor measures.
  public mutating func append(_ v: [Vertex], _ i: [UInt32], offset: Point) {
    v.withUnsafeBufferPointer { vb in
      i.withUnsafeBufferPointer { ib in append(vb, ib, offset: offset) }
    }
  }

  /// `append(_:_:offset:)` from another mesh's buffers.
  public mutating func append(
    _ v: MeshBuffer<Vertex>, _ i: MeshBuffer<UInt32>, offset: Point
  ) {
    v.withUnsafeBufferPointer { vb in
      i.withUnsafeBufferPointer { ib in append(vb, ib, offset: offset) }
    }
  }

  /// `append(_:_:offset:)` from raw buffers, straight into the room made: a block copy
  /// and a pass to translate; the indices rebased as they are copied, less `indexBias`
  /// (for indices stored counting from a vertex `indexBias` before `v`'s first).
  mutating func append(
    _ v: UnsafeBufferPointer<Vertex>, _ i: UnsafeBufferPointer<UInt32>, offset: Point,
    indexBias: UInt32 = 0
  ) {
    let base = UInt32(truncatingIfNeeded: vertices.count) &- indexBias
    let vd = vertices.makeRoom(v.count)
    let id = indices.makeRoom(i.count)
    if let vs = v.baseAddress { Mesh.copy(vs, to: vd, count: v.count, movedBy: offset) }
    Mesh.rebase(i, by: base, to: id)
    vertices.didAppend(v.count)
    indices.didAppend(i.count)
  }

  /// `append(_:_:offset:)` with the first `split` vertices moved by `firstOffset` instead:
  /// two shapes stored end to end (their indices counting from the first's first vertex)
  /// copied with one block copy each for vertices and indices.
  mutating func append(
    _ v: UnsafeBufferPointer<Vertex>, _ i: UnsafeBufferPointer<UInt32>, offset: Point,
    split: Int, firstOffset: Point
  ) {
    precondition(split >= 0 && split <= v.count, "Mesh.append: split past the vertices")
    let base = UInt32(truncatingIfNeeded: vertices.count)
    let vd = vertices.makeRoom(v.count)
    let id = indices.makeRoom(i.count)
    if let vs = v.baseAddress {
      Mesh.copy(vs, to: vd, count: split, movedBy: firstOffset)
      Mesh.copy(vs + split, to: vd + split, count: v.count - split, movedBy: offset)
    }
    Mesh.rebase(i, by: base, to: id)
    vertices.didAppend(v.count)
    indices.didAppend(i.count)
  }

  /// Writes `count` vertices from `vs` to `vd`, moved by `offset` (not at all by zero: -0
  /// stays -0). One pass that reads the source and writes the moved vertex: a block copy
  /// followed by a pass moving the copies in place read each vertex back just after the
  /// copy's wide stores wrote it, and stalled there (most of a copy's time at 8 px).
  @inline(__always)
  private static func copy(
    _ vs: UnsafePointer<Vertex>, to vd: UnsafeMutablePointer<Vertex>, count: Int,
    movedBy offset: Point
  ) {
    guard offset.x != 0 || offset.y != 0 else {
      vd.initialize(from: vs, count: count)
      return
    }
    let dx = offset.x
    let dy = offset.y
    for k in 0..<count {
      var moved = vs[k]
      moved.x += dx
      moved.y += dy
      (vd + k).initialize(to: moved)
    }
  }

  /// Stores `i`, plus `base`, at `id`.
  @inline(__always)
  private static func rebase(
    _ i: UnsafeBufferPointer<UInt32>, by base: UInt32, to id: UnsafeMutablePointer<UInt32>
  ) {
    guard let source = i.baseAddress else { return }
    for k in 0..<i.count { (id + k).initialize(to: source[k] &+ base) }
  }
}
