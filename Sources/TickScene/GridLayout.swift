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

  /// The cell's column and row.
  @inlinable public func position(of index: Int) -> (column: Int, row: Int) {
    (index % columns, index / columns)
  }

  /// The pixels of cell `index`.
  @inlinable public func rect(of index: Int) -> PixelRect {
    let (c, r) = position(of: index)
    return PixelRect(x: originX + c * pitch, y: originY + r * pitch, width: cell, height: cell)
  }

  /// The area a cell owns when it is repainted: its rect grown by half the gap, so that
  /// an anti-aliasing fringe just outside the cell is repainted too.
  @inlinable public func paintRect(of index: Int) -> PixelRect {
    rect(of: index).insetBy(-(gap / 2))
  }

  private func axisIndex(_ offset: Float, count: Int) -> Int? {
    guard offset >= 0 else { return nil }
    let p = Float(pitch)
    let i = Int((offset / p).rounded(.down))
    guard i < count, offset - Float(i) * p < Float(cell) else { return nil }
    return i
  }
}
