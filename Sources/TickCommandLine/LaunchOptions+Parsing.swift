import TickFiles

extension LaunchOptions {
  /// Parses the arguments after the program name: an optional subcommand (and for `bench`,
  /// a case), then options as `--name value` or `--name=value`, each as `table` declares.
  ///
  /// An option that the subcommand (or bench case) does not take is refused, as is a
  /// radio group off the grid.
  ///
  /// - Parameters:
  ///   - base: the options before any argument (a style file's settings).
  ///   - sceneArguments: how many arguments after the subcommand came from a scene file:
  ///     the command line may give those options again, to override them.
  public static func parse(
    _ args: [String], base: LaunchOptions = LaunchOptions(), sceneArguments: Int = 0
  ) throws(UsageError) -> LaunchOptions {
    var o = base
    let rest = try parseCommand(args[...], into: &o)
    let given = try parseValues(rest, into: &o, repeatsFrom: sceneArguments)
    if o.showHelp || o.showVersion { return o }
    let use = o.use
    for option in given where !option.applies(to: use) {
      throw notTaken(option, by: use)
    }
    try o.checkOutputNames()
    try o.checkLimits()
    // Export lays out a grid of its own, and checks its groups against that.
    if use != .export {
      let grid = o.layout
      try o.checkGroups(columns: grid.columns, rows: grid.rows)
    }
    return o
  }

  /// Refuses an output whose name says no format the command writes: `render --out`
  /// and `--screenshot` write PNG or JPEG by the extension, `export --out` an animation.
  /// A name with another extension, or none, is never written as PNG under that name.
  func checkOutputNames() throws(UsageError) {
    if command == .render {
      guard let out else { throw UsageError("render needs --out \(ImageFormat.expected)") }
      guard ImageFormat(path: out) != nil else {
        throw UsageError(
          "invalid value for --out: render writes \(ImageFormat.expected), got '\(out)'")
      }
    }
    if command == .export {
      guard let out else { throw UsageError("export needs --out \(ExportFormat.expected)") }
      guard ExportFormat(path: out) != nil else {
        throw UsageError(
          "invalid value for --out: export writes \(ExportFormat.expected), got '\(out)'")
      }
    }
    if let screenshot, ImageFormat(path: screenshot) == nil {
      throw UsageError(
        "invalid value for --screenshot: play saves \(ImageFormat.expected), got '\(screenshot)'"
      )
    }
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
      guard let benchCase = BenchCase(rawValue: kind) else {
        let question = Suggestion.aside(for: kind, among: BenchCase.names)
        throw UsageError(
          "unknown bench '\(kind)'\(question): expected one of "
            + BenchCase.names.joined(separator: ", "))
      }
      o.benchCase = benchCase
      rest = rest.dropFirst()
    }
    return rest
  }

  /// Applies each option in `args` to `o`, checking its value, and returns the options
  /// given, in order. Whether the subcommand takes them is left to the caller.
  ///
  /// An option given twice among the arguments from `repeatsFrom` on is refused, unless
  /// the table makes it `repeatable`; those before it came from a scene file, whose own
  /// repeats its parser refuses, and which the command line may override.
  static func parseValues(
    _ args: ArraySlice<String>, into o: inout LaunchOptions, repeatsFrom: Int = 0
  ) throws(UsageError) -> [LaunchOption] {
    var rest = args
    var given: [LaunchOption] = []
    var seen: [String: String] = [:]
    while let arg = rest.popFirst() {
      let onCommandLine = args.distance(from: args.startIndex, to: rest.startIndex) > repeatsFrom
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
      if onCommandLine, !option.repeatable {
        if let first = seen[option.name] { throw repeated(option, first, then: text) }
        seen[option.name] = text
      }
      try option.apply(&o, OptionArgument(option: name, text: text))
      given.append(option)
    }
    return given
  }

  /// The error for an option given twice, first with `first`, then with `second` (the
  /// values are empty for a flag).
  static func repeated(_ option: LaunchOption, _ first: String, then second: String)
    -> UsageError
  {
    let values = option.isFlag ? "" : " ('\(first)', then '\(second)')"
    let repeatable = table.filter(\.repeatable).map(\.flag)
    return UsageError(
      "option \(option.flag) is given twice\(values): give it once (only "
        + OptionArgument.list(repeatable) + " may be repeated)")
  }

  /// "--x does not apply to USE": what a use says of an option it does not take.
  static func notTaken(_ option: LaunchOption, by use: Use) -> UsageError {
    let takers = option.uses.map(\.name)
    return UsageError(
      "\(option.flag) does not apply to \(use.name) (it works with "
        + OptionArgument.list(takers) + "; tickplay \(use.name) --help lists what "
        + "\(use.name) takes)")
  }
}
