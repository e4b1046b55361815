extension KeyTable {
  /// The column a key's help starts at: the widest of the short labels ("arrows, Tab")
  /// and two spaces; a longer label has its help two spaces after it.
  static let helpColumn = 14
  /// The width the list wraps to: `--help`'s, less the two spaces it indents the list by.
  /// The help overlay shows the same lines (at 13-point text, 88 characters fit beside
  /// the HUD panel in the launch window).
  public static let helpWidth = LaunchOptions.helpWidth - 2

  /// The key list as `--help` and the help overlay show it: a label, its help wrapped,
  /// for every binding, then `modifierNote`.
  public static func helpLines() -> [String] {
    var lines: [String] = []
    for binding in bindings {
      lines += wrapped(plain(binding.label), plain(binding.help))
    }
    return lines + [modifierNote]
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

  /// `text` wrapped to `helpWidth`, as a paragraph.
  static func wrappedText(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in plain(text).split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > helpWidth {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// `label` then `help` wrapped to `helpWidth`, later lines starting at `helpColumn`.
  static func wrapped(_ label: String, _ help: String) -> [String] {
    let indent = String(repeating: " ", count: helpColumn)
    var line =
      label.count + 2 > helpColumn
      ? label + "  " : label + String(repeating: " ", count: helpColumn - label.count)
    var lines: [String] = []
    var first = true
    for word in help.split(separator: " ") {
      if !first, line.count + 1 + word.count > helpWidth {
        lines.append(line)
        line = indent
        first = true
      }
      line += (first ? "" : " ") + word
      first = false
    }
    return lines + [line]
  }
}
