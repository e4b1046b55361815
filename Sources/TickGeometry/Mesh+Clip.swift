/// Keeping geometry inside `clipRect`.
extension Mesh {
  /// The default clip rectangle: ±16384 px, far beyond any window this program opens and
  /// far inside what a renderer's fixed-point arithmetic holds.
  public static let guardBand = PixelRect(x: -16384, y: -16384, width: 32768, height: 32768)

  /// How far past `clipRect` a shape may reach unclipped, in pixels: shapes that stay
  /// within it are drawn whole (no cut edges next to the viewport); anything farther is cut
  /// at this distance.
  public static let clipMargin: Float = 64

  /// The clip rectangle widened by `clipMargin` (and `extra`), as floats.
  @inline(__always)
  func clipBounds(extra: Float = 0) -> Rect {
    extra == 0 ? clipBox : Mesh.bounds(of: clipRect, margin: Mesh.clipMargin + extra)
  }

  /// `r` widened by `m` on every side, as floats.
  static func bounds(of r: PixelRect, margin m: Float) -> Rect {
    Rect(
      lo: Point(Float(r.x) - m, Float(r.y) - m),
      hi: Point(Float(r.x) + Float(r.width) + m, Float(r.y) + Float(r.height) + m))
  }

  /// Where a shape with bounding box `box` stands against the clip bounds.
  enum ClipTest {
    case inside, outside, straddles
  }

  @inline(__always)
  func clipTest(_ box: Rect) -> ClipTest {
    let b = clipBox
    guard box.lo.isFinite, box.hi.isFinite else { return .straddles }
    if !b.intersects(box) { return .outside }
    return b.contains(box) ? .inside : .straddles
  }

  /// Clips what was appended since `vertexStart` and `indexStart` to `rect`, if it reaches
  /// past it. A view's geometry is clipped to its paint rect: the pixels a view owns are
  /// the only ones a repaint of it clears, so drawing past them would leave marks behind
  /// that a fresh render does not have.
  public mutating func clip(
    fromVertex vertexStart: Int, fromIndex indexStart: Int, to rect: PixelRect
  ) {
    guard vertexStart < vertices.count else { return }
    let b = Rect(
      lo: Point(Float(rect.x), Float(rect.y)),
      hi: Point(Float(rect.x + rect.width), Float(rect.y + rect.height)))
    guard !b.contains(Rect(around: vertices[vertexStart...].lazy.map { $0.position })) else {
      return
    }
    clipTriangles(fromVertex: vertexStart, fromIndex: indexStart, to: b)
  }

  /// Clips the triangles written since `vertexStart` and `indexStart` to `bounds` (the
  /// clip bounds by default), interpolating colours, and drops the vertices left outside.
  ///
  /// A triangle inside keeps its vertices; one wholly outside a side is dropped; the rest
  /// are cut (Sutherland–Hodgman) against only the sides they cross, in a buffer on the
  /// stack. A view clipped to its paint rect every frame allocates nothing once the scratch
  /// the mesh keeps has grown.
  mutating func clipTriangles(
    fromVertex vertexStart: Int, fromIndex indexStart: Int, to bounds: Rect? = nil
  ) {
    let b = bounds ?? clipBounds()
    // Swapped out for the call and back: clipping every frame allocates nothing.
    var scratch = ClipScratch()
    swap(&scratch, &clipScratch)
    defer { swap(&scratch, &clipScratch) }
    scratch.start(vertexStart, vertexCount: vertices.count)
    withUnsafeTemporaryAllocation(of: Vertex.self, capacity: 2 * Self.clippedCorners) { buffer in
      var t = indexStart
      while t + 2 < indices.count {
        clipTriangle(at: t, to: b, buffer.baseAddress.unsafelyUnwrapped, into: &scratch)
        t += 3
      }
    }
    vertices.truncate(to: vertexStart)
    vertices.append(contentsOf: scratch.kept)
    indices.truncate(to: indexStart)
    var k = 0
    while k + 2 < scratch.triangles.count {
      addOrientedTriangle(scratch.triangles[k], scratch.triangles[k + 1], scratch.triangles[k + 2])
      k += 3
    }
  }

  /// The most corners a triangle cut by the four sides of a rectangle has: seven, and room
  /// for eight.
  static let clippedCorners = 8

  /// Clips the triangle whose indices start at `t` to `b`: keeps it whole (its vertices
  /// kept once each), drops it, or adds its clipped polygon's vertices and a fan over them,
  /// working in `buffer` (two polygons of `clippedCorners`).
  func clipTriangle(
    at t: Int, to b: Rect, _ buffer: UnsafeMutablePointer<Vertex>, into scratch: inout ClipScratch
  ) {
    let (ia, ib, ic) = (indices[t], indices[t + 1], indices[t + 2])
    let (va, vb, vc) = (vertices[Int(ia)], vertices[Int(ib)], vertices[Int(ic)])
    let (sa, sb, sc) = (Self.sides(va, b), Self.sides(vb, b), Self.sides(vc, b))
    if sa | sb | sc == 0 {
      scratch.triangles.append(scratch.keep(ia, from: vertices))
      scratch.triangles.append(scratch.keep(ib, from: vertices))
      scratch.triangles.append(scratch.keep(ic, from: vertices))
      return
    }
    if sa & sb & sc != 0 { return }
    (buffer[0], buffer[1], buffer[2]) = (va, vb, vc)
    let (polygon, count) = Self.cut(buffer, count: 3, by: sa | sb | sc, b)
    guard count >= 3 else { return }
    let first = UInt32(scratch.vertexStart + scratch.kept.count)
    scratch.kept.append(contentsOf: UnsafeBufferPointer(start: polygon, count: count))
    for k in 1..<(count - 1) {
      scratch.triangles.append(first)
      scratch.triangles.append(first + UInt32(k))
      scratch.triangles.append(first + UInt32(k + 1))
    }
  }

  /// The sides of `b` a vertex is not inside of, bit `s` for side `s` (see `outside`); a
  /// coordinate that is NaN is outside all four.
  @inline(__always)
  static func sides(_ v: Vertex, _ b: Rect) -> Int {
    (v.x >= b.lo.x ? 0 : 1) | (v.y >= b.lo.y ? 0 : 2) | (v.x <= b.hi.x ? 0 : 4)
      | (v.y <= b.hi.y ? 0 : 8)
  }

  /// Cuts the polygon of `count` corners at the start of `buffer` by each side of `b` in
  /// `sides` (Sutherland–Hodgman), between the buffer's two halves; returns where the result
  /// is and its corner count (under 3: nothing is left).
  static func cut(
    _ buffer: UnsafeMutablePointer<Vertex>, count: Int, by sides: Int, _ b: Rect
  ) -> (polygon: UnsafeMutablePointer<Vertex>, count: Int) {
    var (polygon, next, count) = (buffer, buffer + clippedCorners, count)
    for side in 0..<4 where sides & (1 << side) != 0 {
      var n = 0
      for k in 0..<count {
        let p = polygon[k]
        let q = polygon[k + 1 < count ? k + 1 : 0]
        let dp = Mesh.outside(p, side, b)
        let dq = Mesh.outside(q, side, b)
        if dp <= 0 {
          next[n] = p
          n += 1
        }
        if (dp <= 0) != (dq <= 0) {
          next[n] = Mesh.crossing(p, dp, q, dq, onto: side, b)
          n += 1
        }
      }
      (polygon, next, count) = (next, polygon, n)
      if count < 3 { break }
    }
    return (polygon, count)
  }

  /// Where the edge from `p` to `q` crosses a side that `p` lies `dp` outside of and `q`
  /// `dq` (one of them inside). Worked out from the lower of the two end points (by x, then
  /// y), so that the two triangles sharing an edge cut it at the same point, bit for bit,
  /// whichever way round each walks it: `cut(to:)` then welds the two into one vertex.
  ///
  /// The crossing is put exactly on the side (`side` of `b`): the interpolation can land a
  /// rounding error outside it, and a vertex a millionth of a pixel outside the window
  /// sends a whole draw call through llvmpipe's clipping stage.
  @inline(__always)
  static func crossing(
    _ p: Vertex, _ dp: Float, _ q: Vertex, _ dq: Float, onto side: Int, _ b: Rect
  ) -> Vertex {
    let pFirst = p.x < q.x || (p.x == q.x && p.y <= q.y)
    var v = pFirst ? lerp(p, q, dp / (dp - dq)) : lerp(q, p, dq / (dq - dp))
    switch side {
    case 0: v.x = b.lo.x
    case 1: v.y = b.lo.y
    case 2: v.x = b.hi.x
    default: v.y = b.hi.y
    }
    return v
  }

  /// How far `v` lies outside side `side` (0: left, 1: top, 2: right, 3: bottom) of `b`.
  static func outside(_ v: Vertex, _ side: Int, _ b: Rect) -> Float {
    switch side {
    case 0: return b.lo.x - v.x
    case 1: return b.lo.y - v.y
    case 2: return v.x - b.hi.x
    default: return v.y - b.hi.y
    }
  }

  /// The vertex a fraction `t` of the way from `p` to `q`, colour included.
  static func lerp(_ p: Vertex, _ q: Vertex, _ t: Float) -> Vertex {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8(min(max(Math.round(Float(a) + (Float(b) - Float(a)) * t), 0), 255))
    }
    // A shape's edges mostly join vertices of one colour, or of one colour at two alphas.
    var c = p.color
    if c != q.color {
      if c.r != q.color.r || c.g != q.color.g || c.b != q.color.b {
        (c.r, c.g, c.b) = (
          mix(p.color.r, q.color.r), mix(p.color.g, q.color.g), mix(p.color.b, q.color.b)
        )
      }
      c.a = mix(p.color.a, q.color.a)
    }
    return Vertex(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, color: c)
  }
}

extension Mesh {
  /// Runs `body`, which appends a shape whose bounding box is `box`, so that the shape ends
  /// up inside the clip bounds: skipped when wholly outside, clipped when it reaches past
  /// them, written as it is (the fast path) when inside.
  mutating func clipped(_ box: Rect, _ body: (inout Mesh) -> Void) {
    switch clipTest(box) {
    case .outside:
      return
    case .inside:
      body(&self)
    case .straddles:
      let v = vertices.count
      let i = indices.count
      body(&self)
      clipTriangles(fromVertex: v, fromIndex: i)
    }
  }
}

extension Mesh {
  /// Cuts the whole mesh to `box` when it reaches past it, then drops the slivers the cut
  /// left (`removeSlivers`): for a shape made once and copied many times, so that the cut
  /// is made once and no copy flips a sliver far from the origin.
  mutating func cut(to box: PixelRect) { cut(to: Mesh.bounds(of: box, margin: 0)) }

  /// `cut(to:)` for a box in floats.
  mutating func cut(to b: Rect) {
    guard !b.contains(bounds) else { return }
    clipTriangles(fromVertex: 0, fromIndex: 0, to: b)
    weld()
    removeSlivers()
  }

  /// Makes vertices that are the same (position and colour, bit for bit) one: a cut gives
  /// each triangle it crosses vertices of its own where the cut meets their shared edges.
  /// Without it a disc cut by a view's paint rect at 8 px had 2.5 times its vertices.
  mutating func weld() {
    var first: [VertexKey: UInt32] = [:]
    var kept: [Vertex] = []
    var place: [UInt32] = []
    place.reserveCapacity(vertices.count)
    for v in vertices {
      let key = VertexKey(v)
      if let k = first[key] {
        place.append(k)
      } else {
        let k = UInt32(kept.count)
        first[key] = k
        place.append(k)
        kept.append(v)
      }
    }
    guard kept.count < vertices.count else { return }
    indices = MeshBuffer(indices.lazy.map { place[Int($0)] })
    vertices = MeshBuffer(kept)
  }

  /// A vertex's bits, for finding the same vertex twice.
  struct VertexKey: Hashable {
    var x: UInt32
    var y: UInt32
    var color: Color
    var u: UInt32
    var v: UInt32

    init(_ v: Vertex) {
      (x, y, color) = (v.x.bitPattern, v.y.bitPattern, v.color)
      (u, self.v) = (v.u.bitPattern, v.v.bitPattern)
    }
  }

  /// Drops triangles thinner than `altitude` pixels (they cover next to nothing) and the
  /// vertices only they used. A shape meant to be copied elsewhere needs this: moved to
  /// coordinates in the thousands, where a float step is 1/1000 px, a thinner triangle can
  /// round to nothing or flip its winding.
  public mutating func removeSlivers(thinnerThan altitude: Float = 0.01) {
    var kept: [UInt32] = []
    kept.reserveCapacity(indices.count)
    var used = [Int32](repeating: -1, count: vertices.count)
    var t = 0
    while t + 2 < indices.count {
      let a = vertices[Int(indices[t])].position
      let b = vertices[Int(indices[t + 1])].position
      let c = vertices[Int(indices[t + 2])].position
      let longest = max((b - a).length, (c - b).length, (a - c).length)
      if abs((b - a).cross(c - a)) > altitude * longest {
        for k in t..<(t + 3) {
          kept.append(indices[k])
          used[Int(indices[k])] = 0
        }
      }
      t += 3
    }
    var compact: [Vertex] = []
    compact.reserveCapacity(vertices.count)
    for (k, v) in vertices.enumerated() where used[k] == 0 {
      used[k] = Int32(compact.count)
      compact.append(v)
    }
    vertices = MeshBuffer(compact)
    indices = MeshBuffer(kept.lazy.map { UInt32(used[Int($0)]) })
  }
}

/// The scratch of `Mesh.clipTriangles`, kept by each mesh (`Mesh.clipScratch`).
struct ClipScratch: Sendable {
  /// The vertices kept, from `vertexStart` on, and the triangles over them.
  var kept: [Vertex] = []
  var triangles: [UInt32] = []
  /// For each vertex from `vertexStart` on, its place in `kept` once kept.
  var remap: [Int32?] = []
  var vertexStart = 0

  /// Empties the scratch for clipping what a mesh of `vertexCount` vertices holds from
  /// `vertexStart` on.
  mutating func start(_ vertexStart: Int, vertexCount: Int) {
    self.vertexStart = vertexStart
    kept.removeAll(keepingCapacity: true)
    triangles.removeAll(keepingCapacity: true)
    remap.removeAll(keepingCapacity: true)
    remap.append(contentsOf: repeatElement(nil, count: vertexCount - vertexStart))
  }

  /// The index vertex `i` of `vertices` has once clipped: its own below `vertexStart`, else
  /// its place among those kept, where it is kept the first time it is asked for.
  mutating func keep(_ i: UInt32, from vertices: MeshBuffer<Vertex>) -> UInt32 {
    let local = Int(i) - vertexStart
    if local < 0 { return i }
    if let place = remap[local] { return UInt32(vertexStart + Int(place)) }
    remap[local] = Int32(kept.count)
    kept.append(vertices[Int(i)])
    return UInt32(vertexStart + kept.count - 1)
  }
}
