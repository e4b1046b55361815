extension Scene {
  /// The width of the window the scene lays out in: the grid's area and the dock's margin.
  public var windowWidth: Int { layout.windowWidth + viewport.margins.right }

  /// The height of the window the scene lays out in.
  public var windowHeight: Int { layout.windowHeight + viewport.margins.bottom }

  /// Lays the grid out in a window of `width × height` less what `dock` takes (its area
  /// starts at the window's top-left corner, so window and grid coordinates agree).
  ///
  /// The views stay: their number is the user's choice (`--grid`, or as many as fit the
  /// launch window with nothing docked), so a dock or a window size never drops a view or
  /// its state, and the HUD never changes the workload. Only where the grid lies changes
  /// (`GridLayout.resized`): centred on an axis where it fits the area, and where it does
  /// not, keeping the point of it in the area's centre, to be panned like a larger grid.
  public mutating func setWindow(width: Int, height: Int, dock: Dock) {
    let w = max(1, width)
    let h = max(1, height)
    viewport.dock = dock
    viewport.margins = dock.margins(width: w, height: h)
    setLayout(
      layout.resized(
        width: max(1, w - viewport.margins.right), height: max(1, h - viewport.margins.bottom)))
  }

  /// H: `dock` docked in the same window, as `setWindow` does it, except that a grid
  /// wholly shown before stays wholly shown. Where it no longer fits beside the new dock at
  /// its cell size, it is fitted at the largest smaller one (`GridLayout.fitted`), and a
  /// later H that leaves room gives the cell size back, unless a zoom, pan or resize came
  /// between. So a change of HUD never hides a view the window showed, nor shrinks the
  /// views for good.
  public mutating func setDock(_ dock: Dock) {
    let wasWhole = layout.showsWhole
    let wanted = viewport.dockFit.flatMap { $0.layout == layout ? $0.cell : nil } ?? layout.cell
    setWindow(width: windowWidth, height: windowHeight, dock: dock)
    viewport.dockFit = nil
    guard wasWhole, !layout.isOverview, !layout.showsWhole || layout.cell != wanted else {
      return
    }
    let smallest = Self.zoomLimits.lowerBound
    let fitted = layout.fitted(
      cells: smallest...max(smallest, wanted), gap: viewport.homeGap, atCell: viewport.homeCell)
    guard fitted.cell != layout.cell || !layout.showsWhole else { return }
    setLayout(fitted)
    if fitted.cell != wanted { viewport.dockFit = DockFit(cell: wanted, layout: fitted) }
  }

  /// Home: the launch view. With `homeFits` (`--fit`), the whole grid fitted to its area
  /// (`fitView`); otherwise the first cell size, no pan, the grid centred in its area where
  /// it fits and shown from its first row and column where it does not.
  public mutating func resetView() {
    if viewport.homeFits {
      fitView()
      return
    }
    let l = layout
    setLayout(
      GridLayout(
        windowWidth: l.windowWidth, windowHeight: l.windowHeight, cell: viewport.homeCell,
        gap: viewport.homeGap,
        columns: l.columns, rows: l.rows, originX: viewport.homeGap, originY: viewport.homeGap
      ).resized(width: l.windowWidth, height: l.windowHeight))
  }

  /// F: the whole grid in its area (beside a docked HUD), centred — at the largest whole
  /// cell size zooming reaches at which it fits with a gap's margin, or, when even the
  /// smallest does not fit, at the smallest and the scale that fits it. The gap keeps its
  /// proportion to the first cell size, as zooming keeps it.
  public mutating func fitView() {
    setLayout(
      layout.fitted(cells: Self.zoomLimits, gap: viewport.homeGap, atCell: viewport.homeCell))
  }
}

/// A fit H made to keep a whole grid whole beside a new dock: the cell size it had before,
/// and the layout the fit gave (`Scene.setDock`).
struct DockFit: Equatable, Sendable {
  var cell: Int
  var layout: GridLayout
}
