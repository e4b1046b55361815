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
      scene.advance(steps: Int(clock.step))
      var builder = FrameBuilder(cellSize: options.cell)
      var list = DrawList()
      builder.build(scene: &scene, present: clock.presentStep, into: &list)
      try screen.draw(list)
      try screen.savePNG(to: out)
      Console.err(
        "tickplay: wrote \(out) (\(options.windowWidth)x\(options.windowHeight), "
          + "\(screen.rendererName), t=\(options.time)s)")
      return 0
    } catch {
      return fail(error.description)
    }
  }
}
