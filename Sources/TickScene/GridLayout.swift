import TickGeometry

/// Where each cell of a grid sits in the window, and which cell a point falls in.
///
/// Cells are `cell × cell` pixels with `gap` pixels between them. Without an explicit
/// column or row count the grid takes as many cells as fit with at least a `gap` margin
/// round the edge; either way it is centred in the window.
///
/// Below the smallest whole cell a zoom goes on by `scale`, the window pixels per *base*
/// pixel: `cell`, `gap`, `originX`, `originY`, `pitch`, `rect(of:)` and `paintRect(of:)`
/// are whole base pixels, and on screen a base pixel is `scale` pixels wide. At scale 1
/// (every layout but an overview) base and window pixels are the same. What maps between
/// the window and the grid — hit tests, visible ranges, pans, zooms, resizes — takes the
/// scale into account; the window covers base pixels `0..<baseWidth` across.
public struct GridLayout: Equatable, Sendable {
  public let windowWidth: Int
  public let windowHeight: Int
  public let cell: Int
  public let gap: Int
  public let columns: Int
  public let rows: Int
  /// The top-left base pixel of cell 0 (negative when the grid is larger than the window).
  public let originX: Int
  public let originY: Int
  /// Window pixels per base pixel: 1, or less in an overview (0 < scale ≤ 1).
  public let scale: Double

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
    scale = 1
  }

  /// A layout with every field given: how zooming, panning and resizing move the grid.
  ///
  /// - Precondition: as above, and `0 < scale ≤ 1`.
  public init(
    windowWidth: Int, windowHeight: Int, cell: Int, gap: Int, columns: Int, rows: Int,
    originX: Int, originY: Int, scale: Double = 1
  ) {
    precondition(windowWidth > 0 && windowHeight > 0 && cell > 0 && gap >= 0)
    precondition(scale > 0 && scale <= 1, "scale \(scale) outside (0, 1]")
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.cell = cell
    self.gap = gap
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.originX = originX
    self.originY = originY
    self.scale = scale
  }

  /// The distance from one cell's left edge to the next one's, in base pixels.
  @inlinable public var pitch: Int { cell + gap }

  /// The number of cells.
  @inlinable public var count: Int { columns * rows }

  // MARK: - On screen

  /// Whether cells are drawn smaller than whole base pixels show them: an overview.
  @inlinable public var isOverview: Bool { scale < 1 }

  /// The distance from one cell's left edge to the next one's on screen, in window pixels.
  @inlinable public var screenPitch: Double { Double(pitch) * scale }

  /// A cell's side on screen, in window pixels (what the HUD shows).
  @inlinable public var screenCell: Double { Double(cell) * scale }

  /// The window x of the left edge of column `c`'s paint rect.
  @inlinable public func screenX(ofColumn c: Int) -> Double {
    Double(originX - gap / 2 + c * pitch) * scale
  }

  /// The window y of the top edge of row `r`'s paint rect.
  @inlinable public func screenY(ofRow r: Int) -> Double {
    Double(originY - gap / 2 + r * pitch) * scale
  }

  /// The window's width in base pixels: base pixel x shows when `x * scale` is inside the
  /// window, that is for x in `0..<baseWidth`.
  public var baseWidth: Int { Self.baseExtent(windowWidth, scale: scale) }

  /// The window's height in base pixels (see `baseWidth`).
  public var baseHeight: Int { Self.baseExtent(windowHeight, scale: scale) }

  /// The least whole number of base pixels `e` with `e * scale >= extent`, in the same
  /// floating-point arithmetic as `screenX(ofColumn:)`, so a paint rect meets the window
  /// exactly when its base pixels meet `0..<e`.
  static func baseExtent(_ extent: Int, scale: Double) -> Int {
    guard scale < 1 else { return extent }
    var e = Int((Double(extent) / scale).rounded(.up))
    while e > 0, Double(e - 1) * scale >= Double(extent) { e -= 1 }
    while Double(e) * scale < Double(extent) { e += 1 }
    return e
  }

  // MARK: - Hit tests and rects

  /// The cell under window point `(x, y)`, or nil in a gap or outside the grid. O(1).
  public func cellIndex(atX x: Float, y: Float) -> Int? {
    guard x.isFinite, y.isFinite else { return nil }
    guard let c = axisIndex(Double(x) / scale - Double(originX), count: columns),
      let r = axisIndex(Double(y) / scale - Double(originY), count: rows)
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

  /// The base pixels of cell `index`.
  @inlinable public func rect(of index: Int) -> PixelRect {
    let (c, r) = position(of: index)
    return PixelRect(x: originX + c * pitch, y: originY + r * pitch, width: cell, height: cell)
  }

  /// The base pixels a cell owns: its rect grown by half the gap on each side (the odd
  /// pixel of an odd gap going right and down), so the paint rects tile the grid with no
  /// pixel owned twice or not at all. A repaint clears exactly this, and everything a view
  /// draws is clipped to it.
  @inlinable public func paintRect(of index: Int) -> PixelRect {
    let r = rect(of: index)
    return PixelRect(x: r.x - gap / 2, y: r.y - gap / 2, width: pitch, height: pitch)
  }

  /// The cell along one axis at `offset` base pixels from the grid's start.
  private func axisIndex(_ offset: Double, count: Int) -> Int? {
    let p = Double(pitch)
    // Past the last cell, or so far out that the index would not fit an `Int`.
    guard offset >= 0, offset < p * Double(count) else { return nil }
    let i = Int((offset / p).rounded(.down))
    guard i < count, offset - Double(i) * p < Double(cell) else { return nil }
    return i
  }

  // MARK: - Viewing: visible range, pan, zoom, resize

  /// The columns at least partly inside the window.
  public var visibleColumns: Range<Int> {
    visibleRange(origin: originX, extent: baseWidth, count: columns)
  }

  /// The rows at least partly inside the window.
  public var visibleRows: Range<Int> {
    visibleRange(origin: originY, extent: baseHeight, count: rows)
  }

  /// Whether view `index`'s paint rect meets the window (the same test as the visible
  /// ranges, for one cell).
  public func isVisible(_ index: Int) -> Bool {
    let r = paintRect(of: index)
    return r.x < baseWidth && r.y < baseHeight && r.x + r.width > 0 && r.y + r.height > 0
  }

  /// The part of `rect` (base pixels) inside the window; `rect` itself when none is.
  @inlinable public func inWindow(_ rect: PixelRect) -> PixelRect {
    rect.intersection(PixelRect(x: 0, y: 0, width: baseWidth, height: baseHeight)) ?? rect
  }

  /// Whether every cell lies wholly inside the window.
  public var showsWhole: Bool {
    let right = Double(originX + columns * pitch - gap) * scale
    let bottom = Double(originY + rows * pitch - gap) * scale
    return originX >= 0 && originY >= 0 && right <= Double(windowWidth)
      && bottom <= Double(windowHeight)
  }

  /// The number of views at least partly inside the window.
  public var visibleCount: Int { visibleColumns.count * visibleRows.count }

  /// The same grid moved by (`dx`, `dy`) window pixels: the nearest whole base pixels.
  public func panned(dx: Int, dy: Int) -> GridLayout {
    guard isOverview else { return panned(baseDX: dx, baseDY: dy) }
    return panned(
      baseDX: Int((Double(dx) / scale).rounded()), baseDY: Int((Double(dy) / scale).rounded()))
  }

  /// The same grid moved by (`dx`, `dy`) base pixels.
  public func panned(baseDX dx: Int, baseDY dy: Int) -> GridLayout {
    moved(toX: originX + dx, y: originY + dy)
  }

  /// The same grid with its origin at (`x`, `y`) base pixels.
  private func moved(toX x: Int, y: Int) -> GridLayout {
    GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: cell, gap: gap,
      columns: columns, rows: rows, originX: x, originY: y, scale: scale)
  }

  /// The same grid with `newCell`-pixel cells (the gap scaled alike), at the same scale,
  /// keeping the point under window point (`x`, `y`) where it is.
  public func zoomed(toCell newCell: Int, around x: Float, y: Float) -> GridLayout {
    let c = max(1, newCell)
    let g = Int((Float(gap) * Float(c) / Float(cell)).rounded())
    let ratio = Float(c + g) / Float(pitch)
    // The point in base pixels (at scale 1, the window point itself).
    let bx = isOverview ? Float(Double(x) / scale) : x
    let by = isOverview ? Float(Double(y) / scale) : y
    let ox = Int((bx - (bx - Float(originX)) * ratio).rounded())
    let oy = Int((by - (by - Float(originY)) * ratio).rounded())
    return GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: c, gap: g, columns: columns,
      rows: rows, originX: ox, originY: oy, scale: scale)
  }

  /// The same grid at `newScale` (clamped to (0, 1]), keeping the point under window point
  /// (`x`, `y`) where it is.
  public func zoomed(toScale newScale: Double, around x: Float, y: Float) -> GridLayout {
    let s = min(max(newScale, .leastNormalMagnitude), 1)
    func origin(_ p: Float, _ o: Int) -> Int {
      let w = Double(p)
      return Int((w / s - (w / scale - Double(o))).rounded())
    }
    return GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: cell, gap: gap,
      columns: columns, rows: rows, originX: origin(x, originX), originY: origin(y, originY),
      scale: s)
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
      originX: placed(originX, window: w, size: columns * pitch - gap),
      originY: placed(originY, window: h, size: rows * pitch - gap), scale: scale)
  }

  /// Where an axis of `size` base pixels starting at `origin` goes in a window `window`
  /// pixels wide: centred if it fits, else kept between a gap's margin at the start and at
  /// the end.
  func placed(_ origin: Int, window: Int, size: Int) -> Int {
    let room = Double(window) / scale
    guard Double(size) * scale > Double(window) else {
      return Int(((room - Double(size)) / 2).rounded(.down))
    }
    let extent = Self.baseExtent(window, scale: scale)
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
    let x = kept(originX, extent: baseWidth, size: columns * pitch - gap)
    let y = kept(originY, extent: baseHeight, size: rows * pitch - gap)
    return x == originX && y == originY ? self : moved(toX: x, y: y)
  }

  /// The grid moved as little as needed to show all of it, with a gap's margin, on each
  /// axis where it fits so (an overview that shows the whole grid shows it all at once).
  public func keptWhole() -> GridLayout {
    func kept(_ origin: Int, window: Int, size: Int) -> Int {
      guard Double(size + 2 * gap) * scale <= Double(window) else { return origin }
      let last = Int((Double(window) / scale).rounded(.down)) - gap - size
      return min(max(origin, gap), max(last, gap))
    }
    let x = kept(originX, window: windowWidth, size: columns * pitch - gap)
    let y = kept(originY, window: windowHeight, size: rows * pitch - gap)
    return x == originX && y == originY ? self : moved(toX: x, y: y)
  }

  /// The grid panned just enough to show all of `index`'s cell (with a gap's margin).
  public func scrolledToShow(_ index: Int) -> GridLayout {
    let r = paintRect(of: index)
    let (w, h) = (baseWidth, baseHeight)
    var dx = 0
    var dy = 0
    if r.x < 0 {
      dx = -r.x
    } else if r.x + r.width > w {
      dx = w - r.x - r.width
    }
    if r.y < 0 {
      dy = -r.y
    } else if r.y + r.height > h {
      dy = h - r.y - r.height
    }
    return dx == 0 && dy == 0 ? self : panned(baseDX: dx, baseDY: dy)
  }

  // MARK: - Fitting the whole grid

  /// The largest scale at which the whole grid, with a gap's margin round it, fits the
  /// window at this cell size: 1 when it fits already. In the same arithmetic as the
  /// visible ranges, so at this scale every view is visible.
  public var fitScale: Double {
    let w = Double(columns * pitch + gap)
    let h = Double(rows * pitch + gap)
    var s = min(1, Double(windowWidth) / w, Double(windowHeight) / h)
    while s > 0, w * s > Double(windowWidth) || h * s > Double(windowHeight) { s = s.nextDown }
    return s
  }

  /// The same grid, whole in the window and centred: at the largest cell size in `cells`
  /// at which it fits with a gap's margin round it, or, if none does, at the smallest and
  /// the scale at which it fits. Each cell size `c` has the gap zooming gives it:
  /// `gap · c / cell` of the reference size, rounded.
  public func fitted(cells: ClosedRange<Int>, gap refGap: Int, atCell refCell: Int) -> GridLayout {
    func gap(_ c: Int) -> Int { Int((Float(refGap) * Float(c) / Float(refCell)).rounded()) }
    func fits(_ c: Int) -> Bool {
      let p = c + gap(c)
      return columns * p + gap(c) <= windowWidth && rows * p + gap(c) <= windowHeight
    }
    let c = cells.reversed().first(where: fits) ?? cells.lowerBound
    var l = GridLayout(
      windowWidth: windowWidth, windowHeight: windowHeight, cell: c, gap: gap(c),
      columns: columns, rows: rows, originX: 0, originY: 0)
    if !fits(c) {
      l = GridLayout(
        windowWidth: windowWidth, windowHeight: windowHeight, cell: c, gap: gap(c),
        columns: columns, rows: rows, originX: 0, originY: 0, scale: l.fitScale)
    }
    return l.resized(width: windowWidth, height: windowHeight)
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
