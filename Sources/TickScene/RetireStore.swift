/// The storage a lean pass gathers its step's lists in (`RetireScratch`): a range's in the
/// parallel pass, or the serial pass's chunks. Kept from step to step: a range's thread
/// allocating and the main thread freeing a scratch every step spread the memory over the
/// allocator's per-thread arenas, which held 24 MB more at 16 million views than the lists
/// themselves (docs/performance.md, "16 million views").
///
/// A class, so that a scene's copy shares it until it steps: the scene makes its own
/// before using one another copy holds (`Scene.rangeScratch`), as an array's storage is
/// copied on write.
final class RetireStore: @unchecked Sendable {
  private var finished = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
  private var dirty = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
  private var filed = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
  private var events = UnsafeMutableBufferPointer<ValueChange>(start: nil, count: 0)

  /// Room added above what a step asks for, an eighth, so that buckets which vary a little
  /// from step to step do not reallocate the store every few steps.
  static let headroomDivisor = 8

  deinit {
    finished.deallocate()
    dirty.deallocate()
    filed.deallocate()
    events.deallocate()
  }

  /// A scratch for `views` views toggled `toggles` times each, their value changes listed
  /// or only counted, in this store's storage (grown when too small). Valid until the
  /// next call.
  func scratch(views: Int, toggles: Int, listingEvents: Bool) -> RetireScratch {
    Self.ensure(&finished, views)
    Self.ensure(&dirty, views)
    Self.ensure(&filed, views)
    if listingEvents { Self.ensure(&events, views * toggles) }
    return RetireScratch(
      finished: finished, dirty: dirty, filed: filed,
      events: listingEvents ? events : UnsafeMutableBufferPointer(start: nil, count: 0),
      listsEvents: listingEvents)
  }

  private static func ensure<T>(_ buffer: inout UnsafeMutableBufferPointer<T>, _ n: Int) {
    guard buffer.count < n else { return }
    buffer.deallocate()
    buffer = .allocate(capacity: n + n / headroomDivisor)
  }
}

extension Scene {
  /// Part `k`'s store for the ranges' lists, made (or made the scene's own, when a copy
  /// shares it) on the calling thread before the ranges run.
  mutating func rangeScratch(part k: Int) -> RetireStore {
    if views.retireStores.count <= k {
      views.retireStores += (views.retireStores.count...k).map { _ in RetireStore() }
    }
    if !isKnownUniquelyReferenced(&views.retireStores[k]) {
      views.retireStores[k] = RetireStore()
    }
    return views.retireStores[k]
  }
}
