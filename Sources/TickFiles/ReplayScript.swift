import TickScene

/// A replay script: input events at scene times, one per line (`0.1 click 120 80`).
///
/// The format is docs/architecture.md's ("Command line, files and scripts"): `TIME VERB
/// ARGS`, with TIME in seconds of scene time and never decreasing. `ReplayScript+Parsing`
/// reads it and `ReplayScript+Writing` writes it;
/// `steps(hz:)` turns it into actions at whole fixed steps, which is what makes a replay
/// deterministic: the same actions at the same steps give the same frames.
public struct ReplayScript: Equatable, Sendable {
  /// What one line does: an input event as the scene receives it (`press`, `release`,
  /// `move`, `wheel`, `resize`, `key`, and `quit`, after which later lines are not
  /// applied), or one of the two verbs that are not a single input event.
  public enum Verb: Equatable, Sendable {
    case input(InputEvent)
    /// A press and a release at the same point and step.
    case click(x: Float, y: Float, button: InputEvent.Button)
    /// Save the frame at this time as a PNG.
    case screenshot(String)
    /// The window size the recorded session started with (`window W H`): a launch line.
    case window(width: Int, height: Int)
    /// The HUD's mode the recorded session started with (`hud MODE`): a launch line.
    case hud(HUDMode)

    /// Whether this verb describes how the session started rather than an event in it:
    /// such lines come first, at time 0, and are taken before the scene is made.
    public var isLaunch: Bool {
      switch self {
      case .window, .hud: true
      case .input, .click, .screenshot: false
      }
    }
  }

  /// What a recording says its session started with, so that a replay lays the views out
  /// as the window did: the window's size and the HUD's mode, where it says them.
  public struct Launch: Equatable, Sendable {
    public var window: ViewArea?
    public var hud: HUDMode?

    public init(window: ViewArea? = nil, hud: HUDMode? = nil) {
      self.window = window
      self.hud = hud
    }

    /// The script's launch lines for this launch, at time 0.
    public var events: [Event] {
      var out: [Event] = []
      if let w = window {
        out.append(Event(time: 0, verb: .window(width: w.width, height: w.height)))
      }
      if let h = hud { out.append(Event(time: 0, verb: .hud(h))) }
      return out
    }
  }

  /// The launch this script's launch lines describe.
  public var launch: Launch {
    var l = Launch()
    for e in events {
      switch e.verb {
      case .window(let w, let h): l.window = ViewArea(width: w, height: h)
      case .hud(let mode): l.hud = mode
      case .input, .click, .screenshot: return l
      }
    }
    return l
  }

  /// One line's event.
  public struct Event: Equatable, Sendable {
    /// Seconds of scene time, ≥ 0.
    public var time: Double
    public var verb: Verb
    /// The line it came from, 1-based (0 when built in code). Not part of equality, so a
    /// script written and read back equals the original.
    public var line: Int

    public init(time: Double, verb: Verb, line: Int = 0) {
      self.time = time
      self.verb = verb
      self.line = line
    }

    public static func == (a: Event, b: Event) -> Bool {
      a.time == b.time && a.verb == b.verb
    }
  }

  /// What happens at a step.
  public enum Action: Equatable, Sendable {
    case input(InputEvent)
    case screenshot(String)
    case quit
  }

  /// An action and the whole step it happens at.
  public struct Step: Equatable, Sendable {
    public var step: Int64
    public var action: Action
    /// The script line it came from.
    public var line: Int

    public init(step: Int64, action: Action, line: Int = 0) {
      self.step = step
      self.action = action
      self.line = line
    }
  }

  /// The latest time a script may use: a day, as for `--time`.
  public static let maxTime: Double = 86_400

  /// The farthest a pointer's X or Y may lie from the window's corner, in pixels: far
  /// beyond any window (16384 at most) or screen, and near enough that the scene's whole
  /// pixel arithmetic (pans, zooms about the pointer) stays well inside `Int`.
  public static let maxCoordinate: Float = 1_000_000

  public var events: [Event]

  public init(events: [Event] = []) {
    self.events = events
  }

  /// The actions at their steps for a scene stepping `hz` times a second, in order. A
  /// click is a press and a release at the same step.
  public func steps(hz: Int) -> [Step] {
    var out: [Step] = []
    out.reserveCapacity(events.count + events.count / 4)
    for e in events {
      let s = Self.step(ofTime: e.time, hz: hz)
      switch e.verb {
      case .click(let x, let y, let b):
        out.append(Step(step: s, action: .input(.press(x: x, y: y, button: b)), line: e.line))
        out.append(Step(step: s, action: .input(.release(x: x, y: y, button: b)), line: e.line))
      case .input(.quit):
        out.append(Step(step: s, action: .quit, line: e.line))
      case .input(let input):
        out.append(Step(step: s, action: .input(input), line: e.line))
      case .screenshot(let file):
        out.append(Step(step: s, action: .screenshot(file), line: e.line))
      case .window, .hud:
        continue  // taken before the scene is made (`launch`)
      }
    }
    return out
  }

  /// The step an event at `seconds` happens at: the last whole step at or before it, as
  /// `FixedStepClock.seek` places `--time`. So every event at or before a render time is
  /// applied by then. A product within a few ulps of a whole step counts as that step:
  /// `0.1 × 120` is 12.000000000000002, and `k / hz × hz` must give `k` back.
  public static func step(ofTime seconds: Double, hz: Int) -> Int64 {
    let t = seconds.isFinite ? min(max(seconds, 0), maxTime) : 0
    let raw = t * Double(max(hz, 1))
    let nearest = raw.rounded()
    if abs(raw - nearest) <= max(1e-9, 4 * raw.ulp) { return Int64(nearest) }
    return Int64(raw.rounded(.down))
  }

  /// A short time that `step(ofTime:hz:)` maps back to `step`: `step / hz` rounded up to
  /// whole microseconds, so a recording reads `0.008334`, not `0.008333333333333333`.
  /// Exact for `hz` up to 10⁶.
  public static func time(ofStep step: Int64, hz: Int) -> Double {
    // Clamped so the arithmetic cannot overflow: a day at a million steps a second.
    let h = Int64(min(max(hz, 1), 1_000_000))
    let s = min(max(0, step), Int64(maxTime) * h)
    let micros = (s * 1_000_000 + h - 1) / h
    return Double(micros) / 1_000_000
  }
}
