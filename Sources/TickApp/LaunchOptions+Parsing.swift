extension LaunchOptions {
  /// Parses the arguments after the program name: an optional subcommand (and for `bench`,
  /// a case), then options as `--name value` or `--name=value`, each as `table` declares.
  public static func parse(_ args: [String]) throws(UsageError) -> LaunchOptions {
    var o = LaunchOptions()
    var rest = args[...]
    var given: [LaunchOption] = []
    if let first = rest.first, !first.hasPrefix("-") {
      guard let c = Command(rawValue: first) else {
        throw UsageError(
          "unknown subcommand '\(first)': expected one of "
            + Command.allCases.map(\.rawValue).joined(separator: ", "))
      }
      o.command = c
      o.commandNamed = true
      rest = rest.dropFirst()
      if c == .bench, let kind = rest.first, !kind.hasPrefix("-") {
        guard LaunchOptions.benchCases.contains(kind) else {
          throw UsageError(
            "unknown bench '\(kind)': expected one of "
              + LaunchOptions.benchCases.joined(separator: ", "))
        }
        o.benchCase = kind
        rest = rest.dropFirst()
      }
    }
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
        throw UsageError("unknown option '\(name)' (see tickplay --help)")
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
    if o.showHelp || o.showVersion { return o }
    if o.command == .render, o.out == nil {
      throw UsageError("render needs --out FILE.png")
    }
    for option in given where option.refusedElsewhere && !option.commands.contains(o.command) {
      throw UsageError(
        "\(option.flag) works only with "
          + option.commands.map(\.rawValue).joined(separator: " and ")
          + ", not \(o.command.rawValue)")
    }
    return o
  }
}
