/// One thread's working memory for `OverviewRenderer.render`: the sprite indices of a
/// grid row, a row of texels, the ring of rows resampled across, and a row's sums.
///
/// Buffers only grow, so a frame allocates nothing once one of the same geometry has been
/// rendered. Not safe to share: each thread that renders rows needs its own (it is
/// `Sendable` so that it can be handed to that thread and back).
public final class OverviewScratch: @unchecked Sendable {
  var indices = GrowableBuffer<Int32>()
  var line = GrowableBuffer<SIMD4<Float>>()
  var ring = GrowableBuffer<SIMD4<Float>>()
  var acc = GrowableBuffer<SIMD4<Float>>()
  /// The rows a window row blends, when it blends few enough to need no `acc`.
  var rows = GrowableBuffer<UnsafePointer<SIMD4<Float>>>()
  /// The padded texel row each ring slot holds (`Int.min`: none).
  var tags = GrowableBuffer<Int>()
  /// The grid row whose indices `indices` holds (`Int.min`: none).
  var indexRow = Int.min

  public init() {}

  deinit {
    indices.free()
    line.free()
    ring.free()
    acc.free()
    rows.free()
    tags.free()
  }

  /// Makes room for `r`'s geometry and forgets the last render's rows: the sprites may
  /// have moved on since.
  func prepare(for r: OverviewRenderer) {
    let side = r.lod.side(r.level)
    let across = r.horizontal.outputs.count
    let taps = r.vertical.taps
    indices.reserve(r.columnsSeen.count)
    line.reserve(r.horizontal.paddedCount + 2 * side)
    ring.reserve(taps * across)
    acc.reserve(across)
    rows.reserve(OverviewKernels.blendedTaps)
    tags.reserve(taps)
    tags.base.update(repeating: Int.min, count: taps)
    indexRow = Int.min
  }
}

/// Uninitialised memory that grows when asked for more than it has, and never shrinks.
/// For trivial element types, which need no initialising or deinitialising.
struct GrowableBuffer<Element: BitwiseCopyable> {
  private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 1)
  private(set) var capacity = 1

  /// Makes room for at least `count` elements (their contents are undefined after a
  /// growth).
  mutating func reserve(_ count: Int) {
    guard count > capacity else { return }
    base.deallocate()
    base = UnsafeMutablePointer<Element>.allocate(capacity: count)
    capacity = count
  }

  func free() { base.deallocate() }
}
