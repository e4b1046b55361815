import TickApp
import TickCommandLine
import TickFiles
import TickSDL
import TickScene
import TickThreads

/// `tickplay bench step`: the scene's step alone, with no window: `bench frame`'s workload
/// (views kept animating at random phases, each restarted as it finishes) stepped two
/// steps a frame, and a scene whose views all run with none finishing.
///
/// The machine is shared, so each line gives the wall time and this thread's CPU time of
/// the same steps (load inflates the first far more than the second), and a digest of
/// every value change and of the views' states and animations at the end: two builds that
/// step alike print the same digest.
///
/// The scene steps on a pool of `--threads` threads (every core by default), and a sweep
/// times the restarting case again on 1, 2, … of them, with each one's speedup over one
/// thread: its digest is the same for every count (docs/architecture.md, "Threads").
enum BenchStep {
  /// Frames timed, each of two fixed steps (60 fps at 120 Hz), as in `bench frame`.
  static let frames = 120

  static func run(_ options: LaunchOptions) -> Int32 {
    let threads = options.threads ?? availableCores()
    let workers = WorkerPool(threads: threads)
    let all = restarting(options, workers)
    Console.out(all.line.text)
    Console.out(noneFinishing(options, workers).text)
    Console.out(allFinishing(options, workers).text)
    var one = all
    for t in 1...threads {
      let r = t == threads ? all : restarting(options, WorkerPool(threads: t))
      if t == 1 { one = r }
      Console.out(sweepLine(r, speedup: one.stepMs / max(r.stepMs, .leastNonzeroMagnitude)).text)
    }
    return 0
  }

  /// The restarting case's line, and its median step time in milliseconds for the sweep.
  struct Restarting {
    var line: JSONValue
    var stepMs: Double
    var threads: Int
    var digest: String
  }

  /// The sweep's line for one thread count: the restarting case's step time on that many
  /// threads, and its speedup over one.
  static func sweepLine(_ r: Restarting, speedup: Double) -> JSONValue {
    [
      "bench": "step", "case": "threads", "threads": .int(r.threads),
      "step_ms": .fixed(r.stepMs, places: 3), "speedup": .fixed(speedup, places: 2),
      "digest": .string(r.digest),
    ]
  }

  /// `bench frame`'s 8-px case of `--views` views (a million by default) with `--animating`
  /// of them (all by default) kept animating: warm-up until their phases are spread, then
  /// `frames` frames of two steps, each frame's changes taken as the loop takes them.
  static func restarting(_ options: LaunchOptions, _ workers: WorkerPool) -> Restarting {
    let views = options.views ?? million
    let c = BenchFrame.Case(
      cell: 8, gap: 0, views: views, animating: options.animating ?? views, path: .auto)
    var scene = Scene(options: BenchFrame.sceneOptions(c, options), softwareRenderer: false)
    scene.setWorkers(workers)
    let load = BenchFrame.Workload(scene, wanted: c.animating, seed: options.seed)
    var events: [ValueChange] = []
    var changes = SceneChanges()
    var digest = Digest()
    for _ in 0..<((load.length + 1) / 2) {
      for _ in 0..<2 { load.step(&scene, events: &events) }
      scene.takeChanges(into: &changes)
    }
    var walls: [Double] = []
    var cpus: [Double] = []
    var takes: [Double] = []
    var toggled = 0
    for _ in 0..<frames {
      var wall = 0.0
      var cpu = 0.0
      for _ in 0..<2 {
        let (w0, c0) = (SDLSystem.now(), BenchSheets.threadSeconds())
        load.step(&scene, events: &events)
        (wall, cpu) = (wall + SDLSystem.now() - w0, cpu + BenchSheets.threadSeconds() - c0)
        toggled += events.count
        digest.add(events)
      }
      walls.append(wall)
      cpus.append(cpu)
      let t0 = SDLSystem.now()
      scene.takeChanges(into: &changes)
      takes.append(SDLSystem.now() - t0)
    }
    digest.add(scene)
    let line: JSONValue = [
      "bench": "step", "case": "restarting", "threads": .int(workers.threads),
      "views": .int(scene.count),
      "animating": .int(scene.animatingCount), "frames": .int(frames),
      "events_per_frame": .int(toggled / frames), "step_ms": ms(walls, 0.5),
      "step_ms_p10": ms(walls, 0.1), "step_cpu_ms": ms(cpus, 0.5),
      "step_cpu_ms_p10": ms(cpus, 0.1), "take_changes_ms": ms(takes, 0.5),
      "digest": .string(digest.hex),
    ]
    return Restarting(
      line: line, stepMs: Percentile.of(walls, 0.5) * 1000, threads: workers.threads,
      digest: digest.hex)
  }

  /// `--views` views (a million by default) all toggled on at step 0, then every step
  /// before the first of them finishes, timed one by one: what a step costs when nothing
  /// finishes, however many run.
  static func noneFinishing(_ options: LaunchOptions, _ workers: WorkerPool) -> JSONValue {
    var scene = allToggled(options, workers)
    var walls: [Double] = []
    while scene.step + 1 < scene.durationSteps {
      let t0 = SDLSystem.now()
      scene.advance(steps: 1)
      walls.append(SDLSystem.now() - t0)
    }
    return [
      "bench": "step", "case": "none_finishing", "views": .int(scene.count),
      "animating": .int(scene.animatingCount), "steps": .int(walls.count),
      "step_us": .fixed(Percentile.of(walls, 0.5) * 1e6, places: 3),
      "step_us_max": .fixed((walls.max() ?? 0) * 1e6, places: 3),
    ]
  }

  /// `--views` views (a million by default) all toggled on at step 0 (A), then stepped to
  /// the step in which every one of them finishes, timed: what the frame after A's
  /// animations end waits for.
  static func allFinishing(_ options: LaunchOptions, _ workers: WorkerPool) -> JSONValue {
    var scene = allToggled(options, workers)
    scene.advance(steps: Int(scene.durationSteps) - 1)
    let running = scene.animatingCount
    let (w0, c0) = (SDLSystem.now(), BenchSheets.threadSeconds())
    scene.advance(steps: 1)
    let (wall, cpu) = (SDLSystem.now() - w0, BenchSheets.threadSeconds() - c0)
    return [
      "bench": "step", "case": "all_finishing", "views": .int(scene.count),
      "finished": .int(running - scene.animatingCount),
      "step_ms": .fixed(wall * 1000, places: 3), "step_cpu_ms": .fixed(cpu * 1000, places: 3),
    ]
  }

  /// `--views` views (a million by default) of 8 px, every one toggled on at step 0, stepped
  /// on `workers`.
  static func allToggled(_ options: LaunchOptions, _ workers: WorkerPool) -> Scene {
    let views = options.views ?? million
    let c = BenchFrame.Case(cell: 8, gap: 0, views: views, animating: views, path: .auto)
    var scene = Scene(options: BenchFrame.sceneOptions(c, options), softwareRenderer: false)
    scene.setWorkers(workers)
    for cell in 0..<scene.count { scene.toggle(cell, cause: .stress) }
    scene.discardEvents()
    return scene
  }

  static let million = 1_000_000

  static func ms(_ v: [Double], _ p: Double) -> JSONValue {
    .fixed(Percentile.of(v, p) * 1000, places: 3)
  }

  /// FNV-1a over every value change (cell, old and new state, step, in order) and, at the
  /// end, every view's state and whether it animates: equal digests, equal stepping.
  struct Digest {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime.
    static let prime: UInt64 = 0x100_0000_01b3

    mutating func add(_ v: UInt64) {
      hash = (hash ^ v) &* Self.prime
    }

    mutating func add(_ events: [ValueChange]) {
      for e in events {
        add(UInt64(e.cell) << 8 | UInt64(e.old.rawValue) << 4 | UInt64(e.new.rawValue))
        add(UInt64(bitPattern: e.step))
      }
    }

    mutating func add(_ scene: Scene) {
      for c in 0..<scene.count {
        add(UInt64(scene.state(c).rawValue) << 1 | (scene.isAnimating(c) ? 1 : 0))
      }
    }

    var hex: String { String(hash, radix: 16) }
  }
}
