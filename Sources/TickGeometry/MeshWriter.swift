/// Writes vertices and triangles straight into room already made at the end of a `Mesh`:
/// the fast paths count what they will write, make room once, then store without checks.
///
/// Made only by `Mesh.writer(vertices:indices:)`; `Mesh.commit` keeps what was written and
/// gives back the rest of the room. Writing past the room counted is a bug in the caller's
/// count: debug builds (and so every test) trap on it.
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

  /// The mesh index the next vertex will have.
  var next: UInt32 { first &+ UInt32(truncatingIfNeeded: vertexCount) }

  /// The vertex with mesh index `i`, which this writer stored.
  @inline(__always)
  subscript(i: UInt32) -> Vertex {
    assert(i >= first && Int(i &- first) < vertexCount, "MeshWriter: not written here")
    return vertexBase[Int(i &- first)]
  }

  /// Stores a vertex and returns its mesh index.
  @inline(__always)
  mutating func vertex(_ p: Point, _ c: Color) -> UInt32 {
    assert(vertexCount < vertexLimit, "MeshWriter: more vertices than counted")
    // Two stores: x, y, the colour as one word and u in one vector, then v. Built as a
    // `Vertex`, the colour's four channels are stored a byte at a time, and field by field a
    // vertex takes three stores; a stroke is bound by its stores as much as by its
    // arithmetic.
    let raw = UnsafeMutableRawPointer(vertexBase + vertexCount)
    raw.storeBytes(
      of: SIMD4<UInt32>(p.x.bitPattern, p.y.bitPattern, unsafeBitCast(c, to: UInt32.self), 0),
      as: SIMD4<UInt32>.self)
    raw.storeBytes(of: 0, toByteOffset: 16, as: Float.self)
    vertexCount &+= 1
    return first &+ UInt32(truncatingIfNeeded: vertexCount &- 1)
  }

  /// Stores a triangle as it is given: the caller knows its winding.
  @inline(__always)
  mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    assert(indexCount + 3 <= indexLimit, "MeshWriter: more indices than counted")
    // Two stores, not three (see `vertex`): the first two indices as one word (an unaligned
    // store, which `storeBytes` allows), on little-endian targets where that is their order.
    let p = UnsafeMutableRawPointer(indexBase + indexCount)
    #if _endian(little)
      p.storeBytes(of: UInt64(a) | UInt64(b) << 32, as: UInt64.self)
    #else
      p.storeBytes(of: a, as: UInt32.self)
      p.storeBytes(of: b, toByteOffset: 4, as: UInt32.self)
    #endif
    p.storeBytes(of: c, toByteOffset: 8, as: UInt32.self)
    indexCount &+= 3
  }

  /// Stores a triangle wound positively, or nothing when it has no area, as
  /// `Mesh.addOrientedTriangle` does; its vertices must have been written here.
  @inline(__always)
  mutating func orientedTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
    let pa = self[a].position
    let area = (self[b].position - pa).cross(self[c].position - pa)
    guard area.isFinite, abs(area) > Mesh.minimumDoubleArea else { return }
    if area > 0 { triangle(a, b, c) } else { triangle(a, c, b) }
  }

  /// Stores the convex quad `a b c d` (in order around it) as two triangles of its winding.
  @inline(__always)
  mutating func quad(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) {
    triangle(a, b, c)
    triangle(a, c, d)
  }
}

extension Mesh {
  /// Makes room for at most `vertexLimit` vertices and `indexLimit` indices and returns a
  /// writer into it; `commit` then keeps what was written. Nothing else may change the mesh
  /// in between (the writer holds pointers into its storage).
  mutating func writer(vertices vertexLimit: Int, indices indexLimit: Int) -> MeshWriter {
    let v0 = vertices.count
    return MeshWriter(
      vertices: vertices.makeRoom(vertexLimit), vertexLimit: vertexLimit,
      indices: indices.makeRoom(indexLimit), indexLimit: indexLimit,
      first: UInt32(truncatingIfNeeded: v0))
  }

  /// Keeps what `w`, made by `writer`, wrote.
  mutating func commit(_ w: MeshWriter) {
    vertices.didAppend(w.vertexCount)
    indices.didAppend(w.indexCount)
  }
}
