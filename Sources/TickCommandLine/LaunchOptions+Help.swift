import TickApp

extension LaunchOptions {
  /// The text `--help` prints: every option, or with `use` only those it takes. `bench`
  /// alone lists what any of its cases takes, each tagged with the cases that take it.
  /// Built from `table`, so it lists exactly what the parser accepts.
  public static func helpText(for use: Use? = nil) -> String {
    var lines: [String] = []
    let shown: [Use]
    if let use {
      let command = use.command
      let title = use.name
      let summary = use.benchCase?.summary ?? command.summary
      lines += ["tickplay \(title) — \(summary)", "", "USAGE"]
      let cases = use == .bench(nil) ? " [" + BenchCase.names.joined(separator: "|") + "]" : ""
      lines.append("  tickplay \(title)\(cases) [options]")
      shown = use == .bench(nil) ? Use.allBench : [use]
    } else {
      lines += [
        "tickplay — a playground of animated tick views (SDL2)", "", "USAGE",
        "  tickplay [" + Command.allCases.map(\.rawValue).joined(separator: "|") + "] [options]",
        "  tickplay SUBCOMMAND --help   the options that apply to one subcommand", "",
        "SUBCOMMANDS",
      ]
      for c in Command.allCases { lines.append(pad("  " + c.rawValue, 12) + c.summary) }
      lines.append(pad("  keys", 12) + keysSummary)
      lines.append(pad("  styles", 12) + stylesSummary)
      lines.append(pad("  help", 12) + "this help; help SUBCOMMAND: the options it takes")
      shown = Use.allCases
    }
    lines += ["", "OPTIONS"]
    for option in table where shown.contains(where: option.applies) {
      lines += helpLines(option, among: shown)
    }
    lines += [
      "", "EXIT CODES", "  0 success, 1 runtime failure (no display, SDL error), 2 usage error",
    ]
    if use == nil {
      lines += ["", "ENVIRONMENT"]
      lines += EnvironmentVariable.table.flatMap(\.helpLines)
    }
    if use ?? .play == .play {
      lines += ["", "KEYS (play)"]
      lines += KeyTable.helpLines().map { "  " + $0 }
      lines.append("  (tickplay keys lists them alone; tickplay keys --markdown, as a table)")
      lines += ["", PadTable.heading]
      lines += PadTable.helpLines().map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// The column option help starts at, and the width it wraps to.
  static let helpColumn = 24
  static let helpWidth = HelpPages.width

  /// One option's help: `--name VALUE` then its help, the choices, the default, and the
  /// uses among `shown` that take it when not all of them do, wrapped.
  static func helpLines(_ option: LaunchOption, among shown: [Use]) -> [String] {
    var words = option.help
    if case .choice(let names, .some) = option.kind {
      words += ": " + names.joined(separator: " | ")
    }
    switch option.defaultValue {
    case .none: break
    case .value(let v), .note(let v): words += " (\(v))"
    }
    let takers = shown.filter(option.applies)
    if takers.count < shown.count {
      words = "(" + takers.map(\.name).joined(separator: ", ") + ") " + words
    }
    let head =
      "  " + ([option.flag] + option.aliases).joined(separator: ", ")
      + (option.isFlag ? "" : " " + option.placeholder)
    return wrapped(head, words)
  }

  /// `head`, then `words` from `helpColumn` on (on a line of their own when `head` reaches
  /// it), wrapped at `helpWidth`.
  static func wrapped(_ head: String, _ words: String) -> [String] {
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

  /// What `tickplay keys` does, for the subcommands' list and `tickplay keys --help`.
  static let keysSummary = "play's keys and gamepad buttons (--markdown: as README tables)"

  /// `tickplay keys --help`.
  public static let keysHelp = [
    "tickplay keys — \(keysSummary)", "", "USAGE", "  tickplay keys [--markdown]", "",
    "OPTIONS", "  --markdown  the README's tables of keys and buttons, in Markdown",
    "  --help      this help",
  ].joined(separator: "\n")

  /// What `tickplay styles` does, for the subcommands' list and `tickplay styles --help`.
  static let stylesSummary = "the built-in styles' names; styles NAME: that style's file"

  /// `tickplay styles --help`.
  public static let stylesHelp = [
    "tickplay styles — \(stylesSummary)", "", "USAGE", "  tickplay styles [NAME]", "",
    "  NAME        a built-in style: its file, JSON as --style reads it, to start one's own",
    "  --help      this help",
  ].joined(separator: "\n")

  /// Whether `arguments` ask for help (`--help`, `-h`).
  public static func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains(where: helpOption.isNamed)
  }

  /// The arguments with `help [SUBCOMMAND [CASE]]` in front read as `[SUBCOMMAND [CASE]]
  /// --help`, the way `git help` and `cargo help` read it; any others as they are.
  public static func helpArguments(_ arguments: [String]) -> [String] {
    guard arguments.first == "help" else { return arguments }
    return Array(arguments.dropFirst()) + [helpOption.flag]
  }
}
