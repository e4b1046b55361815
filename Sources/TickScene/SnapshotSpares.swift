import TickThreads

/// The animating views of one range of a snapshot, in grid order, and their animations.
struct RunningList: Sendable {
  var cells: [Int32] = []
  var animations: [AnimationRecord] = []

  /// Bytes held.
  var byteCount: Int {
    cells.capacity * MemoryLayout<Int32>.stride
      + animations.capacity * MemoryLayout<AnimationRecord>.stride
  }

  /// Makes both lists' storage hold `count` (`SnapshotArrays.reserve`), writing nothing.
  mutating func reserve(_ count: Int) {
    SnapshotArrays.reserve(&cells, count)
    SnapshotArrays.reserve(&animations, count)
  }

  /// Makes both lists `count` long within their storage (what they held is to be
  /// overwritten).
  mutating func fill(to count: Int) {
    SnapshotArrays.fill(&cells, to: count, filler: 0)
    SnapshotArrays.fill(&animations, to: count, filler: .settled)
  }
}

/// A snapshot's arrays: the packed values, the animating views and the completion wheel's
/// entries. Kept apart from the rest of a snapshot so that their storage can pass to the
/// next snapshot (`Scene.snapshot(reusing:)`) from a spent one or from a spare made on
/// another thread (`SnapshotSpares`): at 16 million views with half of them animating, a
/// snapshot into fresh arrays took 450–510 ms, most of it the kernel clearing 160 MB of new
/// pages, and 21 ms into arrays already written.
public struct SnapshotArrays: Sendable {
  var states: [UInt8] = []
  var running: [RunningList] = []
  var wheel = FlatWheel(size: 0)

  public init() {}

  /// Bytes held.
  var byteCount: Int {
    states.capacity + running.reduce(0) { $0 + $1.byteCount } + wheel.byteCount
  }

  /// What a snapshot needs: array lengths only, read where the scene is.
  public struct Size: Sendable {
    var stateBytes: Int
    /// Room in each range's list of animating views.
    var lists: [Int]
    var wheelBuckets: Int
    var wheelEntries: Int

    /// Bytes arrays of this size take.
    public var byteCount: Int {
      stateBytes + lists.reduce(0, +)
        * (MemoryLayout<Int32>.stride + MemoryLayout<AnimationRecord>.stride)
        + (wheelBuckets + wheelEntries) * MemoryLayout<Int32>.stride
    }
  }

  /// Whether the storage holds a snapshot of `size` without growing.
  public func holds(_ size: Size) -> Bool {
    states.capacity >= size.stateBytes && running.count == size.lists.count
      && zip(running, size.lists).allSatisfy {
        $0.cells.capacity >= $1 && $0.animations.capacity >= $1
      }
      && wheel.counts.capacity >= size.wheelBuckets && wheel.entries.capacity >= size.wheelEntries
  }

  /// Empty arrays with room for a snapshot of `size`, none of it written: made on the
  /// thread that will free them (see `reserve`).
  init(reserving size: Size) {
    Self.reserve(&states, size.stateBytes)
    running = size.lists.map { n in
      var list = RunningList()
      list.reserve(n)
      return list
    }
    wheel = FlatWheel(size: size.wheelBuckets)
    Self.reserve(&wheel.entries, size.wheelEntries)
  }

  /// Writes every element `size` names into the storage `init(reserving:)` made, so that
  /// the kernel clears its pages where this runs; the lists keep them as elements, the
  /// wheel's entries as room.
  mutating func touch(_ size: Size) {
    Self.fill(&states, to: size.stateBytes, filler: 0)
    for (k, n) in size.lists.enumerated() { running[k].fill(to: n) }
    Self.fill(&wheel.entries, to: size.wheelEntries, filler: 0)
    wheel.entries.removeAll(keepingCapacity: true)
  }

  /// The room storage is made with beyond what is needed now, as a divisor: a sixteenth
  /// more, so that a load still growing fits the next snapshot without reallocating.
  static let roomDivisor = 16

  /// Storage kept beyond twice what an array needs, in elements, before it is given up
  /// for a fitted one: a snapshot of a quiet scene written into the arrays of a busy one
  /// would otherwise hold the busy one's memory for as long as the history keeps it.
  static let keptSlack = 1 << 16

  /// Makes `a`'s storage hold `count` elements, writing none: storage more than twice
  /// (and `keptSlack`) what they need, or too small, is dropped with its elements, and new
  /// storage has a sixteenth more room (`roomDivisor`), so that the next
  /// snapshot into it, of a load a little larger, fits.
  ///
  /// Called on the main thread, also for arrays filled on others: storage made on a pool
  /// or spare thread comes from that thread's malloc arena, where the main thread's frees
  /// leave it resident (it held 100 MB more at 16 million views).
  static func reserve<T>(_ a: inout [T], _ count: Int) {
    guard a.capacity > 2 * count + keptSlack || a.capacity < count else { return }
    a = []
    a.reserveCapacity(count + count / roomDivisor)
  }

  /// Makes `a` hold `count` elements, within its storage when `reserve` made room: the
  /// elements it had stay, new ones are `filler`.
  static func fill<T>(_ a: inout [T], to count: Int, filler: T) {
    if a.count > count {
      a.removeLast(a.count - count)
    } else {
      a.append(contentsOf: repeatElement(filler, count: count - a.count))
    }
  }
}

extension Scene {
  /// What a snapshot of the scene would need now; `withRoom`, with a sixteenth more for
  /// animating views and wheel entries. O(wheel buckets).
  ///
  /// A range's animating views are bounded by its part's wheel entries (every animating
  /// view has one, and a view that stopped or restarted may have a stale one too) and by
  /// all the animating views, and a load need not be spread evenly: A on 16 million views
  /// animates the first half's rows before the second's. Each list takes a slot more than
  /// its views (`gatherRunning`).
  public func snapshotSize(withRoom: Bool) -> SnapshotArrays.Size {
    func room(_ n: Int) -> Int { withRoom ? n + n / SnapshotArrays.roomDivisor : n }
    let wheel = views.wheel
    let ranges = snapshotRanges()
    let lists =
      ranges.count == 1
      ? [room(views.animatingCount) + 1]
      : (0..<ranges.count).map {
        room(min(wheel.entryCount(part: $0), views.animatingCount)) + 1
      }
    return SnapshotArrays.Size(
      stateBytes: packedByteCount, lists: lists, wheelBuckets: wheel.bucketCount,
      wheelEntries: room(wheel.entryCount))
  }
}

/// Storage for a history's next snapshot, made on a thread of its own while a checkpoint
/// waits for it: while the history fills, no spent checkpoint makes room for the next one.
///
/// Only storage passes through here, never a value the timeline depends on: a snapshot
/// taken with a spare, with a spent snapshot's arrays or with neither is the same.
public final class SnapshotSpares: @unchecked Sendable {
  private let monitor = Monitor()
  /// The spare made, until taken; guarded by `monitor`.
  private var ready: SnapshotArrays?
  /// Whether a thread is making one; guarded by `monitor`.
  private var making = false

  public init() {}

  /// Starts making arrays of `size` on a thread of its own, replacing any spare not
  /// taken; nothing while one is being made, or when no thread can be started.
  public func prepare(_ size: SnapshotArrays.Size) {
    let start = monitor.withLock {
      guard !making else { return false }
      making = true
      ready = nil
      return true
    }
    guard start else { return }
    // Made here, written there (`SnapshotArrays.reserve`).
    let box = SpareBox(SnapshotArrays(reserving: size))
    let started = startDetachedThread { [self] in
      box.arrays.touch(size)
      let spare = box.take()
      monitor.withLock {
        ready = spare
        making = false
        monitor.broadcast()
      }
    }
    if !started { monitor.withLock { making = false } }
  }

  /// The spare, when one is ready (nil while it is being made). The caller holds its only
  /// reference.
  public func take() -> SnapshotArrays? {
    monitor.withLock {
      let spare = ready
      ready = nil
      return spare
    }
  }

  /// Whether a spare is ready that holds a snapshot of `size`.
  public func readyHolds(_ size: SnapshotArrays.Size) -> Bool {
    monitor.withLock { ready?.holds(size) ?? false }
  }

  /// Waits until no spare is being made (for tests; play never waits).
  public func waitUntilMade() {
    monitor.withLock {
      while making { monitor.wait() }
    }
  }
}

/// Arrays handed to the thread that writes them, held by nothing else so that writing
/// them copies nothing.
private final class SpareBox: @unchecked Sendable {
  var arrays: SnapshotArrays

  init(_ arrays: SnapshotArrays) { self.arrays = arrays }

  /// The arrays, leaving none here.
  func take() -> SnapshotArrays {
    var out = SnapshotArrays()
    swap(&out, &arrays)
    return out
  }
}
