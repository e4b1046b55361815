/// The panel play shows while a saved style or scene file is refused: a heading, then the
/// error (`FILE:LINE:COLUMN: key …: expected …`) wrapped to the window's width.
public enum ReloadErrorText {
  /// The panel's first line.
  public static let heading = "Style not reloaded (the last good one stays):"
  /// About 8 px a character at the HUD's 13 pt.
  static let pixelsPerColumn = 8
  /// Pixels of the window the panel leaves free, its padding and a margin.
  static let margin = 48
  /// The fewest columns a line gets, however narrow the window: narrower would break
  /// every word.
  static let minimumColumns = 20

  /// The panel's lines for `error` in a window `windowWidth` pixels wide.
  public static func lines(_ error: String, windowWidth: Int) -> [String] {
    let columns = max(minimumColumns, (windowWidth - margin) / pixelsPerColumn)
    return [heading] + wrap(error, columns: columns)
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
