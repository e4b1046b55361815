import TickFiles

/// One command-line option, declared once: its name, what value it takes, its default, its
/// help, the subcommands (and bench cases) that take it, and how it sets `LaunchOptions`.
///
/// `LaunchOptions.table` lists them all. The parser, `--help`, each subcommand's help, the
/// scene-file keys and which keys are flags all come from that list, so an option is
/// added, renamed or documented in one place.
public struct LaunchOption: Sendable {
  /// What follows the option on the command line.
  public enum Kind: Sendable, Equatable {
    /// Nothing: the option is a flag (`true` or `false` in a scene file).
    case flag
    /// A value written as `placeholder` in help and in "needs a value" messages.
    case value(String)
    /// One of `names`; help lists them (`a | b | c`) unless a placeholder is given.
    case choice([String], placeholder: String?)
  }

  /// The default, as help shows it.
  public enum Default: Sendable, Equatable {
    case none
    /// A value the option accepts: giving it changes nothing (a test checks this).
    case value(String)
    /// Words, where the default depends on something else ("off on software").
    case note(String)
  }

  /// The name without `--`: also the scene-file key.
  public let name: String
  public let kind: Kind
  public let defaultValue: Default
  /// One line of help (help wraps it).
  public let help: String
  /// What takes it: each of these lists it in its `--help` and does what the help says;
  /// every other use refuses it on the command line (and skips it in a scene file).
  public let uses: [LaunchOptions.Use]
  /// Whether the option names a file, which a scene file gives relative to its own folder.
  public let takesFile: Bool
  /// Whether a scene file may set it.
  public let inSceneFile: Bool
  /// Other spellings (`-h`).
  public let aliases: [String]
  /// Whether the command line may give it more than once, each adding to the last
  /// (`--group`); any other option given twice is refused, as a scene file refuses a
  /// repeated key.
  public let repeatable: Bool
  /// Sets the option's value; for a flag the argument's text is empty.
  let apply: @Sendable (inout LaunchOptions, OptionArgument) throws(UsageError) -> Void

  init(
    _ name: String, _ kind: Kind, default defaultValue: Default = .none, _ help: String,
    for uses: [LaunchOptions.Use], takesFile: Bool = false, inSceneFile: Bool = true,
    aliases: [String] = [], repeatable: Bool = false,
    apply: @escaping @Sendable (inout LaunchOptions, OptionArgument) throws(UsageError) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
    self.uses = uses
    self.takesFile = takesFile
    self.inSceneFile = inSceneFile
    self.aliases = aliases
    self.repeatable = repeatable
    self.apply = apply
  }

  /// The subcommands that take it, in order.
  public var commands: [LaunchOptions.Command] {
    LaunchOptions.Command.allCases.filter { c in uses.contains { $0.command == c } }
  }

  /// Whether `use` takes it.
  public func applies(to use: LaunchOptions.Use) -> Bool { uses.contains(use) }

  /// `--name`, as written on the command line.
  public var flag: String { "--" + name }

  /// Whether it takes no value.
  public var isFlag: Bool { kind == .flag }

  /// Whether `argument` (`--name` or an alias) names it.
  func isNamed(_ argument: String) -> Bool { argument == flag || aliases.contains(argument) }

  /// What the value looks like, for help and for "needs a value" messages.
  var placeholder: String {
    switch kind {
    case .flag: ""
    case .value(let p): p
    case .choice(let names, let p): p ?? names.joined(separator: "|")
    }
  }

  /// What a missing value should have been: the placeholder, or every name of a choice.
  var accepted: String {
    if case .choice(let names, _) = kind { return names.joined(separator: ", ") }
    return placeholder
  }
}
