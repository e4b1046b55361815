import TickAnimation
import TickApp
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
    var session = Session(
      scene: Scene(options: options, softwareRenderer: screen.isSoftware), options: options,
      script: script)
    let presenter = Presenter(screen: screen, requested: options.path)
    presenter.check = FrameCheck.fromEnvironment()
    let watcher = StyleWatcher(
      arguments: Array(CommandLine.arguments.dropFirst()), options: options, screen: screen)
    var title = ""
    var hud: HUD?
    if options.hud ?? true {
      do { hud = try HUD(screen: screen) } catch { Console.err("tickplay: no HUD: \(error)") }
    }
    session.controls.hudVisible = hud != nil
    var hudModel = HUDModel()
    var figures = HUDModel.Figures()
    var hudRefreshed = -Double.infinity
    var helpLines: [String] = []
    /// Draws the frame the window shows at `present`: the views, then the HUD and help.
    func drawFrame(present: Double) throws(SDLError) {
      let buildStart = SDLSystem.now()
      try session.draw(with: presenter, on: screen, present: present)
      let submitEnd = SDLSystem.now()
      let controls = session.controls
      if submitEnd - hudRefreshed > 0.25 {
        // Text changes a few times a second (HUD, help, title); the graph every frame.
        hudRefreshed = submitEnd
        let scene = session.scene
        let clock = session.clock
        let second = hudModel.lastSecond(at: submitEnd)
        (figures.fps, figures.p50, figures.p99) = second
        figures.views = scene.count
        figures.visible = scene.layout.visibleCount
        figures.selected = scene.selectedCount
        figures.animating = scene.animatingCount
        figures.triangles = presenter.list.mesh.triangleCount
        figures.vertices = presenter.list.mesh.vertices.count
        let t = presenter.timings
        figures.buildMs = t.build * 1000
        figures.composeMs = t.compose * 1000
        figures.submitMs = (submitEnd - buildStart - t.build - t.compose) * 1000
        figures.renderer = screen.rendererName
        figures.path =
          presenter.path.rawValue + (controls.path == .auto ? " (auto)" : "")
          + (presenter.note.map { " — \($0)" } ?? "")
        figures.bytesUploaded = t.bytesUploaded
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
              scene: session.scene, path: figures.path, seed: options.seed,
              timeScale: session.clock.timeScale)
          }
          hud.drawCentered(helpLines)
        }
      }
      watcher.drawError()
    }
    var inputs: [InputEvent] = []
    inputs.reserveCapacity(64)
    var frames = 0
    var stats = FrameStats()
    let began = SDLSystem.now()
    var last = began
    /// Steps that were due but wait for a later frame: a replayed screenshot is drawn at
    /// its own step, so the steps after it are taken from the next frame on.
    var carried = 0
    var present = 0.0

    // MARK: Loop: events → steps → build → submit → present
    loop: while true {
      let start = SDLSystem.now()
      let elapsed = start - last
      last = start

      inputs.removeAll(keepingCapacity: true)
      Events.poll(into: &inputs)
      script.record(inputs, step: session.scene.step)
      session.controls.stepNow = 0
      for input in inputs {
        if input == .quit { break loop }
        if case .resize(let w, let h) = input { screen.resize(width: w, height: h) }
        guard case .key(let name) = input, let command = KeyCommand(key: name) else {
          session.scene.handle(input, cause: .click)
          continue
        }
        if command == .quit { break loop }
        session.apply(command)
      }
      watcher.poll(&session.scene, now: start)

      // Whole fixed steps: the script's actions due before each, the stress drivers
      // inside each, then the scene steps.
      let paused = session.controls.paused
      let clockSteps = session.clock.advance(by: paused ? 0 : elapsed)
      var due = carried + (paused ? session.controls.stepNow : clockSteps)
      var shot: (file: String, line: Int)?
      stepping: while true {
        switch session.applyDue() {
        case .quit: break loop
        case .screenshot(let file, let line):
          shot = (file, line)
          break stepping
        case nil: break
        }
        guard due > 0 else { break }
        session.step()
        due -= 1
      }
      carried = due
      present =
        Double(session.scene.step)
        + (paused || shot != nil || carried > 0 ? 0 : session.clock.alpha)
      if options.events {
        for e in session.scene.drainEvents() { Console.out(e.jsonLine) }
      } else {
        _ = session.scene.drainEvents()
      }

      do {
        try drawFrame(present: present)
      } catch {
        return fail(error.description)
      }
      if let shot {
        do {
          try screen.savePNG(to: shot.file)
        } catch {
          script.screenshotFailed(line: shot.line, file: shot.file, error)
          break loop
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
        + stats.summary + " (\(session.scene.count) views, \(screen.rendererName))")
    if let path = options.screenshot {
      // What the window shows: the last frame drawn again, by the same path, and read back.
      do {
        try drawFrame(present: present)
        try screen.savePNG(to: path)
      } catch {
        return fail("\(error)")
      }
    }
    return 0
  }
}
