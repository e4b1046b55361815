/// Views with running animations, bucketed by the step their animation is due to end: a
/// timing wheel, so that stepping visits only the bucket of each step taken, never every
/// running animation.
///
/// A view is in the bucket of `due & mask`. The wheel grows (a power of two, up to
/// `largestSize`) to cover the longest animation, so most buckets hold only views due on
/// their own step; one due further ahead than the wheel reaches waits there for later
/// rounds. Entries are never removed early: a view that restarts or stops leaves a stale
/// entry, which the scene recognises and drops when its bucket comes round (it checks the
/// view's record).
struct CompletionWheel: Sendable {
  /// The buckets, `mask + 1` of them.
  private(set) var buckets: [[Int32]]
  private(set) var mask: Int64

  /// The most buckets: 2¹⁹ covers the longest `--duration` (3,600 s) at 120 Hz without
  /// rounds, and its bucket headers take 4 MB. Longer animations take rounds.
  static let largestSize = 1 << 19
  /// The fewest buckets, so a short style does not regrow the wheel for every longer one.
  static let smallestSize = 64

  /// A wheel whose buckets cover `span` steps ahead (up to `largestSize`).
  init(covering span: Int64) {
    let size = Self.size(covering: span)
    buckets = Array(repeating: [], count: size)
    mask = Int64(size - 1)
  }

  /// The number of buckets.
  var size: Int { buckets.count }

  /// Whether a wheel of more buckets would hold a view due `span` steps ahead in its own
  /// round.
  func isTooSmall(for span: Int64) -> Bool {
    span >= Int64(size) && size < Self.largestSize
  }

  /// The power of two of buckets that covers `span` steps ahead, within the limits.
  static func size(covering span: Int64) -> Int {
    var size = smallestSize
    while Int64(size) <= span && size < largestSize { size *= 2 }
    return size
  }

  /// The bucket of `step`.
  @inline(__always) func bucket(of step: Int64) -> Int { Int(step & mask) }

  /// Files `cell` under the step it is due.
  mutating func add(_ cell: Int32, due: Int64) {
    buckets[bucket(of: due)].append(cell)
  }

  /// Hands bucket `index`'s entries to `entries` (whose old contents, emptied, become the
  /// bucket: the two arrays' capacities circulate, so popping allocates nothing).
  mutating func take(_ index: Int, into entries: inout [Int32]) {
    entries.removeAll(keepingCapacity: true)
    swap(&entries, &buckets[index])
  }

  /// Swaps the entries of the bucket of step `due` with `entries`: a caller filing many
  /// views under one step takes the bucket out, appends to it and puts it back, touching
  /// the wheel's storage twice rather than for every view.
  mutating func exchange(bucketOf due: Int64, with entries: inout [Int32]) {
    swap(&entries, &buckets[bucket(of: due)])
  }

  /// Empties every bucket, keeping its capacity.
  mutating func removeAll() {
    for i in buckets.indices { buckets[i].removeAll(keepingCapacity: true) }
  }

  /// Every entry, bucket after bucket, and each bucket's count: the wheel in two flat
  /// arrays (a snapshot keeps these, not a bucket array each, whose capacities circulate).
  func flattened() -> FlatWheel {
    var flat = FlatWheel(size: size)
    flat.entries.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
    for (i, b) in buckets.enumerated() {
      flat.counts[i] = Int32(b.count)
      flat.entries += b
    }
    return flat
  }

  /// Refills the wheel with `flat`'s entries in the same buckets and order, reusing the
  /// buckets' storage when the size is the same.
  mutating func refill(from flat: FlatWheel) {
    if flat.counts.count != size { self = CompletionWheel(size: flat.counts.count) }
    var at = 0
    for i in buckets.indices {
      let n = Int(flat.counts[i])
      buckets[i].removeAll(keepingCapacity: true)
      buckets[i] += flat.entries[at..<(at + n)]
      at += n
    }
  }

  /// An empty wheel of `size` buckets (a power of two).
  private init(size: Int) {
    buckets = Array(repeating: [], count: size)
    mask = Int64(size - 1)
  }
}

/// A completion wheel's entries in two flat arrays (`CompletionWheel.flattened`).
struct FlatWheel: Sendable {
  var counts: [Int32]
  var entries: [Int32] = []

  init(size: Int) { counts = Array(repeating: 0, count: size) }

  /// Bytes held.
  var byteCount: Int { (counts.capacity + entries.capacity) * MemoryLayout<Int32>.stride }
}
