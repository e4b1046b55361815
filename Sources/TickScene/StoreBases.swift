/// The views whose paint rect in a backing store holds a base, not their whole look.
///
/// On the direct path an animating view whose look is the plain tick over its settled disc
/// changes only in its tick. Its disc (the base) is drawn into the store once, when the
/// view starts so to animate, and its tick is drawn over the window each frame, after the
/// store is shown (`DrawList.overlay`), instead of its paint rect being cleared and the
/// whole view drawn again into the store: at 8 px the disc is two thirds of a view's
/// triangles. The store keeps this list so that the next frame knows which bases it
/// holds; a new or stale store holds none.
public struct StoreBases: Sendable, Equatable {
  /// The cells, in grid order.
  public internal(set) var cells: [Int32] = []

  public init() {}
}

/// A frame's bookkeeping of `StoreBases` while the frame builder builds it: the bases the
/// store held before the frame, read in grid order as the animating views are, and the
/// ones it holds after.
struct BaseLayering {
  /// Whether views may be drawn as a base and a moving part (the direct path's frames).
  var isOn = false
  /// The bases held before this frame, and how far they have been read.
  private var held: [Int32] = []
  private var heldNext = 0
  /// This frame's changed views that animate (their base must be drawn again), sorted,
  /// and how far they have been read.
  private var changed: [Int32] = []
  private var changedNext = 0
  /// The bases held after this frame.
  private(set) var kept: [Int32] = []

  /// Starts a frame for a store that holds `bases` (none when it is drawn whole).
  mutating func begin(holding bases: inout StoreBases) {
    isOn = true
    swap(&held, &bases.cells)
    (heldNext, changedNext) = (0, 0)
    changed.removeAll(keepingCapacity: true)
    kept.removeAll(keepingCapacity: true)
  }

  /// Ends the frame: `bases` become the ones kept.
  mutating func end(into bases: inout StoreBases) {
    isOn = false
    swap(&kept, &bases.cells)
    held.removeAll(keepingCapacity: true)
  }

  /// Notes a changed view that animates: whatever base it had is out of date.
  mutating func noteChanged(_ cell: Int32) { changed.append(cell) }

  /// Sorts the changed views; called once they are all noted, before any is asked about.
  mutating func changesNoted() { changed.sort() }

  /// Whether the store holds `cell`'s base, still good: it was held and the view did not
  /// change. Cells must be asked about in grid order.
  mutating func holdsBase(_ cell: Int32) -> Bool {
    Self.advance(&heldNext, in: held, to: cell)
      && !Self.advance(&changedNext, in: changed, to: cell)
  }

  /// Notes that the store holds `cell`'s base after this frame.
  mutating func keep(_ cell: Int32) { kept.append(cell) }

  /// Moves `next` past the entries of sorted `list` below `cell`; returns whether the
  /// entry it stops at is `cell`.
  private static func advance(_ next: inout Int, in list: [Int32], to cell: Int32) -> Bool {
    while next < list.count && list[next] < cell { next += 1 }
    return next < list.count && list[next] == cell
  }
}
