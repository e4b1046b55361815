import TickAnimation
import TickGeometry
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay play`: the interactive window and its fixed-timestep loop.
enum Play {
  /// The frame period the loop paces itself to when vsync does not block (Xvfb, llvmpipe).
  static let framePeriod = 1.0 / 60

  static func run(_ options: LaunchOptions) -> Int32 {
    // MARK: Init
    let script: ScriptDriver
    do {
      script = try ScriptDriver(options)
    } catch {
      Console.err("tickplay: \(error.message)")
      return 2
    }
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    func noDisplay(_ why: String) -> Int32 {
      fail(
        "no display available (\(why)).\n"
          + "  play needs a window: run it in a desktop session, or under xvfb-run.\n"
          + "  To draw a frame without a display: tickplay render --out frame.png")
    }
    do {
      try SDLSystem.start()
    } catch {
      return noDisplay(error.message)
    }
    defer { SDLSystem.stop() }
    // With no display SDL falls back to a headless driver, and play would run on in a
    // window nobody sees. Only a driver named in SDL_VIDEODRIVER may be headless.
    if let driver = SDLSystem.videoDriver, driver == "offscreen" || driver == "dummy",
      (getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? "").isEmpty
    {
      return noDisplay("SDL found only its headless \(driver) driver")
    }
    let screen: Screen
    do {
      screen = try Screen(
        title: "TickPlayground", width: options.windowWidth, height: options.windowHeight,
        vsync: true)
    } catch {
      return fail(error.description)
    }
    var scene = Scene(options: options, softwareRenderer: screen.isSoftware)
    var clock = FixedStepClock(hz: options.hz)
    var controls = Controls(seed: options.seed, rain: options.rain)
    controls.path = options.path
    let presenter = Presenter(screen: screen, requested: options.path)
    var title = ""
    var builder = FrameBuilder(cellSize: options.cell)
    var list = DrawList()
    var hud: HUD?
    if options.hud ?? true {
      do { hud = try HUD(screen: screen) } catch { Console.err("tickplay: no HUD: \(error)") }
    }
    controls.hudVisible = hud != nil
    var hudModel = HUDModel()
    var figures = HUDModel.Figures()
    var hudRefreshed = -Double.infinity
    var helpLines: [String] = []
    // Replayed key commands and screenshots (--replay) act as live ones do.
    func replayCommand(_ c: KeyCommand, _ scene: inout Scene) {
      controls.apply(c, scene: &scene, clock: &clock)
    }
    /// Builds and draws a frame by the running path (a whole one with `full`).
    func drawFrame(_ scene: inout Scene, present: Double, full: Bool = false) throws(SDLError) {
      if full { scene.invalidate() }
      presenter.request(controls.path)
      let sheet = presenter.sheet(for: &scene)
      builder.build(
        scene: &scene, present: present, into: &list, sheet: sheet,
        overlaysEveryFrame: presenter.path == .compose)
      try presenter.draw(list)
    }
    func saveFrame(_ scene: inout Scene, _ path: String) throws {
      try drawFrame(&scene, present: Double(scene.step), full: true)
      try screen.savePNG(to: path)
    }
    var inputs: [InputEvent] = []
    inputs.reserveCapacity(64)
    var frames = 0
    var stats = FrameStats()
    let began = SDLSystem.now()
    var last = began

    // MARK: Loop: events → steps → build → submit → present
    loop: while true {
      let start = SDLSystem.now()
      let elapsed = start - last
      last = start

      inputs.removeAll(keepingCapacity: true)
      Events.poll(into: &inputs)
      script.record(inputs, step: scene.step)
      controls.stepNow = 0
      for input in inputs {
        if input == .quit { break loop }
        if case .resize(let w, let h) = input {
          do { try screen.resize(width: w, height: h) } catch { return fail(error.description) }
        }
        guard case .key(let name) = input, let command = KeyCommand(key: name) else {
          scene.handle(input, cause: .click)
          continue
        }
        if command == .quit { break loop }
        controls.apply(command, scene: &scene, clock: &clock)
      }

      // Whole fixed steps: stress drivers act inside each step, then the scene steps.
      let due = clock.advance(by: controls.paused ? 0 : elapsed)
      for _ in 0..<(controls.paused ? controls.stepNow : due) {
        guard script.applyDue(&scene, command: replayCommand, save: saveFrame) else { break loop }
        controls.stress.step(&scene)
        scene.advance(steps: 1)
      }
      guard script.applyDue(&scene, command: replayCommand, save: saveFrame) else { break loop }
      let present = Double(scene.step) + (controls.paused ? 0 : clock.alpha)
      if options.events {
        for e in scene.drainEvents() { Console.out(e.jsonLine) }
      } else {
        _ = scene.drainEvents()
      }

      presenter.request(controls.path)
      let sheet = presenter.sheet(for: &scene)
      let buildStart = SDLSystem.now()
      builder.build(
        scene: &scene, present: present, into: &list, sheet: sheet,
        overlaysEveryFrame: presenter.path == .compose)
      let submitStart = SDLSystem.now()
      do {
        try presenter.draw(list)
      } catch {
        return fail(error.description)
      }
      let submitEnd = SDLSystem.now()
      if submitEnd - hudRefreshed > 0.25 {
        // Text changes a few times a second (HUD, help, title); the graph every frame.
        hudRefreshed = submitEnd
        let second = hudModel.lastSecond(at: submitEnd)
        (figures.fps, figures.p50, figures.p99) = second
        figures.views = scene.count
        figures.visible = builder.visibleCount
        figures.selected = scene.selectedCount
        figures.animating = scene.animatingCount
        figures.triangles = list.mesh.triangleCount
        figures.vertices = list.mesh.vertices.count
        figures.buildMs = (submitStart - buildStart) * 1000
        figures.composeMs = presenter.composeSeconds * 1000
        figures.submitMs = (submitEnd - submitStart - presenter.composeSeconds) * 1000
        figures.renderer = screen.rendererName
        figures.path =
          presenter.path.rawValue + (controls.path == .auto ? " (auto)" : "")
          + (presenter.note.map { " — \($0)" } ?? "")
        figures.bytesUploaded = presenter.bytesUploaded
        figures.timeScale = clock.timeScale
        figures.paused = controls.paused
        if controls.hudVisible { hud?.setLines(HUDModel.lines(figures)) }
        let wanted = controls.title(
          scene: scene, fps: figures.fps, path: presenter.path, slow: clock.timeScale < 1)
        if wanted != title {
          title = wanted
          screen.setTitle(title)
        }
        if controls.helpVisible {
          helpLines = controls.helpLines(
            scene: scene, path: figures.path, seed: options.seed, timeScale: clock.timeScale)
        }
      }
      if let hud {
        if controls.hudVisible { hud.draw(hudModel) }
        if controls.helpVisible {
          if helpLines.isEmpty {
            helpLines = controls.helpLines(
              scene: scene, path: figures.path, seed: options.seed, timeScale: clock.timeScale)
          }
          hud.drawCentered(helpLines)
        }
      }
      frames += 1
      if let limit = options.frames, frames >= limit { break loop }
      screen.present()

      let spent = SDLSystem.now() - start
      stats.add(spent)
      hudModel.record(frame: spent, at: start + spent)
      if spent < framePeriod { SDLSystem.sleep(seconds: framePeriod - spent) }
    }

    // MARK: Cleanup
    if let message = script.failure { return fail(message) }
    Console.err(
      "tickplay: \(frames) frames in \(String(format2: SDLSystem.now() - began)) s; "
        + stats.summary + " (\(scene.count) views, \(screen.rendererName))")
    if let path = options.screenshot {
      do {
        try saveFrame(&scene, path)  // the frame the user last saw, drawn whole
      } catch {
        return fail("\(error)")
      }
    }
    return 0
  }
}
