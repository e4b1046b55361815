import TickAnimation
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay render`: draws the frame at one scene time headlessly and writes a PNG.
enum Render {
  static func run(_ options: LaunchOptions) -> Int32 {
    guard let out = options.out else { return 2 }
    let script: ScriptDriver
    do {
      script = try ScriptDriver(options)
    } catch {
      Console.err("tickplay: \(error.message)")
      return 2
    }
    // Headless opengl through EGL unless the caller chose a video driver.
    SDLSystem.defaultVideoDriver("offscreen")
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do {
      try SDLSystem.start()
    } catch {
      return fail("cannot start SDL video for render (\(error.message))")
    }
    defer { SDLSystem.stop() }
    let screen: Screen
    do {
      screen = try openScreen(options)
    } catch {
      return fail(error.message)
    }
    do {
      var scene = Scene(options: options, softwareRenderer: screen.isSoftware)
      var clock = FixedStepClock(hz: options.hz)
      clock.seek(to: options.time)
      var builder = FrameBuilder(cellSize: options.cell)
      var list = DrawList()
      let presenter = Presenter(screen: screen, requested: options.path)
      /// Draws the whole frame at `present` by the chosen path.
      func drawFrame(_ scene: inout Scene, present: Double) throws(SDLError) {
        scene.invalidate()
        let sheet = presenter.sheet(for: &scene)
        builder.build(scene: &scene, present: present, into: &list, sheet: sheet)
        try presenter.draw(list)
      }
      // --replay: the script's actions up to this step, each at its own step; its
      // screenshots are the frames at their steps. Loop keys (pause, R, W) do nothing here.
      var controls = Controls(seed: options.seed, rain: nil)
      var keyClock = FixedStepClock(hz: options.hz)
      script.advance(
        &scene, to: clock.step,
        command: { controls.apply($0, scene: &$1, clock: &keyClock) },
        save: { scene, path in
          try drawFrame(&scene, present: Double(scene.step))
          try screen.savePNG(to: path)
        })
      if let message = script.failure { return fail(message) }
      try drawFrame(&scene, present: clock.presentStep)
      try screen.savePNG(to: out)
      Console.err(
        "tickplay: wrote \(out) (\(options.windowWidth)x\(options.windowHeight), "
          + "\(screen.rendererName), \(presenter.path.rawValue) path, t=\(options.time)s)")
      return 0
    } catch {
      return fail(error.description)
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
