/// The scene's part that says where the grid lies in the window: the layout, what is docked
/// beside it and the margins it takes, and what Home returns to. Panning, zooming,
/// resizing and docking change it (`Scene+Window.swift`); it holds no view.
public struct Viewport: Sendable {
  /// Where the cells are in the window.
  public internal(set) var layout: GridLayout {
    didSet { shown = CellWindow(layout) }
  }
  /// The cells `layout` shows, the only ones listed as changed.
  private(set) var shown: CellWindow
  /// What is docked in the window besides the grid (a HUD), and the margins it takes now:
  /// the layout's window is the area left (see `Scene.setWindow`).
  public internal(set) var dock = Dock.none
  public internal(set) var margins: (right: Int, bottom: Int) = (0, 0)
  /// The fit the last H made to keep the grid whole beside its dock, while the grid is
  /// still laid out as it left it (`Scene.setDock`).
  var dockFit: DockFit?
  /// The cell size and gap the scene started with: what Home returns to.
  let homeCell: Int
  let homeGap: Int
  /// Whether Home fits the whole grid in its area (`--fit`) rather than returning to the
  /// first cell size.
  public var homeFits = false
  /// The step at which the cell size (gap, scale) last changed: how long a zoom has rested,
  /// in scene time, so that every renderer — live or headless — decides alike when a frame
  /// cache for the new size is worth building.
  public internal(set) var sizeChangedAtStep: Int64?

  init(layout: GridLayout) {
    self.layout = layout
    shown = CellWindow(layout)
    homeCell = layout.cell
    homeGap = layout.gap
  }
}
