import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickFrame
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay bench interact`: a scripted session of what a user does — zooming, style
/// keys, path switches, a resize, toggling everything, rain with events on — through a
/// real window and the real presenter, on each render path, with every frame timed.
///
/// Scene time advances 1/60 s a frame whatever a frame costs, and a frame that takes less
/// sleeps the rest of it, as `play` paces itself, so every run shows the same frames and
/// the figures compare. Per path it prints the first
/// frame's time (from the window appearing), then one JSON line per phase: p50, p95, p99
/// and the worst frame, frames over 16.7 ms, the bare frame measured in the same run, the
/// median of frames that did frame-cache (sheet) work against those that did not, the
/// worst sheet time, and how many frames were drawn while a sheet was still being
/// rendered. With `--trace FILE` nothing more; `interact_frame` lines give every frame's
/// time and where it went (steps, sheet, build, compose, submit, present) for `tools/plot`.
enum BenchInteract {
  /// One user action at a frame.
  enum Action {
    case input(InputEvent)
    case key(KeyCommand)
    case resize(Int, Int)
    case rain(Double?)
  }

  /// A named run of frames, with actions at some of them.
  struct Phase {
    var name: String
    var frames: Int
    var actions: [Int: [Action]] = [:]
  }

  /// The session, for a `w × h` window.
  static func phases(width w: Int, height h: Int) -> [Phase] {
    let cx = Float(w) / 2
    let cy = Float(h) / 2
    var zoom = Phase(name: "zoom", frames: 0)
    // A notch every two frames: 50 px down to 8, up to about 200, down to 8, back to 50.
    for dy in Array(repeating: Float(-1), count: 8) + Array(repeating: 1, count: 14)
      + Array(repeating: -1, count: 14) + Array(repeating: 1, count: 8)
    {
      zoom.actions[zoom.frames] = [.input(.wheel(x: cx, y: cy, dy: dy))]
      zoom.frames += 2
    }
    zoom.frames += 30
    var styles = Phase(name: "styles", frames: 0)
    let keys: [KeyCommand] =
      AnimationStyle.allCases.map { .style($0) } + [.cycleTiming, .cycleDeselect]
    for k in keys {
      styles.actions[styles.frames] = [.key(k), .key(.toggleAll)]
      styles.frames += 12
    }
    var paths = Phase(name: "paths", frames: 0)
    for _ in 0..<RenderPath.allCases.count {
      paths.actions[paths.frames] = [.key(.cyclePath), .key(.toggleAll)]
      paths.frames += 15
    }
    var resize = Phase(name: "resize", frames: 70)
    resize.actions = [
      0: [.resize(w * 3 / 4, h * 7 / 8)], 20: [.resize(w, h)], 40: [.key(.toggleAll)],
    ]
    var rain = Phase(name: "rain", frames: 120)
    rain.actions = [0: [.rain(100_000)], 40: [.rain(nil)], 60: [.rain(100_000)], 90: [.rain(nil)]]
    return [Phase(name: "idle", frames: 30), zoom, styles, paths, resize, rain]
  }

  static func run(_ options: LaunchOptions) -> Int32 {
    if BenchFrame.getenvString("DISPLAY") == nil { SDLSystem.defaultVideoDriver("offscreen") }
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do { try SDLSystem.start() } catch { return fail("bench interact: \(error.message)") }
    defer { SDLSystem.stop() }
    let paths: [RenderPath] =
      options.path == .auto ? [.direct, .atlas, .compose] : [options.path]
    // Value changes go to a writer thread, as play --events does, then to nowhere.
    let sink = AsyncWriter(fd: open("/dev/null", O_WRONLY), ownsDescriptor: true)
    defer { sink.close() }
    for path in paths {
      Console.err("bench interact: \(path.rawValue)…")
      do {
        try session(path: path, options: options, events: sink)
      } catch {
        return fail(error.description)
      }
    }
    return 0
  }

  /// Runs the whole session on `path` in a new window.
  static func session(path: RenderPath, options: LaunchOptions, events: AsyncWriter)
    throws(SDLError)
  {
    let opened = SDLSystem.now()
    let screen = try Screen(
      title: "tickplay bench interact", width: options.windowWidth,
      height: options.windowHeight)
    var o = options
    o.path = path
    if case .none = o.selection { o.selection = .random(0.3) }
    var session = Session(
      options: o, softwareRenderer: screen.isSoftware,
      script: try! ScriptDriver(LaunchOptions()))
    let presenter = Presenter(screen: screen, requested: path, pool: session.workers)
    presenter.check = FrameCheck.fromEnvironment()
    try session.draw(with: presenter, on: screen, present: 0)
    screen.present()
    let firstMs = (SDLSystem.now() - opened) * 1000
    // How the path's frames reach the window: the renderer, or put from shared memory.
    let route = screen.route
    let bare = Percentile.of(try screen.bareFrameSeconds(reps: 60), 0.5) * 1000
    // The same floor when the frame is put from shared memory instead (none without it).
    let sharedBare = screen.sharedBareFrameSeconds(reps: 60)
    var members: [JSONValue.Member] = [
      .init(key: "bench", value: "interact"), .init(key: "path", value: .string(path.rawValue)),
      .init(key: "phase", value: "first_frame"), .init(key: "ms", value: BenchFrame.fixed(firstMs)),
      .init(key: "renderer", value: .string(screen.rendererName)),
      .init(key: "route", value: .string(route.rawValue)),
      .init(key: "bare_frame_ms", value: BenchFrame.fixed(bare)),
    ]
    if !sharedBare.isEmpty {
      let ms = Percentile.of(sharedBare, 0.5) * 1000
      members.append(.init(key: "shared_bare_frame_ms", value: BenchFrame.fixed(ms)))
      members.append(.init(key: "shared_to_bare", value: BenchFrame.fixed(ms / bare)))
    }
    let first = JSONValue.object(members)
    Console.out(first.text)
    var frameIndex = 0
    var loop = StepLoop()
    for phase in phases(width: o.windowWidth, height: o.windowHeight) {
      var frames: [Frame] = []
      for f in 0..<phase.frames {
        let frame = try run(
          phase.actions[f] ?? [], on: &session, loop: &loop, presenter: presenter,
          screen: screen, events: events)
        Console.out(frame.line(path: path, phase: phase.name, index: frameIndex).text)
        frames.append(frame)
        frameIndex += 1
      }
      Console.out(summary(frames, path: path, phase: phase.name, bare: bare).text)
    }
  }

  /// One frame's figures, in milliseconds.
  struct Frame {
    /// The whole frame: actions, steps, drawing and presenting.
    var ms: Double
    /// The fixed steps the frame ran.
    var stepMs: Double
    /// Presenting (`SDL_RenderPresent`).
    var presentMs: Double
    /// The presenter's own phases.
    var timings: FrameTimings
    /// The cell size drawn.
    var cell: Int
    /// Whether a sheet the frame wanted was still being rendered, so that the views whose
    /// sprites were missing were drawn directly.
    var sheetPending: Bool

    /// Whether the frame did frame-cache (sheet) work worth counting.
    var didSheetWork: Bool { timings.sheet > 0.0005 }

    func line(path: RenderPath, phase: String, index: Int) -> JSONValue {
      let t = timings
      return [
        "bench": "interact_frame", "path": .string(path.rawValue), "phase": .string(phase),
        "frame": .int(index), "ms": BenchFrame.fixed(ms), "cell": .int(cell),
        "step_ms": BenchFrame.fixed(stepMs), "sheet_ms": BenchFrame.fixed(t.sheet * 1000),
        "build_ms": BenchFrame.fixed(t.build * 1000),
        "compose_ms": BenchFrame.fixed(t.compose * 1000),
        "submit_ms": BenchFrame.fixed(t.submit * 1000),
        "present_ms": BenchFrame.fixed(presentMs), "sheet_pending": .bool(sheetPending),
      ]
    }
  }

  /// Applies `actions`, steps the scene one frame's time by play's `StepLoop`, draws and
  /// presents: one frame.
  static func run(
    _ actions: [Action], on session: inout Session, loop: inout StepLoop, presenter: Presenter,
    screen: Screen, events: AsyncWriter
  ) throws(SDLError) -> Frame {
    let start = SDLSystem.now()
    for a in actions {
      switch a {
      case .input(let e): session.scene.handle(e, cause: .click)
      case .key(let k): session.apply(k)
      case .resize(let w, let h): session.scene.handle(.resize(width: w, height: h))
      case .rain(let rate): session.controls.stress.rainRate = rate ?? 0
      }
    }
    let stepStart = SDLSystem.now()
    loop.advance(&session, by: 1.0 / 60)
    _ = loop.run(&session)  // no script: nothing stops the steps
    let stepped = SDLSystem.now()
    let changes = session.scene.drainEvents()
    if !changes.isEmpty {
      events.submit { ValueChange.jsonLines(changes) }
    }
    try session.draw(with: presenter, on: screen, present: loop.presentStep(session))
    let presentStart = SDLSystem.now()
    screen.present()
    let end = SDLSystem.now()
    // Paced as play is: the rest of the frame period asleep, the idle time that the
    // renderer's and the app's other threads (the sheet worker) get in play.
    if end - start < Play.framePeriod { SDLSystem.sleep(seconds: Play.framePeriod - (end - start)) }
    return Frame(
      ms: (end - start) * 1000, stepMs: (stepped - stepStart) * 1000,
      presentMs: (end - presentStart) * 1000, timings: presenter.timings,
      cell: session.scene.layout.cell, sheetPending: presenter.sheetPending)
  }

  /// A phase's summary line: percentiles and the worst frame, frames over 16.7 ms, the
  /// bare frame, the median of frames that did sheet work against those that did not, the
  /// worst sheet time, and how many frames drew while a sheet was still being rendered.
  static func summary(_ frames: [Frame], path: RenderPath, phase: String, bare: Double)
    -> JSONValue
  {
    let times = frames.map(\.ms)
    let withSheet = frames.filter(\.didSheetWork).map(\.ms)
    let withoutSheet = frames.filter { !$0.didSheetWork }.map(\.ms)
    func p(_ v: [Double], _ q: Double) -> JSONValue {
      BenchFrame.fixed(Percentile.of(v, q))
    }
    let p99 = Percentile.of(times, 0.99)
    return [
      "bench": "interact", "path": .string(path.rawValue), "phase": .string(phase),
      "frames": .int(times.count), "p50_ms": p(times, 0.5), "p95_ms": p(times, 0.95),
      "p99_ms": p(times, 0.99), "worst_ms": p(times, 1),
      "over_16_7": .int(times.filter { $0 > 1000.0 / 60 }.count),
      "bare_frame_ms": BenchFrame.fixed(bare), "p99_ratio_to_bare": BenchFrame.fixed(p99 / bare),
      "sheet_frames": .int(withSheet.count), "sheet_p50_ms": p(withSheet, 0.5),
      "no_sheet_p50_ms": p(withoutSheet, 0.5),
      "worst_sheet_ms": BenchFrame.fixed((frames.map(\.timings.sheet).max() ?? 0) * 1000),
      "sheet_pending_frames": .int(frames.filter(\.sheetPending).count),
    ]
  }
}
