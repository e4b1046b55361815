import Testing
import TickGeometry

@Suite struct VertexTests {
  @Test func layoutMatchesSDLVertex() {
    // SDL_Vertex: SDL_FPoint position (8 bytes), SDL_Color color (4), SDL_FPoint tex_coord (8).
    #expect(MemoryLayout<Vertex>.size == 20)
    #expect(MemoryLayout<Vertex>.stride == 20)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.x) == 0)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.y) == 4)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.color) == Vertex.colorOffset)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.u) == Vertex.uvOffset)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.v) == 16)
    #expect(MemoryLayout<Color>.size == 4)
  }

  @Test func colorParsesHex() {
    #expect(Color(hex: "#2ecb94") == Color(r: 0x2e, g: 0xcb, b: 0x94))
    #expect(Color(hex: "aaaaaa80") == Color(r: 0xaa, g: 0xaa, b: 0xaa, a: 0x80))
    #expect(Color(hex: "#2ecb9") == nil)
    #expect(Color(hex: "#gg0000") == nil)
    #expect(Color(hex: "#+1234567") == nil)
    #expect(Color(r: 1, g: 2, b: 255, a: 16).hexString == "#0102ff10")
  }

  @Test func scaledAlphaRoundsAsTheStandardLibraryDoes() {
    // Every alpha against factors at and around the halves, where rounding decides.
    var factors: [Float] = [-1, 0, 1, 2, .nan, .infinity]
    for k in 0...2_000 { factors.append(Float(k) / 2_000) }
    for a in 0...255 {
      for h in 0...(2 * a) where a > 0 {
        let f = (Float(h) + 1) / (2 * Float(a))
        factors += [f, f.nextDown, f.nextUp]
      }
      let c = Color(r: 1, g: 2, b: 3, a: UInt8(a))
      for f in factors {
        let expected = f.isFinite ? (Float(a) * min(max(f, 0), 1)).rounded() : 0
        #expect(c.scaledAlpha(f) == Color(r: 1, g: 2, b: 3, a: UInt8(expected)), "\(a) × \(f)")
      }
      factors.removeLast(factors.count - 2_007)
    }
  }

  @Test func meshAppendTranslatesAndRebasesIndices() {
    var a = Mesh()
    Fill.disc(center: Point(0, 0), radius: 4, color: .white, into: &a)
    var b = Mesh()
    b.append(a)
    b.append(a, offset: Point(10, 5))
    #expect(b.vertices.count == 2 * a.vertices.count)
    #expect(b.indices.count == 2 * a.indices.count)
    #expect(b.vertices[a.vertices.count].x == a.vertices[0].x + 10)
    #expect(b.indices[a.indices.count] == a.indices[0] + UInt32(a.vertices.count))
    let capacity = b.vertices.capacity
    b.removeAll()
    #expect(b.isEmpty && b.vertices.capacity == capacity)
  }
}
