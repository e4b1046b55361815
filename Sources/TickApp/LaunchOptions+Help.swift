extension LaunchOptions {
  /// The text `--help` prints: every option, or with `command` only those that apply to
  /// it. Built from `table`, so it lists exactly what the parser accepts.
  public static func helpText(for command: Command? = nil) -> String {
    var lines: [String] = []
    if let command {
      lines += ["tickplay \(command.rawValue) — \(command.summary)", "", "USAGE"]
      let cases = command == .bench ? " [" + benchCases.joined(separator: "|") + "]" : ""
      lines.append("  tickplay \(command.rawValue)\(cases) [options]")
    } else {
      lines += [
        "tickplay — a playground of animated tick views (SDL2)", "", "USAGE",
        "  tickplay [" + Command.allCases.map(\.rawValue).joined(separator: "|") + "] [options]",
        "  tickplay SUBCOMMAND --help   the options that apply to one subcommand", "",
        "SUBCOMMANDS",
      ]
      for c in Command.allCases { lines.append(pad("  " + c.rawValue, 12) + c.summary) }
    }
    lines += ["", "OPTIONS"]
    for option in table where command.map(option.commands.contains) ?? true {
      lines += helpLines(option, tagged: command == nil)
    }
    lines += [
      "", "EXIT CODES", "  0 success, 1 runtime failure (no display, SDL error), 2 usage error",
    ]
    if command ?? .play == .play {
      lines += ["", "KEYS (play)"]
      lines += KeyCommand.help.split(separator: "\n").map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// The column option help starts at, and the width it wraps to.
  static let helpColumn = 24
  static let helpWidth = 90

  /// One option's help: `--name VALUE` then its help, the choices, the default, and (in
  /// the general help) the subcommands it is limited to, wrapped.
  static func helpLines(_ option: LaunchOption, tagged: Bool) -> [String] {
    var words = option.help
    if case .choice(let names, .some) = option.kind {
      words += ": " + names.joined(separator: " | ")
    }
    switch option.defaultValue {
    case .none: break
    case .value(let v), .note(let v): words += " (\(v))"
    }
    if tagged, option.commands.count < Command.allCases.count {
      words = "(" + option.commands.map(\.rawValue).joined(separator: ", ") + ") " + words
    }
    let head =
      "  " + ([option.flag] + option.aliases).joined(separator: ", ")
      + (option.isFlag ? "" : " " + option.placeholder)
    var lines: [String] = []
    var line = head.count + 2 > helpColumn ? head : pad(head, helpColumn)
    if head.count + 2 > helpColumn {
      lines.append(line)
      line = pad("", helpColumn)
    }
    var first = true
    for word in words.split(separator: " ") {
      if !first, line.count + 1 + word.count > helpWidth {
        lines.append(line)
        line = pad("", helpColumn)
        first = true
      }
      line += (first ? "" : " ") + word
      first = false
    }
    lines.append(line)
    return lines
  }

  /// `s` padded with spaces to `width` characters.
  private static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }
}
