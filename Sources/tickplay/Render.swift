import TickCommandLine
import TickFiles
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay render`: draws the frame at one scene time headlessly and writes a PNG or a
/// JPEG, by `--out`'s extension.
enum Render {
  static func run(_ options: LaunchOptions) -> Int32 {
    // The parser refuses a name with no image format's extension.
    guard let out = options.out, let format = ImageFormat(path: out) else { return 2 }
    let script: ScriptDriver
    do {
      script = try ScriptDriver(options)
    } catch {
      Console.err("tickplay: \(error.message)")
      return 2
    }
    return Render.headless(options, for: "render") { screen in
      // The same session as play's, stepped by `advance`. The HUD is not drawn here, but
      // `--hud on`, a recording's `hud` line or a replayed H keeps its dock free of views
      // as play does, so the views lie where the window showed them.
      var session = Session(
        options: options, softwareRenderer: screen.isSoftware,
        script: script, events: .counted)
      let presenter = Presenter(
        screen: screen, requested: options.path,
        pool: session.workers)
      presenter.check = FrameCheck.fromEnvironment()
      // Sheets are rendered whole before the frame that needs them: nobody waits for a
      // frame here, and the picture must not depend on a thread's timing.
      // `TICKPLAY_BACKGROUND_SHEETS=1` renders them on the worker's thread as play does
      // (for tests).
      presenter.sheetsInBackground = EnvironmentVariable.backgroundSheets.isOn
      var loop = StepLoop()
      loop.seek(session, to: options.time)
      do {
        try advance(&session, loop: &loop, presenter: presenter, screen: screen)
        if let message = script.failure { return fail(message) }
        try session.draw(with: presenter, on: screen, present: loop.presentStep(session))
        try screen.saveImage(to: out, as: format)
        let drawnBy =
          session.scene.layout.isOverview
          ? "overview of \(presenter.path.rawValue)'s sheet" : "\(presenter.path.rawValue) path"
        Console.err(
          "tickplay: wrote \(out) (\(options.windowWidth)x\(options.windowHeight), "
            + "\(screen.rendererName), \(drawnBy), t=\(options.time)s)")
        return 0
      } catch {
        return fail("\(error)")
      }
    }
  }

  /// Steps between looks at the clock for `ProgressLine`, rather than a look every step:
  /// 1,024 steps take about 12 ms with 1,000 toggles a second (docs/bad-input.md), so no
  /// progress line is late by much.
  static let progressCheckSteps: Int64 = 1024

  /// Takes the steps `loop` has scheduled (`StepLoop.run`): the script's actions at their
  /// steps, key commands (M switches the path here too), rain and waves. Each replayed
  /// screenshot is the frame at its step, drawn by the same presenter as the final one; a
  /// replayed quit ends the script, not scene time, so the frame asked for is still drawn.
  /// Stops early when a screenshot could not be saved (`script.failure`). `export` steps
  /// its frames through this too.
  ///
  /// Memory stays flat however long the run: value changes are dropped as they happen
  /// (render reports none), and nothing else is kept per step or per toggle. A run of more
  /// than a second says how far it is in scene time on stderr, unless `showsProgress` is
  /// off (export says which frame it is at instead).
  static func advance(
    _ session: inout Session, loop: inout StepLoop, presenter: Presenter, screen: Screen,
    showsProgress: Bool = true
  ) throws(SDLError) {
    var progress = ProgressLine(label: "render")
    let hz = Double(session.scene.hz)
    let end = session.scene.step + loop.pending
    func afterStep(_ s: inout Session) {
      s.scene.discardEvents()
      guard showsProgress, s.scene.step % progressCheckSteps == 0 else { return }
      let step = s.scene.step
      progress.report {
        "scene time \(Int(Double(step) / hz)) s of \(Int(Double(end) / hz)) s "
          + "(\(step * 100 / max(end, 1)) %)"
      }
    }
    while let stop = loop.run(&session, afterStep: afterStep) {
      guard case .screenshot(let file, let line) = stop else { continue }
      try session.draw(with: presenter, on: screen, present: loop.presentStep(session))
      do {
        try screen.saveImage(to: file, as: ImageFormat(path: file) ?? .png)
      } catch {
        session.script.screenshotFailed(line: line, file: file, error)
        return
      }
    }
  }

  /// Starts SDL headless, runs `body` with the hidden screen, and stops SDL once `body` and
  /// everything it made (textures, presenters) are gone: SDL must outlive them.
  static func headless(
    _ options: LaunchOptions, for command: String, _ body: (Screen) -> Int32
  ) -> Int32 {
    let status: Int32
    do {
      let screen: Screen
      do {
        screen = try startHeadless(options, for: command)
      } catch {
        return fail(error.message)
      }
      status = body(screen)
    }
    SDLSystem.stop()
    return status
  }

  /// Starts SDL headless — opengl through EGL unless the caller chose a video driver — and
  /// opens the hidden screen `command` draws in. On success the caller stops SDL.
  static func startHeadless(_ options: LaunchOptions, for command: String) throws(ScreenError)
    -> Screen
  {
    SDLSystem.defaultVideoDriver("offscreen")
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do {
      try SDLSystem.start()
    } catch {
      throw ScreenError(message: "cannot start SDL video for \(command) (\(error.message))")
    }
    do {
      return try openScreen(options)
    } catch {
      SDLSystem.stop()
      throw error
    }
  }

  /// Why no window could be made to draw in.
  struct ScreenError: Error {
    var message: String
  }

  /// The hidden window to draw in.
  ///
  /// With `--renderer auto`, a renderer that cannot be made or cannot hold the frame (no
  /// GL, no render targets) gives way to SDL's software renderer, and stderr says so. A
  /// renderer named on the command line is the one used, or render fails: SDL itself
  /// quietly substitutes another, which would draw another picture than the one asked for.
  static func openScreen(_ options: LaunchOptions) throws(ScreenError) -> Screen {
    let named = options.renderer == .auto ? nil : options.renderer.rawValue
    let driver = SDLSystem.videoDriver ?? "?"
    func open() throws(SDLError) -> Screen {
      try Screen(
        title: "TickPlayground", width: options.windowWidth, height: options.windowHeight,
        hidden: true)
    }
    let screen: Screen
    do {
      screen = try open()
    } catch {
      if let named {
        throw ScreenError(
          message: "--renderer \(named) does not work with video driver \(driver): \(error); "
            + "try --renderer auto or software")
      }
      Console.err("tickplay: \(error); drawing with the software renderer instead")
      SDLSystem.requestRenderer(LaunchOptions.Renderer.software.rawValue)
      do {
        return try open()
      } catch {
        throw ScreenError(message: "no renderer works with video driver \(driver): \(error)")
      }
    }
    if let named, screen.rendererName != named {
      throw ScreenError(
        message: "--renderer \(named) is not available with video driver \(driver) (SDL "
          + "offers \(screen.rendererName)); try --renderer auto or software")
    }
    if named == nil, screen.isSoftware {
      Console.err(
        "tickplay: no OpenGL renderer with video driver \(driver); drawing with the "
          + "software renderer (no anti-aliasing)")
    }
    return screen
  }
}
