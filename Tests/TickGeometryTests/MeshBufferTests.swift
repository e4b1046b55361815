import Testing
import TickGeometry

/// The mesh's buffers: value semantics like `Array` (a copy never sees the other's writes),
/// room made without initialising it, capacity kept when emptied.
@Suite struct MeshBufferTests {
  @Test func copiesAreIndependent() {
    var a: MeshBuffer<UInt32> = [1, 2, 3]
    var b = a
    b[0] = 9
    b.append(4)
    #expect(Array(a) == [1, 2, 3] && Array(b) == [9, 2, 3, 4])
    a.append(contentsOf: a)
    #expect(Array(a) == [1, 2, 3, 1, 2, 3] && b.count == 4)
    let c = a
    a.removeAll(keepingCapacity: true)
    #expect(a.isEmpty && c.count == 6, "emptying a shared buffer leaves the other copy whole")
    a.withUnsafeMutableBufferPointer { _ in }
    #expect(c.count == 6 && Array(c.prefix(3)) == [1, 2, 3])
  }

  @Test func roomIsMadeOnceAndOnlyWhatIsWrittenIsKept() {
    var a = MeshBuffer<UInt32>()
    a.append(7)
    a.appendUninitialized(100) { p in
      for k in 0..<10 { (p + k).initialize(to: UInt32(k)) }
      return 10
    }
    #expect(a.count == 11 && a[0] == 7 && a[10] == 9 && a.capacity >= 101)
    let capacity = a.capacity
    a.removeAll(keepingCapacity: true)
    #expect(a.isEmpty && a.capacity == capacity)
    a.removeAll()
    #expect(a.isEmpty && a.capacity == 0)
    var grown = MeshBuffer<UInt32>()
    for k in 0..<10_000 { grown.append(UInt32(k)) }
    #expect(grown.count == 10_000 && grown.last == 9_999 && grown.reduce(0, +) == 49_995_000)
  }

  @Test func appendingKeepsVerticesWithoutIndicesAndRebasesIndices() {
    var mesh = Mesh()
    mesh.append([Vertex(x: 1, y: 2, color: .white)], [], offset: Point(10, 20))
    #expect(mesh.vertices.count == 1 && mesh.vertices[0].x == 11 && mesh.vertices[0].y == 22)
    let three = (0..<3).map { Vertex(x: Float($0), y: 0, color: .white) }
    mesh.append(three, [0, 1, 2], offset: .zero)
    #expect(Array(mesh.indices) == [1, 2, 3] && mesh.vertices.count == 4)
  }
}
