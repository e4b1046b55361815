import TickGeometry

/// A mesh laid out for `SDL_RenderGeometryRaw` in one of the ways `tickplay bench submit`
/// compares: interleaved `SDL_Vertex`es or packed positions and colours, 32-bit, 16-bit or no
/// indices, in one call or several. `Screen.submit` draws it; every layout of one mesh draws
/// the same triangles in the same order, so the same pixels.
public struct RawGeometry: Sendable {
  /// How the mesh is laid out.
  public enum Kind: String, Sendable, CaseIterable {
    /// The mesh's own layout, as the direct path submits it: interleaved, 32-bit indices,
    /// one call.
    case indexed
    /// Interleaved with 16-bit indices, in calls of at most `u16VertexLimit` vertices.
    case split16
    /// Positions and colours in packed arrays of their own, 32-bit indices, one call.
    case packed
    /// The triangles' vertices written out in order, interleaved, with no indices.
    case expanded
    /// As `expanded`, with 32-bit indices 0, 1, 2, …: as many vertices as indices, for
    /// telling the cost of a vertex from that of an index.
    case expandedIndexed
    /// As `indexed`, in one call per run of triangles of one view: each call the whole
    /// vertex array and its run's indices.
    case perView
  }

  /// How positions and colours are stored.
  public enum Layout: String, Sendable {
    /// `SDL_Vertex`, 20 bytes a vertex: position, colour and a texture coordinate SDL does
    /// not read without a texture.
    case interleaved
    /// Positions as packed (x, y) floats, 8 bytes a vertex, and colours, 4 bytes, in arrays
    /// of their own; the texture coordinate NULL, which SDL 2.26 takes without a texture.
    case packed
  }

  /// The bytes of one index: 4, 2, or none.
  public enum IndexWidth: Int, Sendable {
    case none = 0
    case u16 = 2
    case u32 = 4
  }

  /// One `SDL_RenderGeometryRaw` call: `vertexCount` vertices from `firstVertex`, and
  /// `indexCount` indices from `firstIndex`, relative to `firstVertex` (none without indices).
  public struct Call: Sendable, Equatable {
    public var firstVertex: Int
    public var vertexCount: Int
    public var firstIndex: Int
    public var indexCount: Int
  }

  public let kind: Kind
  /// The vertices of an interleaved layout.
  public internal(set) var vertices: [Vertex] = []
  /// A packed layout's positions, x then y, and colours.
  public internal(set) var xy: [Float] = []
  public internal(set) var colors: [Color] = []
  public internal(set) var indices16: [UInt16] = []
  public internal(set) var indices32: [UInt32] = []
  public internal(set) var calls: [Call] = []

  /// The largest vertex count a call with 16-bit indices can address.
  public static let u16VertexLimit = Int(UInt16.max) + 1

  /// An empty geometry of `kind`; `make` fills it.
  public init(_ kind: Kind) { self.kind = kind }

  public var layout: Layout { kind == .packed ? .packed : .interleaved }

  public var indexWidth: IndexWidth {
    switch kind {
    case .expanded: .none
    case .split16: .u16
    case .indexed, .packed, .expandedIndexed, .perView: .u32
    }
  }

  /// Vertices stored, whichever the layout.
  public var vertexCount: Int { layout == .interleaved ? vertices.count : colors.count }

  /// Indices stored.
  public var indexCount: Int { indexWidth == .u16 ? indices16.count : indices32.count }

  /// Vertices SDL writes into its queue: one an index, or one a vertex without indices.
  public var drawnCount: Int { indexWidth == .none ? vertexCount : indexCount }

  /// Lays `mesh` out anew in this geometry's kind, in the storage it already has. `view`
  /// names the view a point lies in (`perView`'s runs: each view's triangles lie in its
  /// cell, so a triangle's centroid names its view).
  public mutating func make(from mesh: Mesh, view: (Float, Float) -> Int = { _, _ in 0 }) {
    vertices.removeAll(keepingCapacity: true)
    xy.removeAll(keepingCapacity: true)
    colors.removeAll(keepingCapacity: true)
    indices16.removeAll(keepingCapacity: true)
    indices32.removeAll(keepingCapacity: true)
    calls.removeAll(keepingCapacity: true)
    switch kind {
    case .indexed:
      vertices.append(contentsOf: mesh.vertices)
      indices32.append(contentsOf: mesh.indices)
    case .split16: makeSplit16(mesh)
    case .packed: makePacked(mesh)
    case .expanded, .expandedIndexed: makeExpanded(mesh)
    case .perView: makePerView(mesh, view: view)
    }
    if calls.isEmpty {
      calls = [
        Call(firstVertex: 0, vertexCount: vertexCount, firstIndex: 0, indexCount: indexCount)
      ]
    }
  }
}

extension RawGeometry {
  private mutating func makePacked(_ mesh: Mesh) {
    for v in mesh.vertices {
      xy.append(v.x)
      xy.append(v.y)
      colors.append(v.color)
    }
    indices32.append(contentsOf: mesh.indices)
  }

  private mutating func makeExpanded(_ mesh: Mesh) {
    mesh.vertices.withUnsafeBufferPointer { v in
      for i in mesh.indices { vertices.append(v[Int(i)]) }
    }
    if kind == .expandedIndexed { indices32.append(contentsOf: 0..<UInt32(vertices.count)) }
  }

  /// The triangles in order, in the longest runs whose indices span fewer than
  /// `u16VertexLimit` vertices, each run's indices counted from its lowest.
  private mutating func makeSplit16(_ mesh: Mesh) {
    vertices.append(contentsOf: mesh.vertices)
    let source = mesh.indices
    var start = 0
    while start < source.count {
      var low = source[start]
      var high = source[start]
      var end = start
      while end < source.count {
        let (a, b, c) = (source[end], source[end + 1], source[end + 2])
        let l = min(low, a, b, c)
        let h = max(high, a, b, c)
        guard Int(h - l) < Self.u16VertexLimit else { break }
        (low, high, end) = (l, h, end + 3)
      }
      for k in start..<end { indices16.append(UInt16(source[k] - low)) }
      calls.append(
        Call(
          firstVertex: Int(low), vertexCount: Int(high - low) + 1, firstIndex: start,
          indexCount: end - start))
      start = end
    }
  }

  /// One call per run of triangles whose centroids lie in one view.
  private mutating func makePerView(_ mesh: Mesh, view: (Float, Float) -> Int) {
    vertices.append(contentsOf: mesh.vertices)
    indices32.append(contentsOf: mesh.indices)
    var start = 0
    var current = Int.min
    for t in stride(from: 0, to: indices32.count, by: 3) {
      let a = vertices[Int(indices32[t])]
      let b = vertices[Int(indices32[t + 1])]
      let c = vertices[Int(indices32[t + 2])]
      let k = view((a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3)
      if k != current, t > start {
        calls.append(
          Call(
            firstVertex: 0, vertexCount: vertices.count, firstIndex: start, indexCount: t - start))
        start = t
      }
      current = k
    }
    if start < indices32.count {
      calls.append(
        Call(
          firstVertex: 0, vertexCount: vertices.count, firstIndex: start,
          indexCount: indices32.count - start))
    }
  }
}
