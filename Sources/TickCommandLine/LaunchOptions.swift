import TickApp
import TickFiles
import TickFrame
import TickGeometry
import TickScene

/// Everything the command line can set, with the defaults docs/architecture.md gives.
///
/// The options themselves are declared in `table` (`LaunchOptions+Table.swift`); parsing
/// lives here, in a pure module, so that it is tested without a window; the executable
/// only maps a `UsageError` to exit code 2.
public struct LaunchOptions: Equatable, Sendable {
  /// The subcommand.
  public enum Command: String, Equatable, Sendable, CaseIterable {
    case play, render, bench, export

    /// What the subcommand does, for help.
    public var summary: String {
      switch self {
      case .play: "open a window; click a view to toggle it (default)"
      case .render: "draw the frame at --time S headlessly and write --out FILE.png or FILE.jpg"
      case .bench:
        "print measurements as JSON lines: bench ["
          + BenchCase.names.joined(separator: "|")
          + "] (alone: one quick tessellate and build line)"
      case .export:
        "write a looping animation of a style, off → on → off, as GIF, lossless WebP or "
          + "APNG by --out's extension (--style-rows: one row each)"
      }
    }
  }

  /// Which SDL render driver to ask for.
  public enum Renderer: String, Equatable, Sendable, CaseIterable {
    case auto, opengl, opengles2, software
  }

  public var command = Command.play
  /// Whether the command line named the subcommand (`render --help` is render's help).
  public var commandNamed = false
  public var windowWidth = 1280
  public var windowHeight = 800
  public var cell = 50
  public var gap = 10
  public var columns: Int?
  public var rows: Int?
  /// Whether the launch view (and Home) shows the whole grid (`--fit`).
  public var fit = false
  public var selection = Selection.none
  public var animate = false
  public var renderer = Renderer.auto
  /// nil means the default: on, except on the software renderer.
  public var antialias: Bool?
  public var hz = 120
  public var seed: UInt64 = 0
  public var frames: Int?
  public var screenshot: String?
  public var events = false
  public var out: String?
  public var time: Double = 0
  public var style = TickStyle()
  /// Per-row animation styles (`--style-rows`): row r uses `rowStyles[r % count]`.
  public var rowStyles: [AnimationStyle] = []
  /// Seconds by which each column's initial animation starts earlier (`--stagger`).
  public var stagger: Double = 0
  /// What `bench` measures; nil for its default set.
  public var benchCase: BenchCase?
  /// `bench frame`: views in the scene (`--views`), nil for the window's worth.
  public var views: Int?
  /// `bench frame`: views kept animating at random phases (`--animating`).
  public var animating: Int?
  /// The threads that step the views and draw the overview (`--threads`); nil: every core
  /// the process may use (`availableCores()`, asked where the pool is made).
  public var threads: Int?
  /// The most `--threads`: sixteen times the largest machine the project is measured on
  /// (16 cores), far past where a step of a million views, a few thousand finishing, has
  /// enough work for another thread; each thread is kept for the session, with its stack.
  public static let maxThreads = 256
  /// The render path (`--path`).
  public var path = RenderPath.auto
  /// Whether the HUD shows (`--hud`); nil means on in play and off in render.
  public var hud: Bool?
  /// The HUD's mode the replayed recording started with (its `hud` line), taken as the
  /// base the command line is parsed over (`parse(_:readingFilesWith:)`); nil without one.
  public var replayedHUD: HUDMode?
  /// Random toggles per second from the start (`--rain`).
  public var rain: Double?
  /// Animations kept running at all times (`--load`); nil or 0: none.
  public var load: Int?
  /// `bench limit`'s frame budget in milliseconds (`--budget`): 60 fps, as help shows it.
  public var budget = LimitSearch.defaultBudget
  /// Radio groups (`--group`, repeatable).
  public var groups: [RadioGroup] = []
  /// A JSON file of options read before the command line (`--scene`).
  public var scene: String?
  /// A style file (`--style FILE.json`): read by `parse(_:readingFilesWith:)`, and
  /// watched by `play`.
  public var stylePath: String?
  /// A replay script whose events are applied at their scene times (`--replay`).
  public var replay: String?
  /// Where `play` writes every input it receives, as a replay script (`--record`).
  public var record: String?
  /// Where to write each frame's phases in Chrome's Trace Event Format (`--trace`).
  public var trace: String?
  public var showHelp = false
  public var showVersion = false

  public init() {}

  /// The grid these options describe, laid out in the whole window: `--grid`'s views, or
  /// as many as fit, with a gap's margin, the area the launch HUD leaves the views
  /// (`launchHUD`). So the first window shows every view wholly beside its HUD, and a
  /// replay of a recording (which says its HUD) counts the same views as the window did.
  public var layout: GridLayout {
    let m = launchHUD.dock.margins(width: windowWidth, height: windowHeight)
    let counted = GridLayout(
      windowWidth: max(1, windowWidth - m.right), windowHeight: max(1, windowHeight - m.bottom),
      cell: cell, gap: gap, columns: columns, rows: rows)
    return counted.resized(width: windowWidth, height: windowHeight)
  }

  /// The HUD's mode the session starts with: `--hud`'s, else a replayed recording's, else
  /// the command's own (full in play, off elsewhere).
  public var launchHUD: HUDMode {
    if let hud { return hud ? .full : .off }
    return replayedHUD ?? (command == .play ? .full : .off)
  }

  /// Whether edges are anti-aliased once the renderer is known.
  public func resolvedAntialias(softwareRenderer: Bool) -> Bool {
    antialias ?? !softwareRenderer
  }
}
