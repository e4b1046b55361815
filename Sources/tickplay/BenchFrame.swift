import TickAnimation
import TickApp
import TickSDL
import TickScene

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
      || options.gap != defaults.gap || options.path != defaults.path
    var cases: [Case] = []
    if explicit {
      cases = [
        Case(
          cell: options.cell, gap: options.gap, views: options.views,
          animating: options.animating, path: options.path)
      ]
    } else {
      // The default sweep of issue 5: every visible cell animating at 16-, 10- and 8-px
      // cells on each path; the direct path at 100, 200 and 400 animating; a million views
      // with 1 % animating, and the same animating count in a small scene.
      for cell in [16, 10, 8] {
        for path in [RenderPath.direct, .atlas, .compose] {
          cases.append(Case(cell: cell, gap: 0, views: nil, animating: nil, path: path))
        }
      }
      for n in [100, 200, 400] {
        cases.append(Case(cell: 32, gap: 8, views: nil, animating: n, path: .direct))
      }
      for path in [RenderPath.auto] {
        cases.append(Case(cell: 50, gap: 10, views: 1_000_000, animating: 10_000, path: path))
        cases.append(Case(cell: 50, gap: 10, views: 10_000, animating: 10_000, path: path))
      }
    }
    for (i, c) in cases.enumerated() {
      Console.err("bench frame: case \(i + 1)/\(cases.count): cell \(c.cell), path \(c.path)…")
      do {
        // The floor, measured right before each case: the machine is shared and noisy.
        let bareMs = percentile(try screen.bareFrameSeconds(reps: 90), 0.5) * 1000
        let line = try measure(c, options: options, screen: screen, bareMs: bareMs)
        Console.out(line)
      } catch {
        return fail(error.description)
      }
    }
    return 0
  }

  /// Runs one case: warm-up until the animations have spread over every phase, then
  /// `frames` frames of two fixed steps each (60 fps at 120 Hz), timed part by part.
  static func measure(_ c: Case, options: LaunchOptions, screen: Screen, bareMs: Double)
    throws(SDLError) -> String
  {
    var o = options
    o.cell = c.cell
    o.gap = c.gap
    o.selection = .none
    o.animate = false
    let fit = GridLayout(
      windowWidth: o.windowWidth, windowHeight: o.windowHeight, cell: c.cell, gap: c.gap)
    if let views = c.views, views != fit.count {
      let cols = views <= fit.count ? fit.columns : Int(Double(views).squareRoot().rounded(.up))
      (o.columns, o.rows) = (cols, (views + cols - 1) / cols)
    }
    var scene = Scene(options: o, softwareRenderer: screen.isSoftware)
    let visible = scene.layout.visibleRows.flatMap { r in
      scene.layout.visibleColumns.map { r * scene.layout.columns + $0 }
    }
    // The animating views: the visible ones first, then others, chosen at random.
    let wanted = min(c.animating ?? visible.count, scene.count)
    var rng = SplitMix64(seed: options.seed)
    var picked = Array(visible.shuffled(using: &rng).prefix(wanted))
    var isPicked = [Bool](repeating: false, count: scene.count)
    for p in picked { isPicked[p] = true }
    while picked.count < wanted {
      let cell = Int(rng.next() % UInt64(scene.count))
      if !isPicked[cell] {
        isPicked[cell] = true
        picked.append(cell)
      }
    }
    let length = Int(max(scene.durationSteps, 1))
    let presenter = Presenter(screen: screen, requested: c.path)
    presenter.check = FrameCheck.fromEnvironment()
    var changes = SceneChanges()
    var steps: [Double] = []
    var builds: [Double] = []
    var composes: [Double] = []
    var submits: [Double] = []
    var frames: [Double] = []
    let warmup = (length + 1) / 2
    let measured = 120
    for f in 0..<(warmup + measured) {
      let t0 = SDLSystem.now()
      for _ in 0..<2 {
        // Random phases: during warm-up, each picked view starts at its own step.
        let s = Int(scene.step)
        if s < length {
          var k = s
          while k < picked.count {
            scene.toggle(picked[k], cause: .stress)
            k += length
          }
        }
        scene.advance(steps: 1)
        // Keep them animating, each restart fresh: toggled (twice if deselecting is instant).
        for cell in scene.finished where isPicked[Int(cell)] {
          scene.toggle(Int(cell), cause: .stress)
          if scene.style.deselect == .instant { scene.toggle(Int(cell), cause: .stress) }
        }
        _ = scene.drainEvents()
      }
      let t1 = SDLSystem.now()
      scene.takeChanges(into: &changes)
      try presenter.draw(scene, changes: changes, present: Double(scene.step))
      screen.present()
      let t3 = SDLSystem.now()
      guard f >= warmup else { continue }
      steps.append(t1 - t0)
      let t = presenter.timings
      builds.append(t.build)
      composes.append(t.compose)
      submits.append(t3 - t1 - t.build - t.compose)
      frames.append(t3 - t0)
    }
    let p50 = percentile(frames, 0.5) * 1000
    func ms(_ v: [Double]) -> JSONValue { fixed(percentile(v, 0.5) * 1000) }
    let line: JSONValue = [
      "bench": "frame", "window": .string("\(o.windowWidth)x\(o.windowHeight)"),
      "cell": .int(c.cell), "views": .int(scene.count), "animating": .int(scene.animatingCount),
      "path": .string(presenter.path.rawValue), "renderer": .string(screen.rendererName),
      "gl": .string(screen.glRenderer ?? ""),
      "fps_p50": fixed(1000 / max(p50, 1e-3)), "frame_ms_p50": fixed(p50),
      "frame_ms_p99": fixed(percentile(frames, 0.99) * 1000),
      "step_ms": ms(steps), "build_ms": ms(builds), "compose_ms": ms(composes),
      "submit_ms": ms(submits), "bare_frame_ms": fixed(bareMs),
      "ratio_to_bare": fixed(p50 / bareMs),
    ]
    return line.text
  }

  static func percentile(_ v: [Double], _ p: Double) -> Double {
    guard !v.isEmpty else { return 0 }
    let s = v.sorted()
    return s[min(s.count - 1, Int(Double(s.count) * p))]
  }

  /// Two decimals, for JSON.
  static func fixed(_ v: Double) -> JSONValue { .fixed(v, places: 2) }

  static func getenvString(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    let s = String(cString: p)
    return s.isEmpty ? nil : s
  }
}
