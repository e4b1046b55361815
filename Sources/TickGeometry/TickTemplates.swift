/// The seed tick of one size, tessellated once per quantised progress and drawn translated.
///
/// A tick of one size at one progress has the same shape in every cell (issue 3, speed), so
/// every cell drawing it at that progress can copy one template. Progress is quantised to
/// `stepsPerPixel` steps per pixel of the tick's arc length (4 by default: the drawn end is
/// within 1/8 px of the exact one). Templates are built on first use and kept, all in one
/// pool of vertices and indices, so that drawing one is two block copies. Triangles under
/// 1/100 px thin are left out (`Mesh.removeSlivers`), so that no copy flips one.
public struct TickTemplates: Sendable {
  /// Where one template lies in the pools, and its bounding box.
  struct Slot: Sendable {
    var vertexStart = 0
    var vertexCount = 0
    var indexStart = 0
    var indexCount = 0
    var lo = Point.zero
    var hi = Point.zero
    var built = false
  }

  /// The view size, the stroke's colour and its anti-aliasing.
  public let size: Float
  public let color: Color
  public let feather: Feather
  /// The number of progress steps from 0 to 1.
  public let steps: Int
  private let tick: Polyline
  private var slots: [Slot]
  private var vertexPool: [Vertex] = []
  private var indexPool: [UInt32] = []
  private var trimmed: [Point] = []
  /// Drawn beneath every tick in the same template (the view's circle, say), so that a
  /// whole view is one copy.
  private let beneath: MeshTemplate?

  public init(
    size: Float, color: Color, feather: Feather = Feather(), stepsPerPixel: Float = 4,
    beneath: MeshTemplate? = nil
  ) {
    self.size = size
    self.color = color
    self.feather = feather
    self.beneath = beneath
    tick = TickShape.tick(origin: .zero, width: size, height: size)
    let n = (tick.length * max(stepsPerPixel, 0.01)).rounded(.up)
    steps = n.isFinite ? min(max(Int(n), 1), 1 << 16) : 1
    slots = Array(repeating: Slot(), count: steps + 1)
    trimmed.reserveCapacity(tick.points.count + 2)
  }

  /// The step nearest `progress` (clamped to [0, 1]; NaN counts as 0).
  @inlinable @inline(__always) public func step(for progress: Float) -> Int {
    let p = progress.isFinite ? min(max(progress, 0), 1) : 0
    // `(p * steps).rounded()` (half away from zero) without its call into libm: `x` is not
    // negative, so `Int(x)` is its floor, and `x - whole`, its fraction, is exact.
    let x = p * Float(steps)
    let whole = Int(x)
    return x - Float(whole) >= 0.5 ? whole + 1 : whole
  }

  /// Appends the tick at `progress` for the view whose top-left corner is `origin`.
  public mutating func append(progress: Float, at origin: Point, into mesh: inout Mesh) {
    withTemplate(step: step(for: progress)) { v, i, slot in
      mesh.appendTemplate(v, i, lo: slot.lo, hi: slot.hi, offset: origin)
    }
  }

  /// `beneath.append(at: offset, into: &mesh)` and then `append(progress:at:into:)`, the
  /// same vertices and indices with room made once for both: a view's box and its tick.
  public mutating func append(
    progress: Float, at origin: Point, beneath: MeshTemplate, at offset: Point,
    into mesh: inout Mesh
  ) {
    withTemplate(step: step(for: progress)) { v, i, slot in
      beneath.vertices.withUnsafeBufferPointer { bv in
        beneath.indices.withUnsafeBufferPointer { bi in
          mesh.appendTemplate(
            bv, bi, lo: beneath.lo, hi: beneath.hi, offset: offset,
            then: v, i, lo: slot.lo, hi: slot.hi, offset: origin)
        }
      }
    }
  }

  /// Calls `body` with the vertices, indices and slot of step `s`, built first if they are
  /// not yet. The slot's ranges lie in the pools (`build` put them there), so they are
  /// taken without slicing or range checks: this runs once per tick copied.
  @inline(__always)
  private mutating func withTemplate(
    step s: Int,
    _ body: (UnsafeBufferPointer<Vertex>, UnsafeBufferPointer<UInt32>, Slot) -> Void
  ) {
    if !slots[s].built { build(step: s) }
    let slot = slots[s]
    vertexPool.withUnsafeBufferPointer { vp in
      indexPool.withUnsafeBufferPointer { ip in
        body(
          UnsafeBufferPointer(
            start: vp.baseAddress.map { $0 + slot.vertexStart }, count: slot.vertexCount),
          UnsafeBufferPointer(
            start: ip.baseAddress.map { $0 + slot.indexStart }, count: slot.indexCount),
          slot)
      }
    }
  }

  /// The template of step `s` as a standalone shape (built now if it is not yet).
  public mutating func template(step s: Int) -> MeshTemplate {
    let s = min(max(s, 0), steps)
    if !slots[s].built { build(step: s) }
    let slot = slots[s]
    let v = Array(vertexPool[slot.vertexStart..<(slot.vertexStart + slot.vertexCount)])
    let i = Array(indexPool[slot.indexStart..<(slot.indexStart + slot.indexCount)])
    return MeshTemplate { $0.append(v, i, offset: .zero) }
  }

  private mutating func build(step s: Int) {
    tick.trimmed(end: Float(s) / Float(steps), into: &trimmed)
    var mesh = Mesh()
    if let beneath { mesh.append(beneath.vertices, beneath.indices, offset: .zero) }
    Stroker.strokeRound(
      trimmed, width: TickShape.tickWidth * size, color: color, feather: feather, into: &mesh)
    mesh.removeSlivers()
    var slot = Slot(
      vertexStart: vertexPool.count, vertexCount: mesh.vertices.count,
      indexStart: indexPool.count, indexCount: mesh.indices.count, built: true)
    if !mesh.vertices.isEmpty { (slot.lo, slot.hi) = (mesh.bounds.lo, mesh.bounds.hi) }
    vertexPool.append(contentsOf: mesh.vertices)
    indexPool.append(contentsOf: mesh.indices)
    slots[s] = slot
  }
}
