extension Scene {
  /// Forgets the pending value-change events, keeping their storage.
  ///
  /// For a loop that reports none (`render`, `export`): every toggle adds one, so a run
  /// that never took them would keep tens of bytes per toggle for its whole length.
  public mutating func discardEvents() {
    outbox.events.removeAll(keepingCapacity: true)
  }

  /// Hands the pending value-change events to `drained`, replacing its contents, and starts
  /// the pending list afresh in `drained`'s old storage.
  ///
  /// For a loop that reads the events before its next step (`bench frame`): the two lists'
  /// storage circulates, so a stress of tens of thousands of toggles a step allocates
  /// nothing and writes its events into memory it wrote two steps before, still in cache.
  /// `drainEvents()` is for a caller that keeps the list.
  public mutating func drainEvents(into drained: inout [ValueChange]) {
    drained.removeAll(keepingCapacity: true)
    swap(&drained, &outbox.events)
  }
}
