import TickAnimation
import TickApp
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay export`: a looping animated GIF of a style going off → on → off, for sharing.
///
/// The frames come from `render`'s path: a hidden screen, the same `Session` and
/// `Presenter`, stepped one fixed step at a time. The toggles are a replay script of its
/// own (`script`), so frame k is exactly `render --replay` of that script at
/// `--time k·frameDelay` with the window, grid and deselect mode `options(for:)` gives.
enum Export {
  /// Seconds between frames: 2 hundredths, the shortest delay browsers honour.
  static let frameDelay = 0.02
  /// Seconds shown settled before each toggle and after the last.
  static let hold = 0.3

  /// The options the frames are rendered with: one column (a row per style with
  /// `--style-rows`), a window that fits it with a `gap` margin, nothing selected, no HUD,
  /// and the style's off animation (`--deselect instant` becomes `animate`).
  static func options(for given: LaunchOptions) -> LaunchOptions {
    var o = given
    let rows = max(o.rowStyles.count, 1)
    (o.columns, o.rows) = (1, rows)
    let pitch = o.cell + o.gap
    o.windowWidth = pitch + o.gap
    o.windowHeight = rows * pitch + o.gap
    o.selection = .none
    o.animate = false
    o.hud = false
    if o.style.deselect == .instant { o.style.deselect = .animate }
    return o
  }

  /// When the views turn on and off, and the animation's length, in seconds.
  static func timeline(_ o: LaunchOptions) -> (on: Double, off: Double, total: Double) {
    let on = hold
    let off = on + o.style.duration + 2 * hold
    return (on, off, off + o.style.duration + hold)
  }

  /// The toggles: key A (toggle every view) at `on` and at `off`.
  static func script(_ o: LaunchOptions) -> String {
    let t = timeline(o)
    return "\(t.on) key a\n\(t.off) key a\n"
  }

  static func run(_ given: LaunchOptions) -> Int32 {
    guard let out = given.out else { return 2 }
    let options = options(for: given)
    let replay: ReplayScript
    do {
      replay = try ReplayScript.parse(script(options))
    } catch {
      return fail("export's own script: \(error.message)")
    }
    return Render.headless(options, for: "export") { screen in
      let script = ScriptDriver(script: replay, hz: options.hz)
      var session = Session(
        options: options, softwareRenderer: screen.isSoftware, hud: .off, script: script)
      let presenter = Presenter(screen: screen, requested: options.path)
      presenter.sheetBudget = .infinity
      let count = Int((timeline(options).total / frameDelay).rounded(.up))
      var frames: [[UInt32]] = []
      frames.reserveCapacity(count)
      var target = FixedStepClock(hz: options.hz)
      let started = ContinuousClock.now
      var reported = started
      do {
        for k in 0..<count {
          target.seek(to: Double(k) * frameDelay)
          while true {
            _ = session.applyDue()
            guard session.scene.step < target.step else { break }
            session.step()
          }
          try session.draw(with: presenter, on: screen, present: target.presentStep)
          frames.append(try screen.readPixels())
          screen.present()
          if ContinuousClock.now - reported > .seconds(1) {
            reported = ContinuousClock.now
            Console.err("tickplay: export: frame \(k + 1) of \(count)")
          }
        }
        Console.err("tickplay: export: encoding \(count) frames")
        try GIFWriter.write(
          frames: frames, width: options.windowWidth, height: options.windowHeight,
          delay: Int((frameDelay * 100).rounded()), to: out)
      } catch let error as SDLError {
        return fail(error.description)
      } catch let error as GIFWriter.Failure {
        return fail(error.description)
      } catch {
        return fail("\(error)")
      }
      Console.err(
        "tickplay: wrote \(out) (\(options.windowWidth)x\(options.windowHeight), \(count) frames "
          + "of \(Int(frameDelay * 1000)) ms, \(options.style.styleName), \(presenter.path.rawValue) "
          + "path; toggles at \(String(format2: timeline(options).on)) s and "
          + "\(String(format2: timeline(options).off)) s)")
      return 0
    }
  }
}
