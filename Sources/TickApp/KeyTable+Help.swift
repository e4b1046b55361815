import TickFiles

extension KeyTable {
  /// The column a key's help starts at: the widest of the short labels ("arrows, Tab")
  /// and two spaces; a longer label has its help two spaces after it.
  static let helpColumn = 14
  /// The width the list wraps to: `--help`'s, less the two spaces it indents the list by.
  /// The help overlay shows the same lines (at 13-point text, 88 characters fit beside
  /// the HUD panel in the launch window).
  public static let helpWidth = HelpPages.width - 2

  /// The fewest columns a key's help gets beside its label: in a narrower box (the help
  /// overlay in a small window) the label takes a row of its own and its help the rows
  /// below, indented by `narrowIndent`.
  static let minimumHelpColumns = 20
  /// The indent of a key's help under its label, and of a long line's later rows.
  static let narrowIndent = 2

  /// The key list as `--help` and the help overlay show it: a label, its help wrapped to
  /// `width` columns, for every binding, then `modifierNote`.
  public static func helpLines(width: Int = helpWidth) -> [String] {
    var lines: [String] = []
    for binding in bindings {
      lines += wrapped(plain(binding.label), plain(binding.help), width: width)
    }
    return lines + wrappedText(modifierNote, width: width)
  }

  /// The README's key table, in Markdown, ending in a newline.
  public static func markdown() -> String {
    var text = "| key | action |\n| --- | --- |\n"
    for binding in bindings { text += "| \(binding.label) | \(binding.help) |\n" }
    return text
  }

  /// What `tickplay keys [--markdown]` prints, for its `arguments` after `keys`: the keys,
  /// then the gamepad's buttons (`PadTable`) under a heading of their own.
  /// - Throws: a usage error naming an argument it does not take.
  public static func listing(_ arguments: [String]) throws(UsageError) -> String {
    switch arguments {
    case []:
      return (helpLines() + ["", PadTable.heading] + PadTable.helpLines())
        .joined(separator: "\n") + "\n"
    case ["--markdown"]: return markdown() + "\n" + PadTable.markdown()
    default:
      let bad = arguments.first { $0 != "--markdown" } ?? arguments[0]
      throw UsageError("keys: unknown argument '\(bad)' (tickplay keys [--markdown])")
    }
  }

  /// `text` with Markdown's code-span backticks taken out, for a terminal.
  static func plain(_ text: String) -> String { text.filter { $0 != "`" } }

  /// `text` wrapped to `width` columns, as a paragraph: broken at spaces, and a word
  /// longer than a row (a path, in a narrow box) cut at the row's end.
  static func wrappedText(_ text: String, width: Int = helpWidth) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    for word in plain(text).split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      var rest = Substring(word)
      while line.isEmpty, rest.count > width {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
      line += (line.isEmpty ? "" : " ") + rest
    }
    return lines + [line]
  }

  /// `label` then `help` wrapped to `width` columns, later lines starting at `helpColumn`;
  /// where that leaves the help fewer than `minimumHelpColumns`, or fewer than its longest
  /// word, the label on a row of its own and the help below it, indented by `narrowIndent`.
  static func wrapped(_ label: String, _ help: String, width: Int = helpWidth) -> [String] {
    let longest = help.split(separator: " ").map(\.count).max() ?? 0
    guard width - helpColumn >= max(minimumHelpColumns, longest) else {
      let indent = String(repeating: " ", count: narrowIndent)
      return wrappedText(label, width: width)
        + wrappedText(help, width: width - narrowIndent).map { indent + $0 }
    }
    let indent = String(repeating: " ", count: helpColumn)
    var line =
      label.count + 2 > helpColumn
      ? label + "  " : label + String(repeating: " ", count: helpColumn - label.count)
    var lines: [String] = []
    var first = true
    for word in help.split(separator: " ") {
      if !first, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        first = true
      }
      line += (first ? "" : " ") + word
      first = false
    }
    return lines + [line]
  }

  /// `line` as rows of at most `width` columns: itself where it fits, else wrapped with
  /// its later rows indented by its own indent and `narrowIndent` (a setting's line in
  /// the help, in a narrow box).
  public static func fitted(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    let lead = line.prefix { $0 == " " }.count
    let indent = min(lead + narrowIndent, width / 2)
    let rows = wrappedText(String(line.dropFirst(lead)), width: width - indent)
    let pad = String(repeating: " ", count: indent)
    return rows.enumerated().map { k, row in
      (k == 0 ? String(repeating: " ", count: lead) : pad) + row
    }
  }
}
