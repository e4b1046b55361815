/// Triangles ready for `SDL_RenderGeometryRaw`: SDL-layout vertices and 32-bit indices.
///
/// A mesh is meant to be reused: `removeAll()` keeps its capacity, so a frame that draws
/// no more than an earlier one allocates nothing.
public struct Mesh: Sendable {
  public internal(set) var vertices: [Vertex] = []
  public internal(set) var indices: [UInt32] = []
  /// Where geometry may go: every shape is clipped to this rectangle, widened by
  /// `clipMargin`, so that huge coordinates never reach the renderer (SDL 2.26's software
  /// renderer overflows on them, SDL issue #8301). Set it to the viewport; the default is a
  /// guard band of ±16384 px.
  public var clipRect = Mesh.guardBand
  /// The general stroker's scratch, lent to `Stroker.strokeRound` so that a reused mesh
  /// strokes without allocating. It is not part of the mesh's contents.
  var tessellator = StrokeTessellator()

  public init() {}

  /// The number of triangles.
  @inlinable public var triangleCount: Int { indices.count / 3 }

  /// Whether the mesh holds no triangle.
  @inlinable public var isEmpty: Bool { indices.isEmpty }

  /// The bounding box of the vertices.
  var bounds: Rect { Rect(around: vertices.lazy.map(\.position)) }

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

  /// `append(_:_:offset:)` from raw buffers.
  mutating func append(
    _ v: UnsafeBufferPointer<Vertex>, _ i: UnsafeBufferPointer<UInt32>, offset: Point
  ) {
    let vertexStart = vertices.count
    let indexStart = indices.count
    let base = UInt32(truncatingIfNeeded: vertexStart)
    vertices.append(contentsOf: v)
    indices.append(contentsOf: i)
    if offset.x != 0 || offset.y != 0 {
      let dx = offset.x
      let dy = offset.y
      vertices.withUnsafeMutableBufferPointer { buffer in
        for k in vertexStart..<buffer.count {
          buffer[k].x += dx
          buffer[k].y += dy
        }
      }
    }
    if base != 0 {
      indices.withUnsafeMutableBufferPointer { buffer in
        for k in indexStart..<buffer.count { buffer[k] &+= base }
      }
    }
  }
}
