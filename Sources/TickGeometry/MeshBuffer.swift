/// A growable array of plain values (vertices, indices) that can make room without
/// initialising it: the fast paths count what they write, make room once, and store straight
/// into it (`Mesh.writer`). The standard library's `Array` can only grow by initialised
/// elements, which cost the fast paths a pass of zeros and a trim per shape.
///
/// A value type with copy-on-write like `Array`: a copy shares storage until either side
/// changes. It is a random-access, mutable collection, so reading it reads like an array.
public struct MeshBuffer<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection,
  @unchecked Sendable
{
  /// The heap block. Shared between copies only until one of them writes (copy-on-write),
  /// hence the unchecked `Sendable`: no two owners ever write the same block.
  final class Storage {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: Swift.max(capacity, 1))
    }

    deinit { base.deallocate() }
  }

  private var storage: Storage?
  public private(set) var count = 0

  public init() {}

  /// A buffer holding `elements`.
  public init(_ elements: some Sequence<Element>) {
    append(contentsOf: elements)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }
  /// How many elements fit before the storage grows.
  public var capacity: Int { storage?.capacity ?? 0 }

  public subscript(i: Int) -> Element {
    @inline(__always) get {
      precondition(i >= 0 && i < count, "MeshBuffer: index out of range")
      return storage.unsafelyUnwrapped.base[i]
    }
    @inline(__always) set {
      precondition(i >= 0 && i < count, "MeshBuffer: index out of range")
      makeUnique(minimumCapacity: count)
      storage.unsafelyUnwrapped.base[i] = newValue
    }
  }

  /// Makes the storage this value's own and at least `minimumCapacity` long, growing it
  /// geometrically.
  @inline(__always)
  private mutating func makeUnique(minimumCapacity: Int) {
    if capacity >= minimumCapacity, isKnownUniquelyReferenced(&storage) { return }
    reallocate(minimumCapacity)
  }

  @inline(never)
  private mutating func reallocate(_ minimumCapacity: Int) {
    let grown = Swift.max(minimumCapacity, capacity < minimumCapacity ? 2 * capacity : capacity, 16)
    let fresh = Storage(capacity: grown)
    if let old = storage, count > 0 { fresh.base.initialize(from: old.base, count: count) }
    storage = fresh
  }

  /// Makes room for `n` more elements, left uninitialised, lets `body` store up to `n` of
  /// them from the pointer it is given, and keeps the number it returns.
  @inline(__always)
  public mutating func appendUninitialized(
    _ n: Int, _ body: (UnsafeMutablePointer<Element>) throws -> Int
  ) rethrows {
    let used = try body(makeRoom(n))
    precondition(used >= 0 && used <= n, "MeshBuffer: wrote past the room made")
    count += used
  }

  public mutating func append(_ element: Element) {
    makeUnique(minimumCapacity: count + 1)
    (storage.unsafelyUnwrapped.base + count).initialize(to: element)
    count += 1
  }

  /// Appends a block of elements with one copy.
  public mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    appendUninitialized(elements.count) { p in
      p.initialize(from: source, count: elements.count)
      return elements.count
    }
  }

  public mutating func append(contentsOf elements: some Sequence<Element>) {
    let done: Void? = elements.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    guard done == nil else { return }
    for e in elements { append(e) }
  }

  public mutating func reserveCapacity(_ n: Int) {
    makeUnique(minimumCapacity: n)
  }

  /// Empties the buffer; with `keepingCapacity` its storage stays for reuse.
  public mutating func removeAll(keepingCapacity: Bool = false) {
    let kept = capacity
    count = 0
    if keepingCapacity, storage != nil, isKnownUniquelyReferenced(&storage) { return }
    storage = nil
    if keepingCapacity { reserveCapacity(kept) }
  }

  /// Makes room for `n` more elements and returns where the first of them goes; the caller
  /// stores up to `n` and then calls `didAppend`. Nothing may touch the buffer in between.
  @inline(__always)
  mutating func makeRoom(_ n: Int) -> UnsafeMutablePointer<Element> {
    makeUnique(minimumCapacity: count + n)
    return storage.unsafelyUnwrapped.base + count
  }

  /// Counts in `n` elements stored after `makeRoom`.
  @inline(__always)
  mutating func didAppend(_ n: Int) {
    assert(n >= 0 && count + n <= capacity, "MeshBuffer: appended past the room made")
    count += n
  }

  /// Drops the last `n` elements.
  public mutating func removeLast(_ n: Int) {
    precondition(n >= 0 && n <= count, "MeshBuffer: removing more than it holds")
    count -= n
  }

  /// Keeps the first `n` elements.
  public mutating func truncate(to n: Int) {
    precondition(n >= 0 && n <= count, "MeshBuffer: truncating past the end")
    count = n
  }

  public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R)
    rethrows -> R
  {
    try body(UnsafeBufferPointer(start: storage?.base, count: count))
  }

  public mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    makeUnique(minimumCapacity: count)
    var buffer = UnsafeMutableBufferPointer(start: storage.unsafelyUnwrapped.base, count: count)
    return try body(&buffer)
  }

  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try withUnsafeBufferPointer(body)
  }
}

extension MeshBuffer: Equatable where Element: Equatable {
  public static func == (a: MeshBuffer, b: MeshBuffer) -> Bool {
    a.elementsEqual(b)
  }
}

extension MeshBuffer: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}
