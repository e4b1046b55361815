extension LaunchOptions {
  /// Parses the arguments after the program name: an optional subcommand (and for `bench`,
  /// a case), then options as `--name value` or `--name=value`, each as `table` declares.
  ///
  /// An option that the subcommand (or bench case) does not take is refused, as is a
  /// radio group off the grid.
  ///
  /// - Parameter base: the options before any argument (a style file's settings).
  public static func parse(_ args: [String], base: LaunchOptions = LaunchOptions())
    throws(UsageError) -> LaunchOptions
  {
    var o = base
    let rest = try parseCommand(args[...], into: &o)
    let given = try parseValues(rest, into: &o)
    if o.showHelp || o.showVersion { return o }
    let use = o.use
    for option in given where !option.applies(to: use) {
      throw notTaken(option, by: use)
    }
    if o.command == .render, o.out == nil {
      throw UsageError("render needs --out FILE.png")
    }
    if o.command == .export {
      guard let out = o.out else { throw UsageError("export needs --out \(ExportFormat.expected)") }
      guard ExportFormat(path: out) != nil else {
        throw UsageError(
          "invalid value for --out: export writes \(ExportFormat.expected), got '\(out)'")
      }
    }
    try o.checkLimits()
    // Export lays out a grid of its own, and checks its groups against that.
    if use != .export {
      let grid = o.layout
      try o.checkGroups(columns: grid.columns, rows: grid.rows)
    }
    return o
  }

  /// Reads the subcommand and bench case at the front of `args`, if any, into `o`, and
  /// returns the arguments after them.
  static func parseCommand(_ args: ArraySlice<String>, into o: inout LaunchOptions)
    throws(UsageError) -> ArraySlice<String>
  {
    var rest = args
    guard let first = rest.first, !first.hasPrefix("-") else { return rest }
    guard let c = Command(rawValue: first) else {
      let names = Command.allCases.map(\.rawValue)
      let question = Suggestion.aside(for: first, among: names)
      throw UsageError(
        "unknown subcommand '\(first)'\(question): expected one of "
          + names.joined(separator: ", "))
    }
    o.command = c
    o.commandNamed = true
    rest = rest.dropFirst()
    if c == .bench, let kind = rest.first, !kind.hasPrefix("-") {
      guard LaunchOptions.benchCases.contains(kind) else {
        let question = Suggestion.aside(for: kind, among: LaunchOptions.benchCases)
        throw UsageError(
          "unknown bench '\(kind)'\(question): expected one of "
            + LaunchOptions.benchCases.joined(separator: ", "))
      }
      o.benchCase = kind
      rest = rest.dropFirst()
    }
    return rest
  }

  /// Applies each option in `args` to `o`, checking its value, and returns the options
  /// given, in order. Whether the subcommand takes them is left to the caller.
  static func parseValues(_ args: ArraySlice<String>, into o: inout LaunchOptions)
    throws(UsageError) -> [LaunchOption]
  {
    var rest = args
    var given: [LaunchOption] = []
    while let arg = rest.popFirst() {
      guard arg.hasPrefix("--") || option(named: arg) != nil else {
        throw UsageError("unexpected argument '\(arg)': options start with -- (see --help)")
      }
      var name = arg
      var inline: String?
      if let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      guard let option = option(named: name) else {
        // Compared without the dashes, which every option shares.
        let bare = table.map(\.name)
        let near = Suggestion.nearest(to: String(name.drop { $0 == "-" }), among: bare)
        let question = near.map { "did you mean --\($0)? " } ?? ""
        throw UsageError("unknown option '\(name)' (\(question)see tickplay --help)")
      }
      let text: String
      if option.isFlag {
        if inline != nil { throw UsageError("option \(name) is a flag and takes no value") }
        text = ""
      } else if let v = inline ?? rest.popFirst() {
        text = v
      } else {
        throw UsageError("option \(name) needs a value: \(option.accepted)")
      }
      try option.apply(&o, OptionArgument(option: name, text: text))
      given.append(option)
    }
    return given
  }

  /// "--x does not apply to USE": what a use says of an option it does not take.
  static func notTaken(_ option: LaunchOption, by use: Use) -> UsageError {
    let takers = option.uses.map(\.rawValue)
    return UsageError(
      "\(option.flag) does not apply to \(use.rawValue) (it works with "
        + OptionArgument.list(takers) + "; tickplay \(use.rawValue) --help lists what "
        + "\(use.rawValue) takes)")
  }
}
