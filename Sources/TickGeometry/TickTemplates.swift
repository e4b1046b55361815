/// The seed tick of one size, tessellated once per quantised progress and drawn translated.
///
/// A tick of one size at one progress has the same shape in every cell (issue 3, speed), so
/// every cell drawing it at that progress can copy one template. Progress is quantised to
/// `stepsPerPixel` steps per pixel of the tick's arc length (4 by default: the drawn end is
/// within 1/8 px of the exact one). Templates are built on first use and kept, all in one
/// pool of vertices and indices, so that drawing one is two block copies. Triangles under
/// 1/100 px thin are left out (`Mesh.removeSlivers`), so that no copy flips one.
///
/// A shape drawn under every tick at its own place in the view (`under` at `underOffset`:
/// the disc of a settled view, centred on the view) is stored in front of each template, so
/// that a whole view is still one block copy, translated in two parts.
///
/// With a `box` (the pixels a view owns, from its top-left corner), every part of a
/// template that reaches past the box is cut to it once, when the template is made, so
/// that no copy needs clipping: at gap 0 the disc's anti-aliased edge crosses every view's
/// paint rect, and clipping each copy's triangles cost 15 times the copy.
public struct TickTemplates: Sendable {
  /// Where one template's tick lies in the pools, and its bounding box. With `under`, a
  /// copy of it lies just before, and the tick's indices count from its first vertex.
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
  /// Drawn under every tick at `underOffset` from the view's corner
  /// (`appendView(progress:at:into:)`), already cut to `box`.
  public let under: MeshTemplate?
  /// Where `under` lies from the view's top-left corner.
  public let underOffset: Point
  /// The pixels a copy may cover, from the view's top-left corner; nil for no limit.
  public let box: PixelRect?
  /// `under`'s vertex and index counts and bounding box, read per copy without touching
  /// (and retaining) its arrays.
  private let underVertices: Int
  private let underIndices: Int
  private let underLo: Point
  private let underHi: Point

  public init(
    size: Float, color: Color, feather: Feather = Feather(), stepsPerPixel: Float = 4,
    under: MeshTemplate? = nil, underOffset: Point = .zero, box: PixelRect? = nil
  ) {
    self.size = size
    self.color = color
    self.feather = feather
    self.underOffset = underOffset
    self.box = box
    let under = box.map { b in under?.cut(to: b, from: underOffset) } ?? under
    self.under = under
    underVertices = under?.vertices.count ?? 0
    underIndices = under?.indices.count ?? 0
    (underLo, underHi) = (under?.lo ?? .zero, under?.hi ?? .zero)
    tick = TickShape.tick(origin: .zero, width: size, height: size)
    let n = (tick.length * max(stepsPerPixel, 0.01)).rounded(.up)
    steps = n.isFinite ? min(max(Int(n), 1), 1 << 16) : 1
    slots = Array(repeating: Slot(), count: steps + 1)
    trimmed.reserveCapacity(tick.points.count + 2)
  }

  /// The step nearest `progress` (clamped to [0, 1]; NaN and infinities count as 0).
  @inlinable @inline(__always) public func step(for progress: Float) -> Int {
    // Every comparison with NaN fails: NaN, ±∞ and anything not above 0 give step 0.
    guard progress > 0, progress < .infinity else { return 0 }
    guard progress < 1 else { return steps }
    // `(progress * steps).rounded()` (half away from zero) without its call into libm: `x`
    // is positive, so `Int(x)` is its floor, and `x - whole`, its fraction, is exact.
    let x = progress * Float(steps)
    let whole = Int(x)
    return x - Float(whole) >= 0.5 ? whole + 1 : whole
  }

  /// Appends the tick at `progress` for the view whose top-left corner is `origin` (not
  /// `under`).
  public mutating func append(progress: Float, at origin: Point, into mesh: inout Mesh) {
    let bias = shift
    withTemplate(step: step(for: progress)) { v, i, slot, _ in
      mesh.appendTemplate(v, i, lo: slot.lo, hi: slot.hi, offset: origin, indexBias: bias)
    }
  }

  /// Appends the whole view whose top-left corner is `origin`: `under` at `underOffset`
  /// from it, then the tick at `progress`. The vertices and indices of
  /// `under.append(at: origin + underOffset)` and `append(progress:at:)`, in one block copy
  /// when both land inside the clip bounds.
  public mutating func appendView(progress: Float, at origin: Point, into mesh: inout Mesh) {
    guard under != nil else {
      append(progress: progress, at: origin, into: &mesh)
      return
    }
    let (bias, lo, hi, offset) = (shift, underLo, underHi, origin + underOffset)
    withTemplate(step: step(for: progress)) { v, i, slot, u in
      // Both would be copied whole: one copy. Otherwise each as `appendTemplate` has it.
      if !u.indices.isEmpty, mesh.landsInside(lo: lo, hi: hi, offset: offset),
        !i.isEmpty, mesh.landsInside(lo: slot.lo, hi: slot.hi, offset: origin)
      {
        mesh.append(
          UnsafeBufferPointer(start: u.vertices.baseAddress, count: u.vertices.count + v.count),
          UnsafeBufferPointer(start: u.indices.baseAddress, count: u.indices.count + i.count),
          offset: origin, split: u.vertices.count, firstOffset: offset)
        return
      }
      mesh.appendTemplate(u.vertices, u.indices, lo: lo, hi: hi, offset: offset)
      mesh.appendTemplate(v, i, lo: slot.lo, hi: slot.hi, offset: origin, indexBias: bias)
    }
  }

  /// Appends `under` alone, at `underOffset` from the view whose top-left corner is
  /// `origin`: the part of a view that stays while its tick is drawn.
  public func appendUnder(at origin: Point, into mesh: inout Mesh) {
    under?.append(at: origin + underOffset, into: &mesh)
  }

  /// How far the tick's indices in the pool are shifted: past `under`'s vertices.
  private var shift: UInt32 { UInt32(truncatingIfNeeded: underVertices) }

  /// Calls `body` with the vertices, indices and slot of step `s`'s tick, built first if
  /// they are not yet, and the copy of `under` in front of them (empty without `under`).
  /// The ranges lie in the pools (`build` put them there), so they are taken without
  /// slicing or range checks: this runs once per tick copied.
  @inline(__always)
  private mutating func withTemplate(
    step s: Int,
    _ body: (
      UnsafeBufferPointer<Vertex>, UnsafeBufferPointer<UInt32>, Slot,
      (vertices: UnsafeBufferPointer<Vertex>, indices: UnsafeBufferPointer<UInt32>)
    ) -> Void
  ) {
    if !slots[s].built { build(step: s) }
    let slot = slots[s]
    let (uv, ui) = (underVertices, underIndices)
    vertexPool.withUnsafeBufferPointer { vp in
      indexPool.withUnsafeBufferPointer { ip in
        let v = vp.baseAddress.map { $0 + slot.vertexStart }
        let i = ip.baseAddress.map { $0 + slot.indexStart }
        body(
          UnsafeBufferPointer(start: v, count: slot.vertexCount),
          UnsafeBufferPointer(start: i, count: slot.indexCount), slot,
          (
            UnsafeBufferPointer(start: v.map { $0 - uv }, count: uv),
            UnsafeBufferPointer(start: i.map { $0 - ui }, count: ui)
          ))
      }
    }
  }

  /// The template of step `s` as a standalone shape (built now if it is not yet).
  public mutating func template(step s: Int) -> MeshTemplate {
    let s = min(max(s, 0), steps)
    if !slots[s].built { build(step: s) }
    let slot = slots[s]
    let v = Array(vertexPool[slot.vertexStart..<(slot.vertexStart + slot.vertexCount)])
    let i = indexPool[slot.indexStart..<(slot.indexStart + slot.indexCount)].map { $0 &- shift }
    return MeshTemplate { $0.append(v, i, offset: .zero) }
  }

  private mutating func build(step s: Int) {
    tick.trimmed(end: Float(s) / Float(steps), into: &trimmed)
    var mesh = Mesh()
    Stroker.strokeRound(
      trimmed, width: TickShape.tickWidth * size, color: color, feather: feather, into: &mesh)
    mesh.removeSlivers()
    if let box, !mesh.vertices.isEmpty { mesh.cut(to: box) }
    if let under {
      vertexPool.append(contentsOf: under.vertices)
      indexPool.append(contentsOf: under.indices)
    }
    var slot = Slot(
      vertexStart: vertexPool.count, vertexCount: mesh.vertices.count,
      indexStart: indexPool.count, indexCount: mesh.indices.count, built: true)
    if !mesh.vertices.isEmpty { (slot.lo, slot.hi) = (mesh.bounds.lo, mesh.bounds.hi) }
    vertexPool.append(contentsOf: mesh.vertices)
    let shift = shift
    indexPool.append(contentsOf: mesh.indices.lazy.map { $0 &+ shift })
    slots[s] = slot
  }
}
