/// The scene's facade over its parts (`Viewport`, `ViewTimelines`, `Outbox`, `Pointer`):
/// what callers read of it, under the names they always had.
extension Scene {
  /// Where the cells are in the window; panning, zooming and resizing change it.
  public internal(set) var layout: GridLayout {
    @inlinable get { viewport.layout }
    set { viewport.layout = newValue }
  }
  /// What is docked beside the grid (see `Viewport.dock`).
  public var dock: Dock { viewport.dock }
  /// The margins the dock takes (see `Viewport.margins`).
  public var margins: (right: Int, bottom: Int) { viewport.margins }
  /// Whether Home fits the whole grid (see `Viewport.homeFits`).
  public var homeFits: Bool {
    get { viewport.homeFits }
    set { viewport.homeFits = newValue }
  }
  /// The step at which the cell size last changed (see `Viewport.sizeChangedAtStep`).
  public var sizeChangedAtStep: Int64? { viewport.sizeChangedAtStep }

  /// Value changes not yet taken by `drainEvents()`.
  public var events: [ValueChange] { outbox.events }

  /// The number of views that are on.
  public var selectedCount: Int { views.selectedCount }
  /// The number of running animations.
  public var animatingCount: Int { views.animatingCount }
  /// Views whose animation finished during the last `advance` (see `ViewTimelines`).
  public var finished: [Int32] { views.finished }
  /// Completion-wheel entries visited by `advance` since the start (see `ViewTimelines`).
  public var stepWork: Int { views.stepWork }
}
