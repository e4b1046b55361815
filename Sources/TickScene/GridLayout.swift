import TickGeometry

/// Where each cell of a grid sits in the window, and which cell a point falls in.
///
/// Cells are `cell × cell` pixels with `gap` pixels between them. Without an explicit
/// column or row count the grid takes as many cells as fit with at least a `gap` margin
/// round the edge; either way it is centred in the window.
public struct GridLayout: Equatable, Sendable {
  public let windowWidth: Int
  public let windowHeight: Int
  public let cell: Int
  public let gap: Int
  public let columns: Int
  public let rows: Int
  /// The top-left pixel of cell 0 (negative when the grid is larger than the window).
  public let originX: Int
  public let originY: Int

  /// - Precondition: positive window size and cell, non-negative gap, and positive counts
  ///   when given (the option parser checks these before a layout is made).
  public init(
    windowWidth: Int, windowHeight: Int, cell: Int, gap: Int, columns: Int? = nil,
    rows: Int? = nil
  ) {
    precondition(windowWidth > 0 && windowHeight > 0 && cell > 0 && gap >= 0)
    let pitch = cell + gap
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.cell = cell
    self.gap = gap
    self.columns = max(1, columns ?? (windowWidth - gap) / pitch)
    self.rows = max(1, rows ?? (windowHeight - gap) / pitch)
    originX = (windowWidth - (self.columns * pitch - gap)) / 2
    originY = (windowHeight - (self.rows * pitch - gap)) / 2
  }

  /// A layout with every field given: how zooming, panning and resizing move the grid.
  public init(
    windowWidth: Int, windowHeight: Int, cell: Int, gap: Int, columns: Int, rows: Int,
    originX: Int, originY: Int
  ) {
    precondition(windowWidth > 0 && windowHeight > 0 && cell > 0 && gap >= 0)
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.cell = cell
    self.gap = gap
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.originX = originX
    self.originY = originY
  }

  /// The distance from one cell's left edge to the next one's.
  @inlinable public var pitch: Int { cell + gap }

  /// The number of cells.
  @inlinable public var count: Int { columns * rows }

  /// The cell under window point `(x, y)`, or nil in a gap or outside the grid. O(1).
  public func cellIndex(atX x: Float, y: Float) -> Int? {
    guard x.isFinite, y.isFinite else { return nil }
    guard let c = axisIndex(x - Float(originX), count: columns),
      let r = axisIndex(y - Float(originY), count: rows)
    else { return nil }
    return r * columns + c
  }

  /// The cell the pointer at window point `(x, y)` is over: as `cellIndex`, and nil outside
  /// the layout's window too — over a docked HUD, a view panned under it is hidden.
  public func cellShown(atX x: Float, y: Float) -> Int? {
    guard x >= 0, y >= 0, x < Float(windowWidth), y < Float(windowHeight) else { return nil }
    return cellIndex(atX: x, y: y)
  }

  /// The cell's column and row.
  @inlinable public func position(of index: Int) -> (column: Int, row: Int) {
    (index % columns, index / columns)
  }

  /// The pixels of cell `index`.
  @inlinable public func rect(of index: Int) -> PixelRect {
    let (c, r) = position(of: index)
    return PixelRect(x: originX + c * pitch, y: originY + r * pitch, width: cell, height: cell)
  }

  /// The pixels a cell owns: its rect grown by half the gap on each side (the odd pixel of
  /// an odd gap going right and down), so the paint rects tile the grid with no pixel
  /// owned twice or not at all. A repaint clears exactly this, and everything a view
  /// draws is clipped to it.
  @inlinable public func paintRect(of index: Int) -> PixelRect {
    let r = rect(of: index)
    return PixelRect(x: r.x - gap / 2, y: r.y - gap / 2, width: pitch, height: pitch)
  }

  private func axisIndex(_ offset: Float, count: Int) -> Int? {
    guard offset >= 0 else { return nil }
    let p = Float(pitch)
    let i = Int((offset / p).rounded(.down))
    guard i < count, offset - Float(i) * p < Float(cell) else { return nil }
    return i
  }

  // MARK: - Viewing: visible range, pan, zoom, resize

  /// The columns at least partly inside the window.
  public var visibleColumns: Range<Int> {
    visibleRange(origin: originX, extent: windowWidth, count: columns)
  }

  /// The rows at least partly inside the window.
  public var visibleRows: Range<Int> {
    visibleRange(origin: originY, extent: windowHeight, count: rows)
  }

  /// Whether view `index`'s paint rect meets the window (the same test as the visible
  /// ranges, for one cell).
  public func isVisible(_ index: Int) -> Bool {
    let r = paintRect(of: index)
    return r.x < windowWidth && r.y < windowHeight && r.x + r.width > 0 && r.y + r.height > 0
  }

  /// The number of views at least partly inside the window.
  public var visibleCount: Int { visibleColumns.count * visibleRows.count }

  /// The same grid moved by (`dx`, `dy`) pixels.
  public func panned(dx: Int, dy: Int) -> GridLayout {
    GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: cell, gap: gap,
      columns: columns, rows: rows, originX: originX + dx, originY: originY + dy)
  }

  /// The same grid with `newCell`-pixel cells (the gap scaled alike), keeping the point
  /// under (`x`, `y`) where it is.
  public func zoomed(toCell newCell: Int, around x: Float, y: Float) -> GridLayout {
    let c = max(1, newCell)
    let g = Int((Float(gap) * Float(c) / Float(cell)).rounded())
    let scale = Float(c + g) / Float(pitch)
    let ox = Int((x - (x - Float(originX)) * scale).rounded())
    let oy = Int((y - (y - Float(originY)) * scale).rounded())
    return GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: c, gap: g, columns: columns,
      rows: rows, originX: ox, originY: oy)
  }

  /// The same grid in a window of a new size. On each axis, a grid that fits the new
  /// window is centred in it; one that does not stays where it was (a pan carries over),
  /// moved only as far as it must to keep the window covered up to a gap from each edge,
  /// and can be panned to the rest. So docking a panel beside a wide grid moves nothing:
  /// the panel's side of the grid goes out of sight, never both sides at once.
  public func resized(width: Int, height: Int) -> GridLayout {
    let w = max(1, width)
    let h = max(1, height)
    return GridLayout(
      windowWidth: w, windowHeight: h, cell: cell, gap: gap, columns: columns, rows: rows,
      originX: placed(originX, extent: w, size: columns * pitch - gap),
      originY: placed(originY, extent: h, size: rows * pitch - gap))
  }

  /// Where an axis of `size` pixels starting at `origin` goes in a window `extent` wide:
  /// centred if it fits, else kept between a gap's margin at the start and at the end.
  func placed(_ origin: Int, extent: Int, size: Int) -> Int {
    guard size > extent else { return (extent - size) / 2 }
    return min(max(origin, extent - gap - size), gap)
  }

  /// The grid moved as little as needed to keep part of it in the window: on each axis at
  /// least a pitch of it, or all of it when it (or the window) is smaller than that. Pans
  /// and zooms go through this, so the grid can never be dragged out of sight.
  public func keptInWindow() -> GridLayout {
    func kept(_ origin: Int, extent: Int, size: Int) -> Int {
      let overlap = min(pitch, size, extent)
      return min(max(origin, overlap - size), extent - overlap)
    }
    let x = kept(originX, extent: windowWidth, size: columns * pitch - gap)
    let y = kept(originY, extent: windowHeight, size: rows * pitch - gap)
    return x == originX && y == originY ? self : panned(dx: x - originX, dy: y - originY)
  }

  /// The grid panned just enough to show all of `index`'s cell (with a gap's margin).
  public func scrolledToShow(_ index: Int) -> GridLayout {
    let r = paintRect(of: index)
    var dx = 0
    var dy = 0
    if r.x < 0 {
      dx = -r.x
    } else if r.x + r.width > windowWidth {
      dx = windowWidth - r.x - r.width
    }
    if r.y < 0 {
      dy = -r.y
    } else if r.y + r.height > windowHeight {
      dy = windowHeight - r.y - r.height
    }
    return dx == 0 && dy == 0 ? self : panned(dx: dx, dy: dy)
  }

  private func visibleRange(origin: Int, extent: Int, count: Int) -> Range<Int> {
    // A cell's paint rect starts gap/2 before it and is one pitch wide.
    let slack = gap / 2
    let first = floorDiv(-origin + slack - pitch, pitch) + 1
    let last = floorDiv(extent - 1 - origin + slack, pitch)
    let lo = max(0, first)
    let hi = min(count - 1, last)
    return lo <= hi ? lo..<(hi + 1) : 0..<0
  }

  private func floorDiv(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
