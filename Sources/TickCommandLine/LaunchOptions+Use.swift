/// What `bench` measures (`tickplay bench CASE`): the option table names the options each
/// takes, help lists them in this order, and `Bench.run` dispatches on it.
public enum BenchCase: String, Sendable, CaseIterable {
  case tessellate, frame, soak, interact, compose, sheets, overview, history, step, limit, submit

  /// What the case does, for its help's first line.
  public var summary: String {
    switch self {
    case .tessellate: "the tessellator's time a view against the floor of writing it"
    case .frame: "whole frames of many views animating, on each render path"
    case .soak: "a long headless run that must stay finite and flat in memory"
    case .interact: "a scripted session through a real window, frame by frame"
    case .compose: "the compose path's copy loop against a plain copy"
    case .sheets: "sprite sheets on the CPU: their cost, and their difference from SDL's"
    case .overview: "the overview of a million animating views, on the CPU, band by band"
    case .history: "play's step-back history on a million views: its memory and a step back"
    case .step: "the scene's step alone: a million views restarting as they finish"
    case .limit: "the most animations whose frames' p95 stays within --budget"
    case .submit: "one frame's triangles through SDL_RenderGeometryRaw, in each layout"
    }
  }
}

extension LaunchOptions {
  /// What runs: a subcommand, and for `bench` the case. Each takes options of its own:
  /// its `--help` lists exactly those, and it refuses the others (`LaunchOption.uses`).
  public enum Use: Hashable, Sendable, CaseIterable {
    case play, render, export
    /// `bench` with a case, or with none (nil): the quick tessellate and build lines.
    case bench(BenchCase?)

    /// Every use: the subcommands, then bench alone and each of its cases.
    public static let allCases: [Use] = windowed + allBench

    /// The use as typed: `play`, `bench`, `bench frame`.
    public var name: String {
      switch self {
      case .play: "play"
      case .render: "render"
      case .export: "export"
      case .bench(let c): c.map { "bench " + $0.rawValue } ?? "bench"
      }
    }

    /// The subcommand.
    public var command: Command {
      switch self {
      case .play: .play
      case .render: .render
      case .export: .export
      case .bench: .bench
      }
    }

    /// The bench case, for a bench use with one.
    public var benchCase: BenchCase? {
      if case .bench(let c) = self { c } else { nil }
    }

    /// The use of `command` with `benchCase`.
    public init(command: Command, benchCase: BenchCase?) {
      switch command {
      case .play: self = .play
      case .render: self = .render
      case .export: self = .export
      case .bench: self = .bench(benchCase)
      }
    }

    /// Every bench use: bench alone and each of its cases.
    public static let allBench: [Use] = [.bench(nil)] + BenchCase.allCases.map { .bench($0) }
    /// Every use but bench's.
    public static let windowed: [Use] = [.play, .render, .export]
  }

  /// What these options run.
  public var use: Use { Use(command: command, benchCase: benchCase) }
}
