import TickApp
import TickCommandLine
import TickFiles
import TickSDL
import TickScene

/// `tickplay bench limit`: the most animations this machine keeps running while the p95
/// frame time stays within `--budget`, found by `LimitSearch` over real frames.
///
/// Each probe sets the load (`LoadDriver`, as `play --load`) on one scene and one window,
/// lets the views that join spread their phases, then times frames as `bench frame` does
/// (`BenchFrame.timedFrame`). The scene holds `--grid`, or the most views that fit in
/// memory up to the most a scene holds (`sceneViews`), so that the load is short of views
/// only where the machine is: the visible views carry it first, the rest animate off
/// screen. Prints a progress line a probe and a readable result on stderr, and one JSON
/// line on stdout.
enum BenchLimit {
  /// Frames timed a probe (`LimitSearch.probeFrames`).
  static let probeFrames = LimitSearch.probeFrames

  /// What a view of the search's scene costs resident, all of them animating, in bytes:
  /// its record and wheel entry (`Scene.bytesPerAnimation`, 16), its share of the lists a
  /// step fills (finished, dirty) and the load's order and membership (5 bytes). Rounded
  /// up from this bench's run on 16,777,216 views (493 MB resident when a step's events
  /// were listed, 103 MB of it before the scene existed: about 23 bytes a view;
  /// docs/performance.md, "How much this machine holds").
  static let residentBytesPerView = 24

  /// The scene's views without `--grid`: the most that fit in memory, up to
  /// `LaunchOptions.maxViews`.
  static func sceneViews() -> Int {
    LimitSearch.sceneViews(
      availableBytes: availableBytes(), bytesPerView: residentBytesPerView,
      most: LaunchOptions.maxViews)
  }

  /// The bytes the system can give without swapping (`MemAvailable` in `/proc/meminfo`);
  /// nil where there is no such figure.
  static func availableBytes() -> Int? {
    guard let bytes = try? FileBytes.read("/proc/meminfo") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
      let fields = line.split(separator: " ")
      guard fields.count > 1, let kib = Int(fields[1]) else { return nil }
      return kib * 1024
    }
    return nil
  }

  static func run(_ options: LaunchOptions) -> Int32 {
    if BenchFrame.getenvString("DISPLAY") == nil { SDLSystem.defaultVideoDriver("offscreen") }
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do { try SDLSystem.start() } catch { return fail("bench limit: \(error.message)") }
    defer { SDLSystem.stop() }
    do {
      let screen = try Screen(
        title: "tickplay bench limit", width: options.windowWidth,
        height: options.windowHeight)
      let began = SDLSystem.now()
      // The floor, as bench frame measures it: a budget below it cannot be met.
      let bareMs = Percentile.of(try screen.bareFrameSeconds(reps: 90), 0.5) * 1000
      if bareMs > options.budget {
        Console.err(
          "bench limit: the bare frame alone takes \(ms(bareMs)), over the budget of "
            + "\(ms(options.budget)): the machine is busy, or the budget too small")
      }
      let probe = try Prober(options, screen: screen)
      let search = LimitSearch(cap: probe.scene.count, budget: options.budget)
      Console.err(
        "bench limit: \(probe.scene.count) views, \(probe.scene.layout.visibleCount) visible, "
          + "budget \(ms(options.budget)) p95; up to \(search.maxProbes) probes…")
      let result = try search.run(measure: { (n) throws(SDLError) in
        try probe.confirmedP95(load: n, budget: options.budget)
      }) {
        p in
        Console.err(
          "bench limit: load \(p.load): p95 \(ms(p.p95)) — \(p.held ? "held" : "over")")
      }
      let seconds = SDLSystem.now() - began
      Console.err(summary(result, options, probe))
      Console.out(line(result, options, probe, screen, bareMs: bareMs, seconds: seconds).text)
      return 0
    } catch {
      return fail(error.description)
    }
  }

  /// One scene, presenter and load, measured at one load after another (a class, so that a
  /// frame's step reaches the load and the events while the scene is being stepped).
  final class Prober {
    var scene: Scene
    let presenter: Presenter
    let screen: Screen
    var load: LoadDriver
    var changes = SceneChanges()
    var events: [ValueChange] = []

    init(_ options: LaunchOptions, screen: Screen) throws(SDLError) {
      let c = BenchFrame.Case(
        cell: options.cell, gap: options.gap,
        views: options.columns == nil ? BenchLimit.sceneViews() : nil, animating: nil,
        path: options.path)
      scene = Scene(
        options: BenchFrame.sceneOptions(c, options), softwareRenderer: screen.isSoftware)
      let workers = options.makeWorkers()
      scene.setWorkers(workers)
      scene.keepEvents(.counted)  // as play's, without `--events`
      presenter = Presenter(screen: screen, requested: options.path, pool: workers)
      presenter.check = FrameCheck.fromEnvironment()
      self.screen = screen
      load = LoadDriver(seed: options.seed)
    }

    /// The p95 frame time at load `n`, in milliseconds: after a transition's length for
    /// the views that join to start and half as long again (when the load changes),
    /// `probeFrames` frames, or fewer once more of them are over the budget than a p95
    /// within it allows.
    func p95(load n: Int, budget: Double = .infinity) throws(SDLError) -> Double {
      if n != load.target {
        load.setTarget(n, in: scene)
        let length = Int(max(scene.durationSteps, 1))
        let warmup =
          (length * 3 / 2 + BenchFrame.stepsPerFrame - 1) / BenchFrame.stepsPerFrame
        for _ in 0..<warmup { _ = try frame() }
      }
      var samples: [Double] = []
      samples.reserveCapacity(probeFrames)
      var overBudget = 0
      let allowed = probeFrames - Int(Double(probeFrames) * 0.95)
      while samples.count < probeFrames {
        let ms = try frame().total * 1000
        samples.append(ms)
        if ms > budget { overBudget += 1 }
        if overBudget > allowed { break }
      }
      return Percentile.of(samples, 0.95)
    }

    /// The p95 at load `n`, measured again when it is over `budget`, and the better of the
    /// two: on a shared machine a burst of work from elsewhere can fall on one probe's
    /// frames, and a load is called over only when two probes in a row say so (a load that
    /// holds is not measured twice: noise only ever slows frames down).
    func confirmedP95(load n: Int, budget: Double) throws(SDLError) -> Double {
      let first = try p95(load: n, budget: budget)
      guard first > budget else { return first }
      return min(first, try p95(load: n, budget: budget))
    }

    /// One timed frame of the load.
    private func frame() throws(SDLError) -> BenchFrame.FrameTime {
      try BenchFrame.timedFrame(&scene, presenter, screen, &changes) { s in
        let restarts = load.startDue(&s)
        s.advance(restarting: restarts)
        s.drainEvents(into: &events)
      }
    }
  }

  /// The readable result, for stderr.
  static func summary(_ r: LimitSearch.Result, _ o: LaunchOptions, _ p: Prober) -> String {
    var t =
      "bench limit: held \(r.held) animations"
      + (r.heldProbe.map { " (p95 \(ms($0.p95)))" } ?? "")
      + " within \(ms(o.budget)) at cell \(o.cell), \(o.style.animation.rawValue), "
      + "\(o.style.shape.rawValue), path \(p.presenter.path.rawValue), "
      + "window \(o.windowWidth)x\(o.windowHeight)"
    if r.capped { t += "; every one of the \(p.scene.count) views held: the limit is higher" }
    if let over = r.over { t += "; \(over.load) was over (p95 \(ms(over.p95)))" }
    return t
  }

  /// The JSON line: the scene, the largest load held and its p95, the first load over,
  /// the bare frame measured in the same run (`bench frame`'s floor), and every probe in
  /// the order taken (`trail`).
  static func line(
    _ r: LimitSearch.Result, _ o: LaunchOptions, _ p: Prober, _ screen: Screen,
    bareMs: Double, seconds: Double
  ) -> JSONValue {
    func fixed(_ v: Double?) -> JSONValue { v.map(BenchFrame.fixed) ?? .null }
    return [
      "bench": "limit", "window": .string("\(o.windowWidth)x\(o.windowHeight)"),
      "cell": .int(o.cell), "gap": .int(o.gap), "animation": .string(o.style.animation.rawValue),
      "shape": .string(o.style.shape.rawValue), "path": .string(p.presenter.path.rawValue),
      "renderer": .string(screen.rendererName), "views": .int(p.scene.count),
      "visible": .int(p.scene.layout.visibleCount), "budget_ms": fixed(o.budget),
      "load": .int(r.held), "p95_ms": fixed(r.heldProbe?.p95), "capped": .bool(r.capped),
      "over_load": r.over.map { .int($0.load) } ?? .null, "over_p95_ms": fixed(r.over?.p95),
      "probes": .int(r.probes.count), "bare_frame_ms": fixed(bareMs), "seconds": fixed(seconds),
      "trail": .array(
        r.probes.map { ["load": .int($0.load), "p95_ms": fixed($0.p95), "held": .bool($0.held)] }),
    ]
  }

  /// Milliseconds rounded as the JSON line's figures are (`BenchFrame.fixed`).
  static func ms(_ v: Double) -> String { Decimals.milliseconds(v, places: BenchFrame.places) }
}
