/// The scene's part that holds what changed and has not been handed over yet: the
/// value-change events (`Scene.drainEvents`), the views whose look changed, and whether
/// every view may have (`Scene.takeChanges`). A view's own dirty flag, in its record,
/// keeps the list free of duplicates.
public struct Outbox: Sendable {
  /// Value changes not yet taken by `Scene.drainEvents()` (none while only counted).
  public internal(set) var events: [ValueChange] = []
  /// Whether value changes are listed in `events` or only counted.
  var keeping = EventKeeping.listed
  /// The value changes made and not yet taken while only counted.
  var counted = 0
  /// Cells whose look changed since the changes were last taken (besides the animating
  /// ones).
  var dirty: [Int32] = []
  /// Whether every view may look different since the changes were last taken (true at
  /// the start: nothing has been drawn).
  var changedEverything = true

  /// The value changes pending, listed or counted.
  var pending: Int { keeping == .listed ? events.count : counted }

  /// Whether a value change is to be written down, not only counted.
  var lists: Bool { keeping == .listed }

  /// Notes one value change: listed, or counted.
  mutating func note(_ change: ValueChange) {
    if lists { events.append(change) } else { counted &+= 1 }
  }

  /// Notes `n` value changes, listed in `changes` when they are listed (a run gathered
  /// in a scratch writes none while only counted).
  mutating func note(_ changes: UnsafeBufferPointer<ValueChange>, count n: Int) {
    if lists { events.append(contentsOf: changes) } else { counted &+= n }
  }
}

/// What the scene does with its value changes. A loop that reads none (a benchmark,
/// `render`, `play` without `--events`) only counts them: at 16 million views a step
/// makes half a million, 24 bytes each, in lists tens of megabytes long.
public enum EventKeeping: Sendable, Equatable {
  /// Each change in `Scene.events`, until drained.
  case listed
  /// Only their number (`Scene.pendingEventCount`); `Scene.events` stays empty.
  case counted
}
