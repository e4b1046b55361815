import TickFiles
import TickScene

extension LaunchOptions {
  /// Refuses a radio group (`--group`) that names a cell off a grid of `columns` × `rows`.
  ///
  /// The grid is known only once every option is read (without `--grid` it is as many
  /// views as the window holds), so this runs after parsing: `parse` calls it with the
  /// grid of `layout`, and `export`, which lays out a grid of its own, with that one.
  public func checkGroups(columns: Int, rows: Int) throws(UsageError) {
    for g in groups {
      // Subtracted rather than added: a group's corner and size may each be near Int's range.
      guard g.column < columns, g.row < rows, g.columns <= columns - g.column,
        g.rows <= rows - g.row
      else {
        let text = "\(g.column),\(g.row),\(g.columns)x\(g.rows)" + (g.keepOne ? ",keep" : "")
        throw UsageError(
          "invalid value '\(text)' for --group: its cells reach column "
            + "\(lastIndex(g.column, g.columns)) and row \(lastIndex(g.row, g.rows)), but the "
            + "grid is \(columns)x\(rows) (columns 0–\(columns - 1), rows 0–\(rows - 1))")
      }
    }
  }

  /// The last of `count` indices from `first`, written without overflowing.
  private func lastIndex(_ first: Int, _ count: Int) -> String {
    let (sum, overflow) = first.addingReportingOverflow(count - 1)
    return overflow ? "\(first) + \(count - 1)" : "\(sum)"
  }
}
