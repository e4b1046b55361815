/// A tessellated shape drawn many times by copying it with a translation.
///
/// Copying a template writes exactly the vertices and indices the shape needs and does no
/// geometry, so it costs about what writing them costs (the bench's floor). Clipping still
/// applies: a copy that reaches past the mesh's clip bounds takes the clipping path.
public struct MeshTemplate: Sendable {
  /// The shape, placed as it is drawn at offset zero.
  public let vertices: [Vertex]
  public let indices: [UInt32]
  /// Its bounding box.
  public let lo: Point
  public let hi: Point

  /// Makes a template of whatever `draw` appends to an empty mesh, less its slivers
  /// (`Mesh.removeSlivers`).
  public init(_ draw: (inout Mesh) -> Void) {
    var m = Mesh()
    draw(&m)
    m.removeSlivers()
    let box = m.vertices.isEmpty ? Rect(lo: .zero, hi: .zero) : m.bounds
    vertices = Array(m.vertices)
    indices = Array(m.indices)
    lo = box.lo
    hi = box.hi
  }

  /// `shape` as `ShapeTemplates` holds it: tessellated about the origin and kept whole, so
  /// that a copy at `center` is bit for bit what `ShapeTemplates.draw` draws there. Nil
  /// for a shape `ShapeTemplates` would always draw directly (too small, or not finite).
  public init?(_ shape: ShapeTemplates.Shape, color: Color, feather: Feather) {
    guard ShapeTemplates.worthKeeping(shape) else { return nil }
    var m = Mesh()
    ShapeTemplates.tessellate(shape, center: .zero, color: color, feather: feather, into: &m)
    let box = m.vertices.isEmpty ? Rect(lo: .zero, hi: .zero) : m.bounds
    vertices = Array(m.vertices)
    indices = Array(m.indices)
    lo = box.lo
    hi = box.hi
  }

  /// The template cut to `box`, for copies placed `offset` from the corner `box` is
  /// measured from: itself when it lies inside.
  func cut(to box: PixelRect, from offset: Point) -> MeshTemplate {
    let local = Mesh.bounds(of: box, margin: 0).offset(by: Point(-offset.x, -offset.y))
    guard !isEmpty, !local.contains(Rect(lo: lo, hi: hi)) else { return self }
    return MeshTemplate { m in
      m.append(vertices, indices, offset: .zero)
      m.cut(to: local)
    }
  }

  /// `shape` as `init(_:color:feather:)` makes it, for copies placed `offset` from the
  /// corner `box` is measured from, kept inside `box`: a disc with its feather ending where
  /// its rays leave the box (`Radial.emit`), any other shape cut to it. Nil as that init.
  public init?(
    _ shape: ShapeTemplates.Shape, color: Color, feather: Feather, keptIn box: PixelRect,
    at offset: Point
  ) {
    guard ShapeTemplates.worthKeeping(shape) else { return nil }
    let local = Mesh.bounds(of: box, margin: 0).offset(by: Point(-offset.x, -offset.y))
    var m = Mesh()
    if case .disc(let r) = shape {
      Fill.disc(
        clippedCenter: .zero, radius: r, color: color, feather: feather, within: local, into: &m)
    } else {
      ShapeTemplates.tessellate(shape, center: .zero, color: color, feather: feather, into: &m)
    }
    m.cut(to: local)
    let bounds = m.vertices.isEmpty ? Rect(lo: .zero, hi: .zero) : m.bounds
    vertices = Array(m.vertices)
    indices = Array(m.indices)
    lo = bounds.lo
    hi = bounds.hi
  }

  /// Whether the template draws nothing.
  @inlinable public var isEmpty: Bool { indices.isEmpty }

  /// Appends the shape moved by `offset`.
  public func append(at offset: Point, into target: inout Mesh) {
    vertices.withUnsafeBufferPointer { v in
      indices.withUnsafeBufferPointer { i in
        target.appendTemplate(v, i, lo: lo, hi: hi, offset: offset)
      }
    }
  }
}

extension Mesh {
  /// Appends a template's vertices and indices, whose bounding box is `lo`…`hi`, moved by
  /// `offset`: skipped when it lands wholly outside the clip bounds, clipped when it
  /// straddles them. Its indices count from the vertex `indexBias` before `v`'s first.
  mutating func appendTemplate(
    _ v: UnsafeBufferPointer<Vertex>, _ i: UnsafeBufferPointer<UInt32>, lo: Point, hi: Point,
    offset: Point, indexBias: UInt32 = 0
  ) {
    guard !i.isEmpty else { return }
    if landsInside(lo: lo, hi: hi, offset: offset) {
      append(v, i, offset: offset, indexBias: indexBias)
      return
    }
    switch clipTest(Rect(lo: lo + offset, hi: hi + offset)) {
    case .outside:
      return
    case .inside:
      append(v, i, offset: offset, indexBias: indexBias)
    case .straddles:
      let v0 = vertices.count
      let i0 = indices.count
      append(v, i, offset: offset, indexBias: indexBias)
      clipTriangles(fromVertex: v0, fromIndex: i0)
    }
  }

  /// Whether the box `lo`…`hi` moved by `offset` lies inside the clip bounds: when it does,
  /// `clipTest` says `.inside`, and this says so in fewer steps, which is what a copy
  /// nearly always finds. Every comparison holding rules out NaN, and
  /// `clipBox.lo ≤ lo ≤ hi ≤ clipBox.hi` rules out infinities and empty boxes; anything
  /// else is left to `clipTest`.
  @inline(__always)
  func landsInside(lo: Point, hi: Point, offset: Point) -> Bool {
    let l = lo + offset
    let h = hi + offset
    let b = clipBox
    return l.x >= b.lo.x && l.y >= b.lo.y && h.x <= b.hi.x && h.y <= b.hi.y && l.x <= h.x
      && l.y <= h.y
  }
}
