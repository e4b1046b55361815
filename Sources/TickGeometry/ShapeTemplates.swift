/// Discs, rings and rounded squares drawn again and again at the same size and colour
/// (every view's box, its outline, the focus ring) copied from templates instead of
/// tessellated each time.
///
/// A copy draws bit for bit what `Fill` would have drawn there: each vertex is worked out
/// as an offset from the centre and the centre added last (`Radial.emit`, `Outline.emit`),
/// the template's as `0 + offset` moved by `center`, and float addition gives the same
/// result either way. So whether a shape came from a template or not never shows, and
/// incremental drawing equals drawing from scratch whatever the cache held
/// (`ShapeTemplatesTests`). Shapes under `minimumRadius`, whose slivers are dropped by an
/// area that moving does change, and shapes with a part thinner than `minimumFeature`, are
/// always drawn directly.
///
/// A shape becomes a template the second time it is drawn among the last few misses, so a
/// radius that animates through one-off values costs a lookup, not a template per frame.
/// Up to `capacity` templates are kept, the least recently used dropped first.
public struct ShapeTemplates: Sendable {
  /// What to draw, in the units of `Fill`'s functions of the same names.
  public enum Shape: Equatable, Sendable {
    case disc(radius: Float)
    case ring(radius: Float, width: Float)
    case roundedSquare(halfSize: Float, cornerRadius: Float)
    case roundedSquareRing(halfSize: Float, cornerRadius: Float, width: Float)
  }

  struct Key: Equatable, Sendable {
    var shape: Shape
    var color: Color
    var feather: Feather

    /// Every field's bits in three words. Equal bits mean equal keys for any key that has
    /// no NaN, as no held template's key has (a NaN key equals nothing, so it is never
    /// seen twice); equal keys can differ in bits only by the sign of a zero.
    var bits: Bits {
      @inline(__always) get {
        let (kind, x, y, z): (UInt64, Float, Float, Float) =
          switch shape {
          case .disc(let r): (0, r, 0, 0)
          case .ring(let r, let w): (1, r, w, 0)
          case .roundedSquare(let h, let c): (2, h, c, 0)
          case .roundedSquareRing(let h, let c, let w): (3, h, c, w)
          }
        return Bits(
          a: UInt64(x.bitPattern) | UInt64(y.bitPattern) << 32,
          b: UInt64(z.bitPattern) | kind << 32 | (feather.antialias ? 1 << 40 : 0),
          c: UInt64(color.packed) | UInt64(feather.tolerance.bitPattern) << 32)
      }
    }
  }

  struct Bits: Equatable, Sendable {
    var a: UInt64
    var b: UInt64
    var c: UInt64
  }

  /// A template: its key (and its bits), where its geometry lies in the pools, its bounding
  /// box, and when it was last drawn.
  struct Slot: Sendable {
    var key: Key
    var bits: Bits
    var vertices: Range<Int>
    var indices: Range<Int>
    var lo: Point
    var hi: Point
    var used: UInt64
  }

  private var slots: [Slot] = []
  /// Every template's vertices and indices end to end: copying one reads plain buffers.
  private var vertexPool: [Vertex] = []
  private var indexPool: [UInt32] = []
  /// Shapes drawn once lately, oldest first.
  private var seen: [Key] = []
  /// Counts the changes of the template drawn last, which `used` records.
  private var clock: UInt64 = 0
  /// The template drawn last: a view's shapes repeat from one draw to the next, and drawing
  /// it again needs only its bits compared and no other bookkeeping (it is the most recently
  /// used already).
  private var last: Int?
  /// How many templates are kept.
  public static let capacity = 16
  /// Smaller shapes are always drawn directly (see above).
  public static let minimumRadius: Float = 2
  /// The thinnest part a kept shape may have, other than none at all: a ring's width, a
  /// rounded square's corner radius and its straight edges. A thinner one makes triangles
  /// whose corners fall together where floats are coarse (a step is 1/500 px at 16,000
  /// px) but not about the origin, and the mesh drops those with no area: a template of a
  /// square whose corners left it 0.0003 px of straight edge copied triangles that the
  /// square drawn at (−15100, 10200) did not have.
  public static let minimumFeature: Float = 0.1

  public init() {}

  /// How many templates are held.
  public var count: Int { slots.count }

  /// Whether `shape` in `color` and `feather` is held as a template.
  public func holds(_ shape: Shape, color: Color, feather: Feather) -> Bool {
    slots.contains { $0.key == Key(shape: shape, color: color, feather: feather) }
  }

  /// Appends `shape` centred on `center`.
  public mutating func draw(
    _ shape: Shape, center: Point, color: Color, feather: Feather, into mesh: inout Mesh
  ) {
    let key = Key(shape: shape, color: color, feather: feather)
    if let i = last, slots[i].bits == key.bits {
      copy(i, at: center, into: &mesh)
      return
    }
    clock &+= 1
    if let i = slots.firstIndex(where: { $0.key == key }) {
      slots[i].used = clock
      last = i
      copy(i, at: center, into: &mesh)
      return
    }
    let keep = Self.worthKeeping(shape) && center.isFinite
    guard keep, let j = seen.firstIndex(of: key) else {
      if keep {
        if seen.count == Self.capacity { seen.removeFirst() }
        seen.append(key)
      }
      Self.tessellate(shape, center: center, color: color, feather: feather, into: &mesh)
      return
    }
    seen.remove(at: j)
    if slots.count == Self.capacity { evictLeastRecent() }
    var m = Mesh()
    Self.tessellate(shape, center: .zero, color: color, feather: feather, into: &m)
    let box = m.vertices.isEmpty ? Rect(lo: .zero, hi: .zero) : m.bounds
    let slot = Slot(
      key: key, bits: key.bits, vertices: vertexPool.count..<(vertexPool.count + m.vertices.count),
      indices: indexPool.count..<(indexPool.count + m.indices.count), lo: box.lo, hi: box.hi,
      used: clock)
    vertexPool.append(contentsOf: m.vertices)
    indexPool.append(contentsOf: m.indices)
    slots.append(slot)
    last = slots.count - 1
    copy(slots.count - 1, at: center, into: &mesh)
  }

  @inline(__always)
  private func copy(_ slot: Int, at offset: Point, into mesh: inout Mesh) {
    let (vertices, indices) = (slots[slot].vertices, slots[slot].indices)
    let (lo, hi) = (slots[slot].lo, slots[slot].hi)
    vertexPool.withUnsafeBufferPointer { vp in
      indexPool.withUnsafeBufferPointer { ip in
        mesh.appendTemplate(
          UnsafeBufferPointer(rebasing: vp[vertices]), UnsafeBufferPointer(rebasing: ip[indices]),
          lo: lo, hi: hi, offset: offset)
      }
    }
  }

  /// Drops the template drawn longest ago and closes its gap in the pools.
  private mutating func evictLeastRecent() {
    guard let k = slots.indices.min(by: { slots[$0].used < slots[$1].used }) else { return }
    let gone = slots.remove(at: k)
    if let i = last { last = i == k ? nil : (i > k ? i - 1 : i) }
    vertexPool.removeSubrange(gone.vertices)
    indexPool.removeSubrange(gone.indices)
    for i in slots.indices {
      if slots[i].vertices.lowerBound > gone.vertices.lowerBound {
        slots[i].vertices =
          slots[i].vertices.lowerBound - gone.vertices.count..<slots[i].vertices.upperBound
          - gone.vertices.count
      }
      if slots[i].indices.lowerBound > gone.indices.lowerBound {
        slots[i].indices =
          slots[i].indices.lowerBound - gone.indices.count..<slots[i].indices.upperBound
          - gone.indices.count
      }
    }
  }

  /// Whether a template of `shape` copies exactly: finite, not under `minimumRadius`, and
  /// no part thinner than `minimumFeature` but there.
  static func worthKeeping(_ shape: Shape) -> Bool {
    switch shape {
    case .disc(let r): return r.isFinite && r >= minimumRadius
    case .ring(let r, let w):
      return r.isFinite && w.isFinite && r >= minimumRadius && w >= minimumFeature
    case .roundedSquare(let h, let c):
      return h.isFinite && h >= minimumRadius && squareCopiesExactly(halfSize: h, corner: c)
    case .roundedSquareRing(let h, let c, let w):
      return h.isFinite && w.isFinite && h >= minimumRadius && w >= minimumFeature
        && squareCopiesExactly(halfSize: h, corner: c)
    }
  }

  /// Whether a rounded square's corner radius, clamped as `Fill` clamps it, and its
  /// straight edges are each none or at least `minimumFeature`.
  static func squareCopiesExactly(halfSize h: Float, corner c: Float) -> Bool {
    guard c.isFinite else { return false }
    let r = min(max(c, 0), h)
    let straight = h - r
    return (r == 0 || r >= minimumFeature) && (straight == 0 || straight >= minimumFeature)
  }

  static func tessellate(
    _ shape: Shape, center: Point, color: Color, feather: Feather, into mesh: inout Mesh
  ) {
    switch shape {
    case .disc(let r):
      Fill.disc(center: center, radius: r, color: color, feather: feather, into: &mesh)
    case .ring(let r, let w):
      Fill.ring(center: center, radius: r, width: w, color: color, feather: feather, into: &mesh)
    case .roundedSquare(let h, let c):
      Fill.roundedSquare(
        center: center, halfSize: h, cornerRadius: c, color: color, feather: feather,
        into: &mesh)
    case .roundedSquareRing(let h, let c, let w):
      Fill.roundedSquareRing(
        center: center, halfSize: h, cornerRadius: c, width: w, color: color, feather: feather,
        into: &mesh)
    }
  }
}
