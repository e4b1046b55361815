import TickAnimation
import TickApp
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay bench interact`: a scripted session of what a user does — zooming, style
/// keys, path switches, a resize, toggling everything, rain with events on — through a
/// real window and the real presenter, on each render path, with every frame timed.
///
/// Scene time advances 1/60 s a frame whatever a frame costs (as `play` paces itself), so
/// every run shows the same frames and the figures compare. Per path it prints the first
/// frame's time (from the window appearing), then one JSON line per phase: p50, p95, p99
/// and the worst frame, frames over 16.7 ms, the bare frame measured in the same run, and
/// the median of frames that did frame-cache (sheet) work against those that did not.
/// With `--trace FILE` nothing more; `interact_frame` lines give every frame's time for
/// `tools/plot`.
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
      options: o, softwareRenderer: screen.isSoftware, hud: .off,
      script: try! ScriptDriver(LaunchOptions()))
    let presenter = Presenter(screen: screen, requested: path)
    presenter.check = FrameCheck.fromEnvironment()
    try session.draw(with: presenter, on: screen, present: 0)
    screen.present()
    let firstMs = (SDLSystem.now() - opened) * 1000
    let bare = BenchFrame.percentile(try screen.bareFrameSeconds(reps: 60), 0.5) * 1000
    let first: JSONValue = [
      "bench": "interact", "path": .string(path.rawValue), "phase": "first_frame",
      "ms": BenchFrame.fixed(firstMs), "renderer": .string(screen.rendererName),
    ]
    Console.out(first.text)
    var frameIndex = 0
    for phase in phases(width: o.windowWidth, height: o.windowHeight) {
      var times: [Double] = []
      var withSheet: [Double] = []
      var withoutSheet: [Double] = []
      for f in 0..<phase.frames {
        let start = SDLSystem.now()
        for a in phase.actions[f] ?? [] {
          switch a {
          case .input(let e): session.scene.handle(e, cause: .click)
          case .key(let k): session.apply(k)
          case .resize(let w, let h): session.scene.handle(.resize(width: w, height: h))
          case .rain(let rate):
            session.controls.stress.rainRate = rate ?? 0
          }
        }
        for _ in 0..<session.clock.advance(by: 1.0 / 60) { session.step() }
        let changes = session.scene.drainEvents()
        if !changes.isEmpty {
          events.submit { Array(changes.map(\.jsonLine).joined(separator: "\n").utf8) }
        }
        try session.draw(with: presenter, on: screen, present: session.clock.presentStep)
        screen.present()
        let ms = (SDLSystem.now() - start) * 1000
        times.append(ms)
        if presenter.timings.sheet > 0.0005 {
          withSheet.append(ms)
        } else {
          withoutSheet.append(ms)
        }
        let t = presenter.timings
        let line: JSONValue = [
          "bench": "interact_frame", "path": .string(path.rawValue),
          "phase": .string(phase.name), "frame": .int(frameIndex), "ms": BenchFrame.fixed(ms),
          "cell": .int(session.scene.layout.cell), "sheet_ms": BenchFrame.fixed(t.sheet * 1000),
          "build_ms": BenchFrame.fixed(t.build * 1000),
          "compose_ms": BenchFrame.fixed(t.compose * 1000),
          "submit_ms": BenchFrame.fixed(t.submit * 1000),
        ]
        Console.out(line.text)
        frameIndex += 1
      }
      func p(_ v: [Double], _ q: Double) -> JSONValue {
        BenchFrame.fixed(BenchFrame.percentile(v, q))
      }
      let p99 = BenchFrame.percentile(times, 0.99)
      let summary: JSONValue = [
        "bench": "interact", "path": .string(path.rawValue), "phase": .string(phase.name),
        "frames": .int(times.count), "p50_ms": p(times, 0.5), "p95_ms": p(times, 0.95),
        "p99_ms": p(times, 0.99), "worst_ms": p(times, 1),
        "over_16_7": .int(times.filter { $0 > 1000.0 / 60 }.count),
        "bare_frame_ms": BenchFrame.fixed(bare), "p99_ratio_to_bare": BenchFrame.fixed(p99 / bare),
        "sheet_frames": .int(withSheet.count), "sheet_p50_ms": p(withSheet, 0.5),
        "no_sheet_p50_ms": p(withoutSheet, 0.5),
      ]
      Console.out(summary.text)
    }
  }
}
