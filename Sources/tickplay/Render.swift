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
    do {
      let screen = try Screen(
        title: "TickPlayground", width: options.windowWidth, height: options.windowHeight,
        hidden: true)
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
}
