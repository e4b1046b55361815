/// Writes vertices and triangles straight into room already made at the end of a `Mesh`:
/// the fast paths count what they will write, make room once, then store without checks.
///
/// Made only by `Mesh.write(vertices:indices:_:)`, which keeps what was written and drops
/// the rest of the room.
struct MeshWriter {
  private let vertexBase: UnsafeMutablePointer<Vertex>
  private let indexBase: UnsafeMutablePointer<UInt32>
  private let vertexLimit: Int
  private let indexLimit: Int
  /// The mesh index of the first vertex this writer stores.
  private let first: UInt32
  /// How many vertices and indices have been written.
  private(set) var vertexCount = 0
  private(set) var indexCount = 0

  init(
    vertices: UnsafeMutablePointer<Vertex>, vertexLimit: Int,
    indices: UnsafeMutablePointer<UInt32>, indexLimit: Int, first: UInt32
  ) {
    vertexBase = vertices
    indexBase = indices
    self.vertexLimit = vertexLimit
    self.indexLimit = indexLimit
    self.first = first
  }

  /// Stores a vertex and returns its mesh index.
  @inline(__always)
  mutating func vertex(_ p: Point, _ c: Color) -> UInt32 {
    precondition(vertexCount < vertexLimit, "MeshWriter: more vertices than counted")
    (vertexBase + vertexCount).initialize(to: Vertex(x: p.x, y: p.y, color: c))
    vertexCount += 1
    return first &+ UInt32(truncatingIfNeeded: vertexCount - 1)
  }

  /// Stores a triangle as it is given: the caller knows its winding.
  @inline(__always)
  mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    precondition(indexCount + 3 <= indexLimit, "MeshWriter: more indices than counted")
    let p = indexBase + indexCount
    p[0] = a
    p[1] = b
    p[2] = c
    indexCount += 3
  }

  /// Stores the convex quad `a b c d` (in order around it) as two triangles of its winding.
  @inline(__always)
  mutating func quad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
    triangle(a, b, c)
    triangle(a, c, d)
  }
}

extension Mesh {
  /// Makes room for at most `vertexLimit` vertices and `indexLimit` indices, lets `body`
  /// write them, and keeps what it wrote.
  mutating func write(
    vertices vertexLimit: Int, indices indexLimit: Int, _ body: (inout MeshWriter) -> Void
  ) {
    let v0 = vertices.count
    let i0 = indices.count
    vertices.append(contentsOf: repeatElement(Vertex(x: 0, y: 0, color: .clear), count: vertexLimit))
    indices.append(contentsOf: repeatElement(0, count: indexLimit))
    var used = (0, 0)
    vertices.withUnsafeMutableBufferPointer { vb in
      indices.withUnsafeMutableBufferPointer { ib in
        var w = MeshWriter(
          vertices: vb.baseAddress! + v0, vertexLimit: vertexLimit,
          indices: ib.baseAddress! + i0, indexLimit: indexLimit,
          first: UInt32(truncatingIfNeeded: v0))
        body(&w)
        used = (w.vertexCount, w.indexCount)
      }
    }
    vertices.removeLast(vertexLimit - used.0)
    indices.removeLast(indexLimit - used.1)
  }
}
