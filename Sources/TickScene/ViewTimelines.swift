/// The scene's part that holds the views and their timelines: one record per view (its
/// state, dirty flag and animation), the side table of interrupted animations, and the
/// completion wheel their ends are due in, with what stepping keeps between steps. The
/// scene's step and its style say what a record means (`Scene.look`, `Scene.advance`).
public struct ViewTimelines: Sendable {
  /// One record per view, in grid order: its state, its dirty flag and its animation.
  var records: [ViewRecord]
  /// The looks and velocity of the interrupted animations (and those `setStyle`
  /// restarted), by view: only the views whose record says so have one.
  var interruptions: [Int32: Interruption] = [:]
  /// The running animations by the step they are due to end.
  var wheel: CompletionWheel
  /// The bucket being retired (its storage is reused from step to step).
  var retiring: [Int32] = []
  /// The bucket each range of views retires when the step is taken in parallel
  /// (`Scene.retireInParallel`), one a part of the wheel.
  var retiringByPart: [[Int32]] = []
  /// Where each range gathers its lists when the step is taken in parallel, kept from step
  /// to step (`RetireStore`).
  var retireStores: [RetireStore] = []
  /// The step at which an animation whose end had already passed (a staggered start) was
  /// last filed, for the step after: `advance` from that step may find it in its bucket,
  /// ahead of the views due on time in `finished`.
  var lastOverdueFiling: Int64?
  /// The number of views that are on.
  public internal(set) var selectedCount = 0
  /// The number of running animations.
  public internal(set) var animatingCount = 0
  /// Views whose animation finished during the last `advance`, in the order they were due
  /// (by due step, then in view order, for any number of ranges).
  public internal(set) var finished: [Int32] = []
  /// The due step of each view of `finished`, to keep the list in order.
  var finishedDue: [Int64] = []
  /// Completion-wheel entries visited by `advance` since the start: the work of stepping,
  /// which follows the animations that finish (and the stale entries of views that
  /// restarted or stopped), never the number of views nor of running animations.
  public internal(set) var stepWork = 0

  /// `count` settled views, off, with a wheel covering `span` steps ahead.
  init(count: Int, covering span: Int64) {
    records = Array(repeating: ViewRecord(), count: count)
    wheel = CompletionWheel(covering: span, views: count)
  }

  /// How many of `cells` are animating, in a pass of its own before they are retired: its
  /// loads of the views' records are independent of one another, so the processor overlaps
  /// their cache misses (the views finishing together lie anywhere in the grid), which the
  /// retiring loop, with its appends, writes and restarts, would take nearly one at a time.
  /// The count reserves room in `finished`.
  func countRunning(_ cells: ArraySlice<Int32>) -> Int {
    records.withUnsafeBufferPointer { r in
      var running = 0
      for c in cells where r[Int(c)].animation.isRunning { running += 1 }
      return running
    }
  }

  /// Room in `finished` and `finishedDue` for the running views among `cells`, counted by
  /// `countRunning` before they are retired.
  ///
  /// The room grows at least twofold when it grows: `reserveCapacity` reserves exactly what
  /// it is asked, so asking a chunk's worth more each chunk copied the whole list every
  /// chunk, and a million views finishing in one step took 0.69 s (`bench step`'s
  /// `all_finishing` line).
  mutating func reserveFinished(for cells: ArraySlice<Int32>) {
    let wanted = finished.count + countRunning(cells)
    Self.reserve(&finished, wanted)
    Self.reserve(&finishedDue, wanted)
  }

  /// Room for `wanted` elements in `list`, at least twice what it had when it must grow.
  static func reserve<T>(_ list: inout [T], _ wanted: Int) {
    guard wanted > list.capacity else { return }
    list.reserveCapacity(max(wanted, 2 * list.capacity))
  }

  /// Writes a state, keeping `selectedCount` true.
  @inline(__always) mutating func assign(_ cell: Int, _ s: ViewState) {
    if records[cell].state == .on { selectedCount -= 1 }
    if s == .on { selectedCount += 1 }
    records[cell].state = s
  }

  /// Settles `cell` where it is: its wheel entry goes stale (dropped when its bucket comes
  /// round) and its interruption, if any, is forgotten.
  @inline(__always) mutating func stopAnimation(_ cell: Int) {
    let r = records[cell].animation
    guard r.isRunning else { return }
    if r.isInterrupted { interruptions[Int32(cell)] = nil }
    records[cell].animation = .settled
    animatingCount -= 1
  }
}
