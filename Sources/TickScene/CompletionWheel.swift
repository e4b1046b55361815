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
  /// The buckets, `size` for each part: part k's bucket i is `buckets[k * size + i]`.
  private(set) var buckets: [[Int32]]
  private(set) var mask: Int64
  /// The number of buckets of each part (a power of two).
  private(set) var size: Int
  /// The ranges of views that have buckets of their own, so that each range is retired on
  /// a thread of its own (docs/architecture.md, "Threads"): part k holds the views
  /// `k * partViews ..< (k + 1) * partViews`.
  private(set) var parts: Int
  private(set) var partViews: Int

  /// The most buckets: 2¹⁹ covers the longest `--duration` (3,600 s) at 120 Hz without
  /// rounds, and its bucket headers take 4 MB. Longer animations take rounds.
  static let largestSize = 1 << 19
  /// The fewest buckets, so a short style does not regrow the wheel for every longer one.
  static let smallestSize = 64

  /// A wheel whose buckets cover `span` steps ahead (up to `largestSize`), for `views`
  /// views in `parts` ranges.
  init(covering span: Int64, views: Int = 0, parts: Int = 1) {
    self.init(size: Self.size(covering: span), views: views, parts: parts)
  }

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

  /// The bucket of `step`, within each part.
  @inline(__always) func bucket(of step: Int64) -> Int { Int(step & mask) }

  /// The part that holds `cell`.
  @inline(__always) func part(of cell: Int32) -> Int {
    parts == 1 ? 0 : Int(cell) / partViews
  }

  /// The cells of part `k`, within `count` views.
  func cells(ofPart k: Int, count: Int) -> Range<Int> {
    min(k * partViews, count)..<min((k + 1) * partViews, count)
  }

  /// Files `cell` under the step it is due, in its part.
  mutating func add(_ cell: Int32, due: Int64) {
    buckets[part(of: cell) * size + bucket(of: due)].appendSnugly(cell)
  }

  /// Hands bucket `index` of part `k` to `entries` (whose old contents, emptied, become the
  /// bucket: the two arrays' capacities circulate, so popping allocates nothing).
  mutating func take(part k: Int, _ index: Int, into entries: inout [Int32]) {
    entries.removeAll(keepingCapacity: true)
    swap(&entries, &buckets[k * size + index])
  }

  /// The entries in part `k`'s bucket `index`.
  func count(part k: Int, bucket index: Int) -> Int { buckets[k * size + index].count }

  /// Buckets in all the parts.
  var bucketCount: Int { buckets.count }

  /// Entries in all the buckets.
  var entryCount: Int { buckets.reduce(0) { $0 + $1.count } }

  /// Entries in part `k`'s buckets.
  func entryCount(part k: Int) -> Int {
    buckets[(k * size)..<((k + 1) * size)].reduce(0) { $0 + $1.count }
  }

  /// The entries in bucket `index` of every part.
  func count(ofBucket index: Int) -> Int {
    (0..<parts).reduce(0) { $0 + buckets[$1 * size + index].count }
  }

  /// Swaps the entries of part `k`'s bucket of step `due` with `entries`: a caller filing
  /// many views of one part under one step takes the bucket out, appends to it and puts it
  /// back, touching the wheel's storage twice rather than for every view.
  mutating func exchange(part k: Int, bucketOf due: Int64, with entries: inout [Int32]) {
    swap(&entries, &buckets[k * size + bucket(of: due)])
  }

  /// A wheel with nothing in it, to hold a scene's place while its own is taken out.
  static let placeholder = CompletionWheel(covering: 0)

  /// Runs `body` with the buckets' storage, which it may write a part at a time from
  /// several threads (each part's buckets are its own).
  mutating func withBuckets<R>(_ body: (UnsafeMutableBufferPointer<[Int32]>) -> R) -> R {
    buckets.withUnsafeMutableBufferPointer { body($0) }
  }

  /// Empties every bucket, keeping its capacity.
  mutating func removeAll() {
    for i in buckets.indices { buckets[i].removeAll(keepingCapacity: true) }
  }

  /// The same entries in `parts` ranges of `views` views, each bucket's entries in the
  /// order they were (a part's bucket keeps the order of the views filed in it).
  func split(views: Int, parts: Int) -> CompletionWheel {
    var w = CompletionWheel(size: size, views: views, parts: parts)
    for b in buckets.indices {
      for c in buckets[b] { w.buckets[w.part(of: c) * size + b % size].append(c) }
    }
    return w
  }

  /// Writes every entry, bucket after bucket, and each bucket's count into `flat`: the
  /// wheel in two flat arrays (a snapshot keeps these, not a bucket array each, whose
  /// capacities circulate), in the storage `flat` has where that is large enough: a
  /// checkpoint reuses the arrays of the one it replaces.
  func flatten(into flat: inout FlatWheel) {
    flat.counts.removeAll(keepingCapacity: true)
    flat.counts.append(contentsOf: repeatElement(0, count: buckets.count))
    SnapshotArrays.reserve(&flat.entries, entryCount)
    flat.entries.removeAll(keepingCapacity: true)
    for (i, b) in buckets.enumerated() {
      flat.counts[i] = Int32(b.count)
      flat.entries += b
    }
  }

  /// Refills the wheel with `flat`'s entries in the same buckets and order, reusing the
  /// buckets' storage when the size is the same.
  mutating func refill(from flat: FlatWheel) {
    if flat.counts.count != buckets.count {
      self = CompletionWheel(
        size: flat.counts.count / parts, views: partViews * parts, parts: parts)
    }
    var at = 0
    for i in buckets.indices {
      let n = Int(flat.counts[i])
      buckets[i].removeAll(keepingCapacity: true)
      buckets[i] += flat.entries[at..<(at + n)]
      at += n
    }
  }

  /// An empty wheel of `size` buckets (a power of two) for each of `parts` ranges of
  /// `views` views.
  private init(size: Int, views: Int, parts: Int) {
    let parts = max(parts, 1)
    buckets = Array(repeating: [], count: size * parts)
    mask = Int64(size - 1)
    self.size = size
    self.parts = parts
    let align = Self.partAlignment
    partViews = max(((views + parts - 1) / parts + align - 1) / align * align, 1)
  }

  /// A part's views start on a multiple of this: a whole byte of a snapshot's packed
  /// values (`SceneSnapshot.statesPerByte`), so that a snapshot gathers part by part.
  static let partAlignment = SceneSnapshot.statesPerByte
}

/// How a bucket's storage grows. The library's arrays double theirs, and a bucket's storage
/// circulates (`CompletionWheel.take`), each keeping the largest capacity it ever had: at
/// 16 million animations the wheel's 64 MB of entries sat in 130 MB of storage, most of it
/// written once and so resident. Grown by a quarter, it takes 84 MB (docs/performance.md,
/// "16 million views").
enum BucketGrowth {
  /// A full bucket gains a quarter of its capacity: each entry is copied four times on
  /// average as a bucket grows a toggle or a chunk at a time, where doubling copies it once.
  static let divisor = 4
  /// The room a bucket's first storage has.
  static let smallest = 16

  /// The capacity for `needed` entries in storage of `capacity`: what is needed, and at
  /// least a quarter more than there was.
  static func capacity(for needed: Int, from capacity: Int) -> Int {
    max(needed, capacity + capacity / divisor + smallest)
  }
}

extension Array where Element == Int32 {
  /// Appends `entries`, growing the storage as `BucketGrowth` says.
  mutating func appendSnugly(_ entries: UnsafeBufferPointer<Int32>) {
    let needed = count + entries.count
    if needed > capacity {
      reserveCapacity(BucketGrowth.capacity(for: needed, from: capacity))
    }
    append(contentsOf: entries)
  }

  /// Appends `entry`, growing the storage as `BucketGrowth` says.
  mutating func appendSnugly(_ entry: Int32) {
    if count == capacity { reserveCapacity(BucketGrowth.capacity(for: count + 1, from: capacity)) }
    append(entry)
  }

  /// Sorts the entries of a bucket into view order. A bucket is mostly sorted already (the
  /// step that restarted its views filed them in view order), often wholly: one pass
  /// finds that, where the library's sort would still look for runs to merge.
  mutating func sortIntoViewOrder() {
    let sorted = withUnsafeBufferPointer { b in
      var i = 1
      while i < b.count, b[i - 1] <= b[i] { i &+= 1 }
      return i >= b.count
    }
    if !sorted { sort() }
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
