import Testing
import TickGeometry

/// The structural properties every tessellation must have; records issues with `context`.
func checkStructure(_ mesh: Mesh, _ context: String) {
  #expect(mesh.indices.count % 3 == 0, "\(context): index count")
  let n = UInt32(mesh.vertices.count)
  #expect(mesh.vertices.allSatisfy { $0.position.isFinite }, "\(context): non-finite vertex")
  #expect(mesh.indices.allSatisfy { $0 < n }, "\(context): index out of range")
  var degenerate = 0
  var negative = 0
  for t in 0..<mesh.triangleCount {
    let a = mesh.vertices[Int(mesh.indices[3 * t])].position
    let b = mesh.vertices[Int(mesh.indices[3 * t + 1])].position
    let c = mesh.vertices[Int(mesh.indices[3 * t + 2])].position
    let area2 = (b - a).cross(c - a)
    if !(abs(area2) > Mesh.minimumDoubleArea) { degenerate += 1 }
    if area2 < 0 { negative += 1 }
  }
  #expect(degenerate == 0, "\(context): \(degenerate) degenerate triangles")
  #expect(negative == 0, "\(context): \(negative) triangles wound the other way")
}
