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

  /// Makes both lists `count` long (`SnapshotArrays.fit`; what they held is to be
  /// overwritten).
  mutating func resize(to count: Int) {
    SnapshotArrays.fit(&cells, to: count, filler: 0)
    SnapshotArrays.fit(&animations, to: count, filler: .settled)
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

  /// Arrays of `size`, every page written once.
  init(size: Size) {
    states = Array(repeating: 0, count: size.stateBytes)
    running = size.lists.map { n in
      RunningList(
        cells: Array(repeating: 0, count: n), animations: Array(repeating: .settled, count: n))
    }
    wheel = FlatWheel(size: size.wheelBuckets)
    wheel.entries = Array(repeating: 0, count: size.wheelEntries)
    wheel.entries.removeAll(keepingCapacity: true)
  }

  /// Storage kept beyond twice what an array needs, in elements, before it is given up
  /// for a fitted one: a snapshot of a quiet scene written into the arrays of a busy one
  /// would otherwise hold the busy one's memory for as long as the history keeps it.
  static let keptSlack = 1 << 16

  /// Makes `a` hold `count` elements, keeping its storage unless it is more than twice
  /// (and `keptSlack`) what they need: the elements it had stay, new ones are `filler`.
  /// Storage grown gets a sixteenth more room (`Scene.spareRoomDivisor`), so that the
  /// next snapshot into it, of a load a little larger, fits.
  static func fit<T>(_ a: inout [T], to count: Int, filler: T) {
    if a.capacity > 2 * count + keptSlack {
      a = Array(repeating: filler, count: count)
    } else if a.count > count {
      a.removeLast(a.count - count)
    } else {
      if a.capacity < count { a.reserveCapacity(count + count / Scene.spareRoomDivisor) }
      a.append(contentsOf: repeatElement(filler, count: count - a.count))
    }
  }

  /// Makes `a`'s storage hold `count` elements, given up as `fit` says (its elements are
  /// then dropped).
  static func fit<T>(_ a: inout [T], to count: Int) {
    if a.capacity > 2 * count + keptSlack { a = [] }
    a.reserveCapacity(count)
  }
}

extension Scene {
  /// The room in each list of animating views beyond the views animating now, as a
  /// divisor: a sixteenth more, so that a load still growing fits the next snapshot without
  /// reallocating.
  static let spareRoomDivisor = 16

  /// What a snapshot of the scene would need now; `withRoom`, with a sixteenth more for
  /// animating views and wheel entries. O(wheel buckets).
  ///
  /// A range's animating views are bounded by its part's wheel entries (every animating
  /// view has one, and a view that stopped or restarted may have a stale one too), and a
  /// load need not be spread evenly: A on 16 million views animates the first half's rows
  /// before the second's. Each list takes a slot more than its views (`gatherRunning`).
  public func snapshotSize(withRoom: Bool) -> SnapshotArrays.Size {
    func room(_ n: Int) -> Int { withRoom ? n + n / Self.spareRoomDivisor : n }
    let wheel = views.wheel
    let ranges = snapshotRanges()
    let lists =
      ranges.count == 1
      ? [room(views.animatingCount) + 1]
      : (0..<ranges.count).map { room(wheel.entryCount(part: $0)) + 1 }
    return SnapshotArrays.Size(
      stateBytes: packedByteCount, lists: lists, wheelBuckets: wheel.bucketCount,
      wheelEntries: room(wheel.entryCount))
  }
}

/// Storage for a history's next snapshot, made on a thread of its own: while the history
/// fills, no spent checkpoint makes room for the next one.
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
    let started = startDetachedThread { [self] in
      let spare = SnapshotArrays(size: size)
      monitor.withLock {
        ready = spare
        making = false
        monitor.broadcast()
      }
    }
    if !started { monitor.withLock { making = false } }
  }

  /// The spare, when one is ready (nil while it is being made: a snapshot then takes
  /// fresh arrays rather than wait). The caller holds its only reference.
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
