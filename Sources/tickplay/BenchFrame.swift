import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickFrame
import TickSDL
import TickScene
import TickThreads

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay bench frame`: whole frames of a scene with many views animating at random
/// phases, through a real window (Xvfb) or offscreen, on each render path.
///
/// Every case prints one JSON line. `bare_frame_ms` is measured in the same run on the same
/// window: one full streaming upload, one quad, present — the floor for a frame that
/// changes everywhere.
enum BenchFrame {
  /// One measured configuration.
  struct Case {
    var cell: Int
    var gap: Int
    var views: Int?
    var animating: Int?
    var path: RenderPath
    /// Whether the case zooms until the whole grid fits the window (`--fit`).
    var fit = false
  }

  static func run(_ options: LaunchOptions) -> Int32 {
    if getenvString("DISPLAY") == nil { SDLSystem.defaultVideoDriver("offscreen") }
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do { try SDLSystem.start() } catch { return fail("bench frame: \(error.message)") }
    defer { SDLSystem.stop() }
    let screen: Screen
    do {
      screen = try Screen(
        title: "tickplay bench", width: options.windowWidth, height: options.windowHeight)
    } catch {
      return fail(error.description)
    }
    // Any of the case's own options runs that one case; none runs the default sweep.
    let defaults = LaunchOptions()
    let explicit =
      options.views != nil || options.animating != nil || options.cell != defaults.cell
      || options.gap != defaults.gap || options.path != defaults.path || options.fit
    let cases =
      explicit
      ? [
        Case(
          cell: options.cell, gap: options.gap, views: options.views,
          animating: options.animating, path: options.path, fit: options.fit)
      ] : defaultSweep
    let workers = options.makeWorkers()
    for (i, c) in cases.enumerated() {
      Console.err(
        "bench frame: case \(i + 1)/\(cases.count): cell \(c.cell)\(c.fit ? " fitted" : ""), "
          + "path \(c.path)…")
      do {
        let measured = try measure(c, options: options, screen: screen, workers: workers)
        // The floor, measured right after each case (the machine is shared and noisy), once
        // the case's scene is gone: what the renderer keeps after drawing full-window
        // textures (about 18 MB on llvmpipe) is the benchmark's, not the app's, whose
        // compose frames may never reach the renderer (`FrameRoute.shared`), and must not
        // count in the case's resident memory.
        let bareMs = Percentile.of(try screen.bareFrameSeconds(reps: 90), 0.5) * 1000
        Console.out(measured.line(bareMs: bareMs).text)
      } catch {
        return fail(error.description)
      }
    }
    return 0
  }

  /// Every visible cell animating at 16-, 10- and 8-px cells on each path; the direct
  /// path at 100, 200 and 400 animating; a million views with 1 % animating, and the same
  /// animating count in a small scene; a million views with 100,000 and with all of them
  /// animating at 8 px, and all of them animating fitted to the window.
  static var defaultSweep: [Case] {
    var cases: [Case] = []
    for cell in [16, 10, 8] {
      for path in [RenderPath.direct, .atlas, .compose] {
        cases.append(Case(cell: cell, gap: 0, views: nil, animating: nil, path: path))
      }
    }
    for n in [100, 200, 400] {
      cases.append(Case(cell: 32, gap: 8, views: nil, animating: n, path: .direct))
    }
    cases.append(Case(cell: 50, gap: 10, views: 1_000_000, animating: 10_000, path: .auto))
    cases.append(Case(cell: 50, gap: 10, views: 10_000, animating: 10_000, path: .auto))
    let million = 1_000_000
    cases.append(Case(cell: 8, gap: 0, views: million, animating: 100_000, path: .auto))
    cases.append(Case(cell: 8, gap: 0, views: million, animating: million, path: .auto))
    cases.append(
      Case(cell: 8, gap: 0, views: million, animating: million, path: .auto, fit: true))
    return cases
  }

  /// Runs one case: warm-up until the animations have spread over every phase, then
  /// `measuredFrames` frames of `stepsPerFrame` fixed steps each, timed part by part.
  static func measure(_ c: Case, options: LaunchOptions, screen: Screen, workers: WorkerPool)
    throws(SDLError) -> Measured
  {
    let o = sceneOptions(c, options)
    var scene = Scene(options: o, softwareRenderer: screen.isSoftware)
    scene.setWorkers(workers)
    // Play counts its value changes unless `--events` writes them.
    scene.keepEvents(.counted)
    let load = Workload(scene, wanted: c.animating, seed: options.seed)
    let presenter = Presenter(screen: screen, requested: c.path, pool: workers)
    presenter.check = FrameCheck.fromEnvironment()
    var changes = SceneChanges()
    var samples = Samples()
    // Empty while only counted; `bench step` lists and reads them.
    var events: [ValueChange] = []
    let warmup = (load.length + 1) / 2
    for f in 0..<(warmup + measuredFrames) {
      let t = try timedFrame(&scene, presenter, screen, &changes) { s in
        load.step(&s, events: &events)
      }
      if f >= warmup { samples.add(step: t.step, drawn: t.drawn, presenter.timings) }
    }
    return Measured(
      members: members(c, o, scene, presenter, screen, samples),
      frameMs: Percentile.of(samples.frames, 0.5) * 1000)
  }

  /// A case's figures, but for the bare frame, which is measured once its scene is gone.
  struct Measured {
    var members: [JSONValue.Member]
    /// The frame's median, in ms.
    var frameMs: Double

    /// The JSON line, with the bare frame and the frame's ratio to it.
    func line(bareMs: Double) -> JSONValue {
      .object(
        members + [
          .init(key: "bare_frame_ms", value: fixed(bareMs)),
          .init(key: "ratio_to_bare", value: fixed(frameMs / bareMs)),
        ])
    }
  }

  /// One frame's time, in seconds: stepping, and drawing with presenting.
  struct FrameTime {
    var step: Double
    var drawn: Double
    /// The whole frame.
    var total: Double { step + drawn }
  }

  /// One timed frame as every frame bench measures it: `stepsPerFrame` fixed steps of
  /// `step`, then the scene's changes drawn by `presenter` and presented.
  static func timedFrame(
    _ scene: inout Scene, _ presenter: Presenter, _ screen: Screen,
    _ changes: inout SceneChanges, step: (inout Scene) -> Void
  ) throws(SDLError) -> FrameTime {
    let t0 = SDLSystem.now()
    for _ in 0..<stepsPerFrame { step(&scene) }
    let t1 = SDLSystem.now()
    scene.takeChanges(into: &changes)
    try presenter.draw(scene, changes: changes, present: Double(scene.step))
    screen.present()
    return FrameTime(step: t1 - t0, drawn: SDLSystem.now() - t1)
  }

  /// Fixed steps a measured frame: 60 fps at the default 120 Hz.
  static let stepsPerFrame = 2

  /// Frames timed per case.
  static let measuredFrames = 120

  /// The case's JSON line: what was measured and the medians (frame time also at p99).
  static func members(
    _ c: Case, _ o: LaunchOptions, _ scene: Scene, _ presenter: Presenter, _ screen: Screen,
    _ samples: Samples
  ) -> [JSONValue.Member] {
    let p50 = Percentile.of(samples.frames, 0.5) * 1000
    func ms(_ v: [Double]) -> JSONValue { fixed(Percentile.of(v, 0.5) * 1000) }
    let line: JSONValue = [
      "bench": "frame", "window": .string("\(o.windowWidth)x\(o.windowHeight)"),
      "cell": .int(c.cell), "fit": .bool(o.fit), "cell_px": fixed(scene.layout.screenPitch),
      "views": .int(scene.count), "visible": .int(scene.layout.visibleCount),
      "animating": .int(scene.animatingCount),
      "bytes_per_animation": .int(Scene.bytesPerAnimation),
      "bytes_per_idle_view": .int(Scene.bytesPerIdleView),
      "path": .string(scene.layout.isOverview ? "overview" : presenter.path.rawValue),
      "renderer": .string(screen.rendererName), "gl": .string(screen.glRenderer ?? ""),
      "fps_p50": fixed(1000 / max(p50, 1e-3)), "frame_ms_p50": fixed(p50),
      "frame_ms_p99": fixed(Percentile.of(samples.frames, 0.99) * 1000),
      "step_ms": ms(samples.steps), "build_ms": ms(samples.builds),
      "compose_ms": ms(samples.composes), "submit_ms": ms(samples.submits),
    ]
    guard case .object(let members) = line else { return [] }
    return members
  }

  /// Each measured frame's parts, in seconds.
  struct Samples {
    var steps: [Double] = []
    var builds: [Double] = []
    var composes: [Double] = []
    var submits: [Double] = []
    var frames: [Double] = []

    /// One frame: `step` seconds stepping, `drawn` seconds drawing and presenting, of
    /// which the presenter's `timings` say how much went to building and composing.
    mutating func add(step: Double, drawn: Double, _ t: FrameTimings) {
      steps.append(step)
      builds.append(t.build)
      composes.append(t.compose)
      submits.append(drawn - t.build - t.compose)
      frames.append(step + drawn)
    }
  }

  /// The views a case keeps animating, and how it keeps them so.
  struct Workload {
    /// The animating views: the visible ones first, then others, chosen at random (none
    /// with `order`).
    var picked: [Int32] = []
    /// When every view of a scene over `listedMost` animates, the order they start in, in
    /// place of listing them in `picked`.
    var order: Shuffle?
    /// A transition's length in steps.
    var length: Int

    /// The most views a workload lists when every one animates. A list of 16,777,216 views
    /// would take 64 MB (and a byte a view more while picking them, by rejection, count ×
    /// ln(count) draws), a quarter of what the scene itself may take; at a million or
    /// fewer the list stays, so that those runs and `bench step`'s digests are the ones
    /// docs/performance.md gives.
    static let listedMost = 1 << 20

    init(_ scene: Scene, wanted: Int?, seed: UInt64) {
      let l = scene.layout
      length = Int(max(scene.durationSteps, 1))
      var rng = SplitMix64(seed: seed)
      let n = min(wanted ?? l.visibleCount, scene.count)
      if n == scene.count, n > Self.listedMost {
        order = Shuffle(count: n, seed: rng.next())
        return
      }
      var visible: [Int32] = []
      visible.reserveCapacity(l.visibleCount)
      for r in l.visibleRows {
        for c in l.visibleColumns { visible.append(Int32(r * l.columns + c)) }
      }
      picked = Array(visible.shuffled(using: &rng).prefix(n))
      var isPicked = [Bool](repeating: false, count: scene.count)
      for p in picked { isPicked[Int(p)] = true }
      while picked.count < n {
        let cell = Int(rng.next() % UInt64(scene.count))
        if !isPicked[cell] {
          isPicked[cell] = true
          picked.append(Int32(cell))
        }
      }
    }

    /// One fixed step. During the first `length` steps each picked view starts at a step
    /// of its own (random phases); a picked view whose animation finished starts again at
    /// once, fresh: toggled (twice if deselecting is instant).
    func step(_ scene: inout Scene, events: inout [ValueChange]) {
      let s = Int(scene.step)
      if s < length {
        var k = s
        while k < picked.count {
          scene.toggle(Int(picked[k]), cause: .stress)
          k += length
        }
        if let order { start(order, step: s, in: &scene) }
      }
      // Only picked views are ever toggled, so every view that finishes is one of them.
      scene.advance(
        steps: 1, togglingFinished: scene.style.deselect == .instant ? 2 : 1, cause: .stress)
      scene.drainEvents(into: &events)
    }

    /// Starts the views whose place in `order` falls on step `s` of the first `length`.
    private func start(_ order: Shuffle, step s: Int, in scene: inout Scene) {
      for place in stride(from: s, to: order.count, by: length) {
        scene.toggle(order.cell(at: place), cause: .stress)
      }
    }
  }

  /// The options of case `c`'s scene: its cell, gap and view count (a window's worth, or
  /// `views` in as many columns as the window holds, or in a square when more), nothing
  /// selected.
  static func sceneOptions(_ c: Case, _ options: LaunchOptions) -> LaunchOptions {
    var o = options
    o.cell = c.cell
    o.gap = c.gap
    o.selection = .none
    o.animate = false
    o.fit = c.fit
    let filling = GridLayout(
      windowWidth: o.windowWidth, windowHeight: o.windowHeight, cell: c.cell, gap: c.gap)
    if let views = c.views, views != filling.count {
      let cols =
        views <= filling.count ? filling.columns : Int(Double(views).squareRoot().rounded(.up))
      (o.columns, o.rows) = (cols, (views + cols - 1) / cols)
    }
    return o
  }

  /// Decimals of the JSON lines' figures: hundredths of a millisecond, finer than frame
  /// times repeat from one run to the next.
  static let places = 2

  /// `places` decimals, for JSON.
  static func fixed(_ v: Double) -> JSONValue { .fixed(v, places: places) }

  static func getenvString(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    let s = String(cString: p)
    return s.isEmpty ? nil : s
  }
}
