extension LaunchOptions {
  /// What runs: a subcommand, and for `bench` the case. Each takes options of its own:
  /// its `--help` lists exactly those, and it refuses the others (`LaunchOption.uses`).
  public enum Use: String, Sendable, CaseIterable {
    case play, render, export
    /// `bench` with no case: the quick tessellate and build lines.
    case bench
    case benchTessellate = "bench tessellate"
    case benchFrame = "bench frame"
    case benchSoak = "bench soak"
    case benchInteract = "bench interact"
    case benchCompose = "bench compose"
    case benchSheets = "bench sheets"
    case benchOverview = "bench overview"
    case benchHistory = "bench history"
    case benchStep = "bench step"
    case benchLimit = "bench limit"
    case benchSubmit = "bench submit"

    /// The subcommand.
    public var command: Command {
      switch self {
      case .play: .play
      case .render: .render
      case .export: .export
      case .bench, .benchTessellate, .benchFrame, .benchSoak, .benchInteract, .benchCompose,
        .benchSheets, .benchOverview, .benchHistory, .benchStep, .benchLimit, .benchSubmit:
        .bench
      }
    }

    /// The bench case, for a bench use.
    public var benchCase: String? {
      command == .bench && self != .bench ? String(rawValue.dropFirst("bench ".count)) : nil
    }

    /// The use of `command` with `benchCase`.
    public init(command: Command, benchCase: String?) {
      switch command {
      case .play: self = .play
      case .render: self = .render
      case .export: self = .export
      case .bench:
        self = benchCase.flatMap { Use(rawValue: "bench " + $0) } ?? .bench
      }
    }

    /// Every bench use: bench alone and each of its cases.
    public static let allBench: [Use] = allCases.filter { $0.command == .bench }
    /// Every use but bench's.
    public static let windowed: [Use] = [.play, .render, .export]
  }

  /// What these options run.
  public var use: Use { Use(command: command, benchCase: benchCase) }
}
