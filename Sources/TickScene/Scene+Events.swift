extension Scene {
  /// Lists the value changes from now on, or only counts them (see `EventKeeping`).
  /// Switching to counting turns the pending list into a count.
  public mutating func keepEvents(_ keeping: EventKeeping) {
    guard keeping != outbox.keeping else { return }
    if keeping == .counted {
      outbox.counted = outbox.events.count
      outbox.events = []
    } else {
      outbox.counted = 0
    }
    outbox.keeping = keeping
  }

  /// What the scene does with its value changes.
  public var eventKeeping: EventKeeping { outbox.keeping }

  /// The value changes made and not yet drained or discarded, listed or only counted.
  public var pendingEventCount: Int { outbox.pending }

  /// Forgets the pending value-change events, keeping their storage; their number.
  ///
  /// For a loop that reports none (`render`, `export`): every toggle adds one, so a run
  /// that never took them would keep tens of bytes per toggle for its whole length.
  @discardableResult
  public mutating func discardEvents() -> Int {
    let n = outbox.pending
    outbox.events.removeAll(keepingCapacity: true)
    outbox.counted = 0
    return n
  }

  /// Hands the pending value-change events to `drained`, replacing its contents, and starts
  /// the pending list afresh in `drained`'s old storage.
  ///
  /// For a loop that reads the events before its next step: the two lists' storage
  /// circulates, so a stress of tens of thousands of toggles a step allocates nothing and
  /// writes its events into memory it wrote two steps before, still in cache.
  /// `drainEvents()` is for a caller that keeps the list.
  public mutating func drainEvents(into drained: inout [ValueChange]) {
    drained.removeAll(keepingCapacity: true)
    swap(&drained, &outbox.events)
    outbox.counted = 0
  }
}
