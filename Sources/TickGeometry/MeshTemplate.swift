/// A tessellated shape drawn many times by copying it with a translation.
///
/// Copying a template writes exactly the vertices and indices the shape needs and does no
/// geometry, so it costs what writing them costs (the bench's floor). Clipping still
/// applies: a copy that reaches past the mesh's clip bounds takes the clipping path.
public struct MeshTemplate: Sendable {
  /// The shape, placed as it will be drawn at offset zero.
  public let mesh: Mesh
  /// Its bounding box.
  public let lo: Point
  public let hi: Point

  /// Makes a template of whatever `draw` appends to an empty mesh.
  public init(_ draw: (inout Mesh) -> Void) {
    var m = Mesh()
    draw(&m)
    var lo = Point(Float.infinity, .infinity)
    var hi = Point(-Float.infinity, -.infinity)
    for v in m.vertices {
      lo = Point(min(lo.x, v.x), min(lo.y, v.y))
      hi = Point(max(hi.x, v.x), max(hi.y, v.y))
    }
    // The engine's scratch is not part of the shape; drop it with a fresh copy.
    var shape = Mesh()
    shape.append(m)
    mesh = shape
    self.lo = m.vertices.isEmpty ? .zero : lo
    self.hi = m.vertices.isEmpty ? .zero : hi
  }

  /// Appends the shape moved by `offset`.
  public func append(at offset: Point, into target: inout Mesh) {
    guard !mesh.isEmpty else { return }
    target.clipped(lo + offset, hi + offset) { $0.append(mesh, offset: offset) }
  }
}
