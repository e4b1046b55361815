/// The help overlay cut into pages of the rows its box has in the window, so that a small
/// window shows all of it, a page at a time, and never cuts a line at an edge. Every page
/// of a help that takes more than one ends in a row that says which page it is and what
/// F1 does next: turn to the next page, or, on the last, close the help.
public enum HelpPages {
  /// The fewest rows a page has: one of text and the page's own row.
  static let minimumRows = 2
  /// The width `--help` wraps its text to; the key list, indented inside it, and the help
  /// overlay's lines are two narrower (`KeyTable.helpWidth`).
  public static let width = 90

  /// `lines` in pages of at most `rows` rows each, the page row included.
  public static func pages(_ lines: [String], rows: Int) -> [[String]] {
    let rows = max(rows, minimumRows)
    guard lines.count > rows else { return [lines] }
    let perPage = rows - 1
    let count = (lines.count + perPage - 1) / perPage
    return (0..<count).map { k in
      Array(lines[(k * perPage)..<min(lines.count, (k + 1) * perPage)])
        + [footer(page: k, of: count)]
    }
  }

  /// The row that ends page `page` (from 0) of `count`.
  public static func footer(page: Int, of count: Int) -> String {
    "page \(page + 1)/\(count) · F1: " + (page + 1 < count ? "next" : "close")
  }
}
