import TickAnimation
import TickFiles
import TickFrame
import TickScene

/// Play's live controls: what the keys change, and the window title that shows it.
public struct Controls: Sendable {
  public var paused = false
  /// How the HUD shows; H cycles it, and the scene keeps its dock free of views.
  public var hud = HUDMode.full
  /// The help's page shown (F1 opens it at the first, turns to the next, and closes it
  /// after the last); nil while it is closed.
  public var helpPage: Int?
  /// How many pages the help takes in the window now (`HelpPages`): the drawing side
  /// sets it as it lays the help out.
  public var helpPageCount = 1
  /// Whether the help overlay shows.
  public var helpVisible: Bool { helpPage != nil }
  /// The render path asked for; M cycles it.
  public var path = RenderPath.auto
  /// Steps requested with `.` while paused, this frame.
  public var stepNow = 0
  public var stress: StressDriver
  /// The animations kept running (`--load`); `-` and `=` halve and double it.
  public var load: LoadDriver
  /// The limit search L runs, while it runs.
  public var limit: LimitFinder?

  public init(seed: UInt64, rain: Double?) {
    stress = StressDriver(seed: seed)
    load = LoadDriver(seed: seed)
    if let rain { stress.rainRate = rain }
  }

  /// Carries out a key command; quit and the screenshot are the caller's, which owns the
  /// loop and the window. Views the scene's own keys change are caused by `cause`.
  public mutating func apply(
    _ command: KeyCommand, scene: inout Scene, clock: inout FixedStepClock,
    cause: ValueChange.Cause = .key
  ) {
    switch command {
    case .quit, .screenshot: break
    case .scene(let key): scene.perform(key, cause: cause)
    case .style(let a): scene.setAnimation(a)
    case .cycleTiming: scene.setTiming(Self.next(after: scene.style.timing))
    case .cycleDeselect: scene.setDeselect(scene.style.deselect.next)
    case .toggleSlowMotion: clock.timeScale = clock.timeScale < 1 ? 1 : 0.1
    case .togglePause: paused.toggle()
    case .stepOnce: if paused { stepNow += 1 }
    case .stepTenth: if paused { stepNow += Self.tenth(hz: scene.hz) }
    case .stepBack, .stepBackTenth: break  // the session's, which holds the history
    case .toggleAll: stress.sweep(.toggle, in: &scene)
    case .toggleRain: stress.toggleRain()
    case .rainSlower: stress.scaleRain(by: 0.5)
    case .rainFaster: stress.scaleRain(by: 2)
    case .wave: stress.startWave(at: scene.pointer.hovered, in: scene)
    case .checkerboard: stress.sweep(.checker, in: &scene)
    case .clear: stress.sweep(.clear, in: &scene)
    case .toggleHUD:
      hud = hud.next
      scene.setDock(hud.dock)
    case .toggleHelp: turnHelpPage()
    case .cyclePath: path = path.next
    case .loadLower: load.lower(in: scene)
    case .loadHigher: load.raise(in: scene)
    case .findLimit: toggleLimit(scene)
    }
  }

  /// What a replay (`--replay`) does with the key named `name`: its command, carried out
  /// with cause `.script`, except the loop's own keys (pause, slow motion, one step, F12),
  /// which are not replayed: a replay runs scene time straight through, pausing changes
  /// when steps happen, never what they do, and a replay saves frames with `screenshot`.
  /// False when the key quits.
  public mutating func replay(key name: String, scene: inout Scene, clock: inout FixedStepClock)
    -> Bool
  {
    guard let c = KeyCommand(key: name) else { return true }
    if c == .quit { return false }
    if c.traits.replayed { apply(c, scene: &scene, clock: &clock, cause: .script) }
    return true
  }

  /// The fixed steps in a tenth of a second at `hz` steps a second (at least one): what
  /// Shift with `.` or `,` steps.
  public static func tenth(hz: Int) -> Int { max(1, (hz + tenthsPerSecond / 2) / tenthsPerSecond) }

  /// Shift steps a tenth of a second: small enough to find a frame, large enough to cross
  /// a 0.5 s animation in five presses.
  static let tenthsPerSecond = 10

  /// L: starts the limit search from the load's first step, or stops it and gives the load
  /// back.
  mutating func toggleLimit(_ scene: Scene) {
    if let running = limit {
      limit = nil
      load.setTarget(running.loadBefore, in: scene)
      return
    }
    let finder = LimitFinder(scene: scene, load: load.target, budget: LimitSearch.defaultBudget)
    limit = finder
    load.setTarget(finder.load ?? 0, in: scene)
  }

  /// One frame of the limit search, if one runs: `ms` is the frame's work. When a probe
  /// completes, the load moves to the next one to try (or, at the end, to the largest
  /// held), and the toast to show is returned. Paused frames do not count: no animation
  /// runs in them.
  public mutating func limitFrame(ms: Double, scene: Scene) -> String? {
    guard !paused, var finder = limit else { return nil }
    let probe = finder.frame(ms: ms)
    limit = finder.load == nil ? nil : finder
    guard let probe else { return nil }
    load.setTarget(finder.load ?? finder.search.result.held, in: scene)
    return finder.feedback(after: probe)
  }

  /// The timing curve after `t` in T's cycle (the first when `t` is not in it).
  static func next(after t: TimingCurve) -> TimingCurve {
    let cycle = TimingCurve.cycle
    guard let i = cycle.firstIndex(of: t) else { return cycle[0] }
    return cycle[(i + 1) % cycle.count]
  }

  /// The window title: the view count and the live settings — the style (and its file),
  /// the curve, the path, rain, slow motion, pause. It holds no figure that moves by
  /// itself (fps, animating views: the HUD's), so it changes only when a setting does,
  /// and window lists and `xdotool search --name` see a steady name.
  public func title(scene: Scene, styleFile: String?, path: RenderPath, slow: Bool) -> String {
    let s = scene.style
    var t =
      "TickPlayground — \(scene.count) views — "
      + "\(s.label(file: styleFile)), \(s.timing.argument), \(path.rawValue)"
    if stress.rainRate > 0 { t += " — rain \(Int(stress.rainRate))/s" }
    if slow { t += " — slow ×0.1" }
    if paused { t += " — paused" }
    return t
  }

  /// F1: opens the help at its first page, turns to the next, closes it after the last.
  mutating func turnHelpPage() {
    guard let page = helpPage else {
      helpPage = 0
      return
    }
    helpPage = page + 1 < helpPageCount ? page + 1 : nil
  }

  /// The help overlay: every key, then the current settings, in rows of at most `width`
  /// columns.
  public func helpLines(
    scene: Scene, path: String, seed: UInt64, timeScale: Double,
    width: Int = KeyTable.helpWidth
  ) -> [String] {
    let s = scene.style
    var lines = ["TickPlayground — keys", ""]
    lines += KeyTable.helpLines(width: width)
    lines += [""] + PadTable.briefLines(width: width)
    let settings = [
      "",
      "style     \(s.styleName)"
        + (scene.animation(ofRow: 1) != s.animation
          ? " (a gallery: one style per row)" : ""),
      "curve     \(s.timing.argument)",
      "duration  \(s.duration) s   deselect \(s.deselect.rawValue)   shape \(s.shape.rawValue)",
      "path      \(path)",
      "seed      \(seed)   rain \(Int(stress.rainRate))/s   time ×\(timeScale)",
      "",
      "F1 or ? closes this help",
    ]
    return lines + settings.flatMap { KeyTable.fitted($0, width: width) }
  }
}

extension CaseIterable where Self: Equatable {
  /// The next case, wrapping round: what a key that cycles a setting picks.
  var next: Self {
    let all = Array(Self.allCases)
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
