extension Scene {
  /// Forgets the pending value-change events, keeping their storage.
  ///
  /// For a loop that reports none (`render`, `export`): every toggle adds one, so a run
  /// that never took them would keep tens of bytes per toggle for its whole length.
  public mutating func discardEvents() {
    events.removeAll(keepingCapacity: true)
  }
}
