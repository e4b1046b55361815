extension Scene {
  /// The width of the window the scene lays out in: the grid's area and the dock's margin.
  public var windowWidth: Int { layout.windowWidth + margins.right }

  /// The height of the window the scene lays out in.
  public var windowHeight: Int { layout.windowHeight + margins.bottom }

  /// Lays the grid out in a window of `width × height` less what `dock` takes (its area
  /// starts at the window's top-left corner, so window and grid coordinates agree).
  ///
  /// A grid that fills the window (`fillsWindow`) gains or loses views to fill the new
  /// area at the current cell size, keeping its pan; any other grid keeps its views and
  /// its centre where the area's centre is.
  public mutating func setWindow(width: Int, height: Int, dock: Dock) {
    let w = max(1, width)
    let h = max(1, height)
    self.dock = dock
    margins = dock.margins(width: w, height: h)
    let areaW = max(1, w - margins.right)
    let areaH = max(1, h - margins.bottom)
    guard fillsWindow else {
      setLayout(layout.resized(width: areaW, height: areaH))
      return
    }
    let l = layout
    let centred = GridLayout(
      windowWidth: l.windowWidth, windowHeight: l.windowHeight, cell: l.cell, gap: l.gap,
      columns: l.columns, rows: l.rows)
    let fit = GridLayout(windowWidth: areaW, windowHeight: areaH, cell: l.cell, gap: l.gap)
    regrid(to: fit.panned(dx: l.originX - centred.originX, dy: l.originY - centred.originY))
  }

  /// Home: the first cell size, no pan, the grid centred in its area (and, when it fills
  /// the window, as many views as fit there).
  public mutating func resetView() {
    let l = layout
    regrid(
      to: GridLayout(
        windowWidth: l.windowWidth, windowHeight: l.windowHeight, cell: homeCell, gap: homeGap,
        columns: fillsWindow ? nil : l.columns, rows: fillsWindow ? nil : l.rows))
  }
}
