/// A rectangle of cells that behaves as a radio group: selecting one view deselects the
/// others, with their off animation.
public struct RadioGroup: Equatable, Sendable {
  public var column: Int
  public var row: Int
  public var columns: Int
  public var rows: Int
  /// Whether one view always stays selected (clicking it does not clear it).
  public var keepOne: Bool
  /// The selected view; nil when none is.
  public internal(set) var selected: Int32?

  public init(column: Int, row: Int, columns: Int, rows: Int, keepOne: Bool = false) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
    self.keepOne = keepOne
  }

  /// Whether the cell at (`c`, `r`) belongs to the group.
  @inlinable public func contains(column c: Int, row r: Int) -> Bool {
    c >= column && c < column + columns && r >= row && r < row + rows
  }

  /// Parses `COL,ROW,COLSxROWS` with an optional `,keep` (the `--group` option).
  public init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 3 || (parts.count == 4 && parts[3] == "keep"),
      let c = Int(parts[0]), let r = Int(parts[1]), c >= 0, r >= 0
    else { return nil }
    let size = parts[2].split(separator: "x", omittingEmptySubsequences: false)
    guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w >= 1, h >= 1,
      w <= 1_000_000, h <= 1_000_000
    else { return nil }
    self.init(column: c, row: r, columns: w, rows: h, keepOne: parts.count == 4)
  }
}
