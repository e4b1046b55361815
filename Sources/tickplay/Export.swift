import TickCommandLine
import TickEncode
import TickFiles
import TickGeometry
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay export`: a looping animated image of a style going off → on → off, for sharing:
/// GIF, lossless WebP or APNG, by `--out`'s extension.
///
/// The frames come from `render`'s path: a hidden screen, the same `Session` and
/// `Presenter`, stepped one fixed step at a time by the same `StepLoop`. The toggles are a replay script of its
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

  /// The largest side of the image: `--window`'s own limit, which a headless window and
  /// its textures are known to hold.
  static let maxSide = 16_384

  /// Refuses up front what export cannot make: an image over `maxSide` a side (the views,
  /// their gap and the rows of `--style-rows`), and a radio group off its grid.
  static func check(_ o: LaunchOptions, given: LaunchOptions) throws(UsageError) {
    guard o.windowWidth <= maxSide, o.windowHeight <= maxSide else {
      throw UsageError(
        "export: the image would be \(o.windowWidth)x\(o.windowHeight) (--cell \(given.cell) "
          + "and --gap \(given.gap), \(o.rows ?? 1) row(s) of --style-rows); it can be at "
          + "most \(maxSide) pixels a side")
    }
    try given.checkGroups(columns: o.columns ?? 1, rows: o.rows ?? 1)
  }

  /// The colours every frame keeps exactly: the style's own, and each of those with alpha
  /// as it lands on the background.
  static func exactColors(_ style: TickStyle) -> [UInt32] {
    let bg = style.background
    func rgb(_ c: Color) -> UInt32 {
      let r = UInt32(c.r) << 16
      let g = UInt32(c.g) << 8
      return r | g | UInt32(c.b)
    }
    func mix(_ a: UInt8, _ b: UInt8, alpha: UInt8) -> UInt8 {
      let sum = Int(a) * Int(alpha) + Int(b) * (255 - Int(alpha))
      return UInt8((sum + 127) / 255)
    }
    func over(_ c: Color) -> Color {
      Color(
        r: mix(c.r, bg.r, alpha: c.a), g: mix(c.g, bg.g, alpha: c.a), b: mix(c.b, bg.b, alpha: c.a))
    }
    let own = [bg, style.fillColor, style.tickColor, style.ringColor]
    return own.map(rgb) + own.filter { $0.a < 255 }.map { rgb(over($0)) }
  }

  static func run(_ given: LaunchOptions) -> Int32 {
    guard let out = given.out else { return 2 }
    let options = options(for: given)
    do {
      try check(options, given: given)
    } catch {
      Console.err("tickplay: \(error.message)")
      return 2
    }
    let replay: ReplayScript
    do {
      replay = try ReplayScript.parse(script(options))
    } catch {
      return fail("export's own script: \(error.message)")
    }
    return Render.headless(options, for: "export") { screen in
      let script = ScriptDriver(script: replay, hz: options.hz)
      var session = Session(
        options: options, softwareRenderer: screen.isSoftware, script: script, events: .counted)
      let presenter = Presenter(
        screen: screen, requested: options.path,
        pool: session.workers)
      presenter.sheetsInBackground = false
      let count = Int((timeline(options).total / frameDelay).rounded(.up))
      do throws(Failure) {
        try write(count, to: out, options, &session, presenter: presenter, screen: screen)
      } catch {
        return fail(error.description)
      }
      Console.err(
        "tickplay: wrote \(out) (\(options.windowWidth)x\(options.windowHeight), \(count) frames "
          + "of \(Int(frameDelay * 1000)) ms, \(options.style.styleName), \(presenter.path.rawValue) "
          + "path; toggles at \(String(format2: timeline(options).on)) s and "
          + "\(String(format2: timeline(options).off)) s)")
      return 0
    }
  }

  /// Why an export failed, in words naming `--out`'s file.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Draws `count` frames into `out`, written whole: to a part file beside it, renamed
  /// over it once finished. A failure, or a signal (`QuitSignal`), removes the part and
  /// leaves `out` as it was.
  static func write(
    _ count: Int, to out: String, _ options: LaunchOptions, _ session: inout Session,
    presenter: Presenter, screen: Screen
  ) throws(Failure) {
    let whole: WholeFile
    do {
      whole = try WholeFile(out)
    } catch {
      throw Failure(description: error.description)
    }
    whole.closeDescriptor()
    do {
      let file = try AnimationFile(
        ExportFormat(path: out) ?? .gif, path: whole.partPath, width: options.windowWidth,
        height: options.windowHeight, frameCount: count,
        delayMilliseconds: Int((frameDelay * 1000).rounded()),
        exactColors: exactColors(options.style))
      try frames(count, of: &session, presenter: presenter, screen: screen) { frame in
        try file.add(frame)
      }
      try file.finish()
      try whole.commit()
    } catch let error as SDLError {
      throw Failure(description: error.description)
    } catch let error as ImageWriteFailure {
      // The writers name the file they write, the part: the user knows it as `out`.
      throw Failure(description: error.description.replacing(whole.partPath, with: out))
    } catch {
      throw Failure(description: "\(error)")
    }
  }

  /// Draws frames 0 to `count` − 1, frame k at scene time k · `frameDelay`, and hands each
  /// to `write` as it is read back: none is kept, so memory does not grow with the count.
  static func frames(
    _ count: Int, of session: inout Session, presenter: Presenter, screen: Screen,
    write: ([UInt32]) throws -> Void
  ) throws {
    var loop = StepLoop()
    var progress = ProgressLine(label: "export")
    for k in 0..<count {
      loop.seek(session, to: Double(k) * frameDelay)
      try Render.advance(
        &session, loop: &loop, presenter: presenter, screen: screen, showsProgress: false)
      try session.draw(with: presenter, on: screen, present: loop.presentStep(session))
      try write(try screen.readPixels())
      screen.present()
      progress.report { "frame \(k + 1) of \(count)" }
    }
  }
}
