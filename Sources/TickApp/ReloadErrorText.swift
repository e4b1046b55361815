/// The panel play shows while a saved style or scene file is refused: a heading, then the
/// error (`FILE:LINE:COLUMN: key …: expected …`) wrapped to the window's width.
public enum ReloadErrorText {
  /// The panel's first line.
  public static let heading = "Style not reloaded (the last good one stays):"
  /// The fewest columns a line gets, however narrow the window: narrower would break
  /// every word.
  static let minimumColumns = 20

  /// The panel's lines for `error` in a box `columns` characters wide and `rows` rows
  /// tall (`HUD.overlayColumns`, `overlayRows`): the heading and the error wrapped to the
  /// width, and, where they take more rows than the box has, as many as it holds, the
  /// last of them an ellipsis. The error's `file:line:col` comes first, so it stays.
  public static func lines(_ error: String, columns: Int, rows: Int = .max) -> [String] {
    let columns = max(minimumColumns, columns)
    let all = wrap(heading, columns: columns) + wrap(error, columns: columns)
    guard all.count > rows else { return all }
    return Array(all.prefix(max(0, rows - 1))) + [CompactStrip.ellipsis]
  }

  /// `text` in lines of at most `columns` characters, broken at spaces where it can be
  /// (a longer word, a path say, is cut).
  static func wrap(_ text: String, columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var w = Substring(word)
      if !line.isEmpty && line.count + 1 + w.count > columns {
        lines.append(line)
        line = ""
      }
      while w.count > columns {
        lines.append(String(w.prefix(columns)))
        w = w.dropFirst(columns)
      }
      line += (line.isEmpty ? "" : " ") + w
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
