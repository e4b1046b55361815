/// The cells the window shows (`GridLayout.visibleRows` × `visibleColumns`), as the scene
/// tests them when a view changes: only those are listed as changed (`Scene.takeChanges`).
/// Nothing draws a view outside, and a pan, zoom or resize that brings one in redraws
/// everything, so listing it would only cost: at 16M views all animating, a frame's
/// million changed views read and cleared one by one, 5 ms of a frame at 8 px.
struct CellWindow: Sendable {
  /// The first cell of the first row shown, and the cell after the last row shown.
  private let first: Int32
  private let end: Int32
  /// The grid's columns, and the columns shown.
  private let columns: Int32
  private let firstColumn: Int32
  private let endColumn: Int32

  init(_ l: GridLayout) {
    let rows = l.visibleRows
    let shown = l.visibleColumns
    columns = Int32(max(l.columns, 1))
    first = Int32(rows.lowerBound * l.columns)
    end = Int32(rows.upperBound * l.columns)
    firstColumn = Int32(shown.lowerBound)
    endColumn = Int32(shown.upperBound)
  }

  /// Whether the window shows view `cell`: a range test first, which rules out most views
  /// of a large grid without a division.
  @inline(__always) func contains(_ cell: Int32) -> Bool {
    guard cell >= first, cell < end else { return false }
    let column = cell % columns
    return column >= firstColumn && column < endColumn
  }
}
