/// The scene's part that holds what changed and has not been handed over yet: the
/// value-change events (`Scene.drainEvents`), the views whose look changed, and whether
/// every view may have (`Scene.takeChanges`). A view's own dirty flag, in its record,
/// keeps the list free of duplicates.
public struct Outbox: Sendable {
  /// Value changes not yet taken by `Scene.drainEvents()`.
  public internal(set) var events: [ValueChange] = []
  /// Cells whose look changed since the changes were last taken (besides the animating
  /// ones).
  var dirty: [Int32] = []
  /// Whether every view may look different since the changes were last taken (true at
  /// the start: nothing has been drawn).
  var changedEverything = true
}
