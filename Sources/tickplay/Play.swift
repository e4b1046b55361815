import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay play`: the interactive window, as a small app in sokol's shape — made once
/// (`init`), then a frame at a time (`frame`: events → steps → draw → present), then
/// cleaned up (`cleanup`). `run` is the whole life.
final class Play {
  /// The frame period the loop paces itself to when vsync does not block (Xvfb, llvmpipe).
  static let framePeriod = 1.0 / 60
  /// Seconds between refreshes of the HUD's rolling timing figures (fps, percentiles,
  /// phases): slower than a reader reads they would blur; everything else it shows is
  /// refreshed in the frame it changes.
  static let hudTimingPeriod = 0.25

  /// Why play could not start: a usage error (exit 2) or a runtime failure (exit 1).
  enum StartError: Error {
    case usage(String)
    case runtime(String)
  }

  /// Runs play to the end; the exit status.
  static func run(_ options: LaunchOptions) -> Int32 {
    // First: a signal while the window opens is a request to quit too.
    QuitSignal.install()
    let status: Int32
    let windowGone: Bool
    do {
      let app = try Play(options)
      while app.frame() {}
      status = app.cleanup()
      windowGone = app.screen.windowGone
    } catch {
      switch error {
      case .usage(let message):
        Console.err("tickplay: \(message)")
        return 2
      case .runtime(let message):
        return fail(message)
      }
    }
    // SDL's X11 driver puts Xlib's default error handler back before it closes the
    // display, and the error its destroying of a window already gone then raises would
    // exit 1 after the clean end: the process ends without closing SDL instead.
    if windowGone { return status }
    // Last, once the app and every texture it held are gone.
    SDLSystem.stop()
    return status
  }

  private let options: LaunchOptions
  private let script: ScriptDriver
  private let screen: Screen
  private let presenter: Presenter
  private var session: Session
  private var hud: HUD?
  private var hudModel = HUDModel()
  private var hudRefreshed = -Double.infinity
  /// What the HUD's text showed when last refreshed; nil: refresh it in this frame.
  private var hudShown: HUDModel.Shown?
  private var hudLines: [String] = []
  private var hudStrip: [CompactField] = []
  /// The help's pages as last laid out (`refreshHelp`).
  private var helpPages: [[String]] = []
  /// The toast answering the last key, faded by wall time (UI only: never the scene's).
  private var toast: Toast?
  /// F12 was pressed: the frame being drawn is saved before it is presented.
  private var saveRequested = false
  /// The inputs taken while a step back is worked out on the seek's thread.
  private var steppingBack = SteppingBack()
  /// Whether the frame being drawn paused play: once it is presented, a spare for the
  /// first step back is made ahead (`Session.prepareStepBack`). Not before: the frame
  /// that pauses repaints an overview of every view, and shares the memory bus with it
  /// badly (21 ms became 43 ms at 16 million views).
  private var sparesAfterFrame = false
  /// When the step back under way started (wall time), until it has said so in a toast.
  private var stepBackStarted: Double?
  /// How long a step back works before a toast says it is under way: one that lands within
  /// a few frames says only where it landed; at 16 million views the first takes a second.
  static let stepBackNoticeSeconds = 0.1
  private var title = ""
  /// `--events` lines, written on a thread of their own.
  private let events: AsyncWriter?
  private let trace: FrameTrace?
  /// Reports when a save of the scene or style file gives a new style, or is refused.
  private let watcher: StyleWatcher
  /// The file the running style was read from, for the HUD and the title (nil: built in).
  private var styleFile: String?
  /// Why the last save of the scene or style file was refused; shown until a save parses.
  private var reloadError: String?
  private var inputs: [InputEvent] = []
  private var frames = 0
  private var eventsWritten = 0
  /// Whether stderr has said that the scene waited for the `--events` writer.
  private var saidEventsBehind = false
  private var stats = FrameStats()
  private let began: Double
  private var last: Double
  /// The steps due and the moment to draw, frame by frame (shared with render and export).
  private var loop = StepLoop()
  /// The fractional step the last frame showed (`StepLoop.presentStep`), drawn again by
  /// the exit screenshot.
  private var present = 0.0
  /// Why the loop stopped early, if it failed.
  private var failure: String?

  // MARK: - Init

  init(_ options: LaunchOptions) throws(StartError) {
    self.options = options
    do {
      script = try ScriptDriver(options)
    } catch {
      throw .usage(error.message)
    }
    try Self.startSDL(options)
    if let why = Events.startGamepads() { Console.err("tickplay: no gamepads: \(why)") }
    let now = SDLSystem.now()
    began = now
    last = now
    do {
      trace = try options.trace.map { (p) throws(UsageError) in
        try FrameTrace(path: p, origin: now)
      }
    } catch {
      SDLSystem.stop()
      throw .usage(error.message)
    }
    do {
      screen = try Screen(
        title: "TickPlayground", width: options.windowWidth, height: options.windowHeight,
        vsync: true)
    } catch {
      trace?.close()
      SDLSystem.stop()
      throw .runtime(error.description)
    }
    session = Session(
      options: options, softwareRenderer: screen.isSoftware, script: script, history: true,
      events: options.events ? .listed : .counted)
    screen.watchForDestruction()
    presenter = Presenter(
      screen: screen, requested: options.path, zoomRestClock: .wall,
      pool: session.workers)
    presenter.check = FrameCheck.fromEnvironment()
    watcher = StyleWatcher(arguments: Array(CommandLine.arguments.dropFirst()), options: options)
    styleFile = options.styleFile
    // Made even with --hud off, so H and F1 show it later.
    do { hud = try HUD(screen: screen) } catch { Console.err("tickplay: no HUD: \(error)") }
    events = options.events ? AsyncWriter(fd: 1, ownsDescriptor: false) : nil
    inputs.reserveCapacity(64)
  }

  /// Starts SDL with a display: a runtime error (exit 1) saying how to get one when there
  /// is none. On success the caller stops SDL.
  private static func startSDL(_ options: LaunchOptions) throws(StartError) {
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    func noDisplay(_ why: String) -> StartError {
      .runtime(
        "no display available (\(why)).\n"
          + "  play needs a window: run it in a desktop session, or under xvfb-run.\n"
          + "  To draw a frame without a display: tickplay render --out frame.png")
    }
    do {
      try SDLSystem.start()
    } catch {
      throw noDisplay(error.message)
    }
    // With no display SDL falls back to a headless driver, and play would run on in a
    // window nobody sees. Only a driver named in SDL_VIDEODRIVER may be headless.
    if let driver = SDLSystem.videoDriver, driver == "offscreen" || driver == "dummy",
      (getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? "").isEmpty
    {
      SDLSystem.stop()
      throw noDisplay("SDL found only its headless \(driver) driver")
    }
  }

  // MARK: - Frame

  /// One frame: events, whole fixed steps, drawing, present, pacing. False to stop.
  func frame() -> Bool {
    let start = SDLSystem.now()
    let elapsed = start - last
    last = start
    if let signal = QuitSignal.requested {
      Console.err("tickplay: quitting on signal \(signal)")
      return false
    }
    landStepBacks(waiting: false)
    noticeStepBack(now: start)
    guard takeInputs(now: start) else { return false }
    let eventsEnd = SDLSystem.now()
    let stop = takeSteps(elapsed: elapsed)
    if stop == .quit { return false }
    let changed = writeEvents()
    let stepEnd = SDLSystem.now()
    // Asked of the X server just before drawing: Mesa's software rasteriser, drawing into
    // a window destroyed under it, wrote past its buffers.
    if screen.windowGoneNow {
      Console.err("tickplay: quitting: the window was closed by another program")
      return false
    }
    guard drawAndSave(screenshot: stop) else { return false }
    let drawEnd = SDLSystem.now()
    frames += 1
    screen.present()
    if sparesAfterFrame, session.controls.paused { session.prepareStepBack() }
    sparesAfterFrame = false
    let presentEnd = SDLSystem.now()
    let spent = presentEnd - start
    record(frame: spent, at: presentEnd)
    if let trace {
      traceFrame(
        trace,
        FrameMarks(
          start: start, eventsEnd: eventsEnd, stepEnd: stepEnd, drawEnd: drawEnd,
          presentEnd: presentEnd),
        changed: changed)
    }
    // `--frames N`: the N-th frame is presented and counted, then the loop stops.
    if let limit = options.frames, frames >= limit { return false }
    pace(spent: spent)
    return true
  }

  /// Counts a frame's work, `spent` seconds ending at `now`: the exit summary, the HUD's
  /// figures and graph, and the limit search (L) when one runs.
  private func record(frame spent: Double, at now: Double) {
    stats.add(spent)
    hudModel.record(frame: spent, at: now)
    if let text = session.controls.limitFrame(ms: spent * 1000, scene: session.scene) {
      showToast(text)
    }
  }

  /// The frame's events: SDL's, recorded, then handled; then what the style watcher
  /// reports. False when one quits.
  private func takeInputs(now: Double) -> Bool {
    inputs.removeAll(keepingCapacity: true)
    var notes: [String] = []
    Events.poll(into: &inputs, notes: &notes)
    for note in notes {
      Console.err("tickplay: \(note)")
      showToast(note)
    }
    for input in inputs where !handleAndRecord(input) { return false }
    reload(watcher.poll(now: now))
    return true
  }

  /// The frame's whole fixed steps, by the one stepping loop (`StepLoop`): the wall time
  /// that passed turned into steps, each after the script's actions due before it. A
  /// replayed screenshot stops them at its own step (the rest wait for the next frame);
  /// returned with a quit, or nil. Sets the moment the frame shows.
  private func takeSteps(elapsed: Double) -> ScriptDriver.Stop? {
    // The script's actions change the timeline: a step back under way lands first.
    if session.stepBackInFlight, script.hasDue(atStep: session.scene.step) {
      landStepBacks(waiting: true)
    }
    loop.advance(&session, by: eventsBehind() ? 0 : elapsed)
    let stop = loop.run(&session, deadline: StepDeadline(start: SDLSystem.now()))
    if stop != .quit { present = loop.presentStep(session) }
    return stop
  }

  /// Draws the frame — the views, the HUD — and, for a replayed `screenshot`, reads it back
  /// into its file; F12's save too. False when drawing or the screenshot failed.
  private func drawAndSave(screenshot stop: ScriptDriver.Stop?) -> Bool {
    do {
      try drawFrame()
    } catch {
      failure = error.description
      return false
    }
    if case .screenshot(let file, let line) = stop {
      do {
        try screen.saveImage(to: file, as: ImageFormat(path: file) ?? .png)
      } catch {
        script.screenshotFailed(line: line, file: file, error)
        return false
      }
    }
    if saveRequested { saveWindow() }
    return true
  }

  /// Pacing only: the next frame waits for nothing to have happened meanwhile; the clock
  /// turns however much time did pass into whole steps.
  private func pace(spent: Double) {
    if spent < Self.framePeriod { SDLSystem.sleep(seconds: Self.framePeriod - spent) }
  }

  /// F12: saves the frame just drawn — views, HUD and all, what the window shows — as
  /// `tickplay-YYYYmmdd-HHMMSS.png` (a counter added if taken) in the current folder, or
  /// in `TICKPLAY_SCREENSHOT_DIR`, and says where in a toast.
  private func saveWindow() {
    saveRequested = false
    let dir = EnvironmentVariable.screenshotDirectory.value ?? "."
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var buffer = [UInt8](repeating: 0, count: 32)
    let length = buffer.withUnsafeMutableBufferPointer { b in
      b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
        strftime($0, b.count, "%Y%m%d-%H%M%S", &parts)
      }
    }
    let stamp = String(decoding: buffer.prefix(length), as: UTF8.self)
    var path = "\(dir)/tickplay-\(stamp).png"
    var n = 1
    while access(path, F_OK) == 0 {
      n += 1
      path = "\(dir)/tickplay-\(stamp)-\(n).png"
    }
    do {
      try screen.savePNG(to: path)
      Console.err("tickplay: saved \(path)")
      showToast("saved \(path)")
    } catch {
      showToast("cannot save \(path): \(error)")
    }
  }

  /// Acts on what the style watcher reports: restyles the scene (running animations carry
  /// on without a jump), or keeps the last good style and shows why the save was refused.
  private func reload(_ result: StyleReload) {
    switch result {
    case .unchanged: return
    case .applied(let loaded):
      var style = loaded.style
      style.antialias = session.scene.style.antialias  // decided by the renderer at start
      if style != session.scene.style {
        landStepBacks(waiting: true)
        session.setStyle(style)
      }
      styleFile = loaded.file
      if reloadError != nil { Console.err("tickplay: style reloaded") }
      reloadError = nil
      // Every save seen gets a toast, even one that changes nothing on screen.
      if !loaded.saved.isEmpty { reloadToast(ReloadToast.applied(saved: loaded.saved)) }
    case .failed(let message, let saved):
      if message != reloadError {
        Console.err("tickplay: style not reloaded, keeping the last good one: \(message)")
      }
      reloadError = message
      reloadToast(ReloadToast.refused(saved: saved, error: message))
    }
    hudShown = nil  // the HUD and the title name the style: refreshed at once
  }

  /// Shows a reload's toast, and writes it to stderr: a record of every save seen.
  private func reloadToast(_ text: String) {
    Console.err("tickplay: \(text)")
    showToast(text)
  }

  /// Hands the value changes made since the last call to `--events`; their number.
  @discardableResult
  private func writeEvents() -> Int {
    guard let events else { return session.scene.discardEvents() }
    let changes = session.scene.drainEvents()
    if !changes.isEmpty {
      eventsWritten += changes.count
      events.submit { ValueChange.jsonLines(changes) }
    }
    return changes.count
  }

  /// The frames of value changes the `--events` writer may hold unwritten before the scene
  /// waits for it. A step over millions of views makes more lines than the writer's thread
  /// formats (15.7 million a second at 16M views), and the writer takes one of the cores
  /// the step runs on: without a bound the queue grew by a gigabyte, the steps slowed, and
  /// the clock caught up with 30 steps a frame (frames of a second). One: the frame being
  /// written, while the next is made.
  static let eventsBacklogFrames = 1

  /// Whether the `--events` writer is so far behind that this frame takes no step: the
  /// scene's time waits (said once on stderr), frames go on, and nothing is dropped.
  private func eventsBehind() -> Bool {
    guard let events, events.backlog > Self.eventsBacklogFrames else { return false }
    if !saidEventsBehind {
      saidEventsBehind = true
      Console.err("tickplay: --events: the writer is behind; the scene waits for it")
    }
    return true
  }

  /// Shows `text` as a toast from now on.
  private func showToast(_ text: String) { toast = Toast(text, shownAt: SDLSystem.now()) }

  /// Handles one input, then records it (`--record`); false when it quits. Behind the
  /// history's head, inputs are held back until the timeline goes on (`ScriptDriver.record`).
  private func handleAndRecord(_ input: InputEvent) -> Bool {
    if tookWhileSteppingBack(input) { return true }
    if session.stepBackInFlight { landStepBacks(waiting: true) }
    let going = handle(input)
    record(input, going: going)
    return going
  }

  /// Records an input handled (`--record`); `going`: it did not quit.
  private func record(_ input: InputEvent, going: Bool) {
    // A quit behind the head is recorded at the head: the recording ends where the
    // timeline reached.
    let head = session.history?.head ?? session.scene.step
    script.record(
      [input], step: going ? session.scene.step : max(head, session.scene.step),
      atHead: session.isAtHead || !going, kept: session.history?.oldestStep ?? 0)
  }

  /// `,` while paused: the step back is worked out on the seek's thread (at 16 million
  /// views, 150–500 ms), and the frames go on meanwhile; one pressed while a step back is
  /// under way makes the next. Inputs of the view are answered at once meanwhile
  /// (`answersWhileSteppingBack`); any other input first waits for the step back to land
  /// (`landStepBacks`). True when `input` was taken so (recorded when its step back
  /// lands).
  private func tookWhileSteppingBack(_ input: InputEvent) -> Bool {
    if let command = KeyCommand(input: input), command == .stepBack || command == .stepBackTenth,
      session.stepsBackInBackground
    {
      hudShown = nil
      let steps = session.stepsBack(command)
      if session.stepBackInFlight {
        steppingBack.ask(steps, by: input)
      } else {
        steppingBack.started(by: input)
        startStepBack(steps: steps)
      }
      return true
    }
    guard session.stepBackInFlight, Self.answersWhileSteppingBack(input, session.scene) else {
      return false
    }
    _ = handle(input)
    steppingBack.answered(input)
    return true
  }

  /// Whether `input` is answered while a step back is under way: it changes the view
  /// only, never a value or the loop, so neither the timeline nor the history the step
  /// back lands with. A pointer move with the left button up, a wheel notch
  /// (`Scene.mayChangeValues`), a key of the view (zoom, pan, focus, HUD, path, help:
  /// `KeyCommand.Traits.isView`), or a key bound to nothing (Shift pressed for Shift+`,`).
  static func answersWhileSteppingBack(_ input: InputEvent, _ scene: Scene) -> Bool {
    switch input {
    case .move, .wheel: return !scene.mayChangeValues(input)
    case .key: return KeyCommand(input: input).map(\.traits.isView) ?? true
    default: return false
    }
  }

  /// Takes the step backs worked out on the seek's thread (`waiting`: until none is under
  /// way): each landing records its inputs and says where the present is, and the steps
  /// asked for meanwhile start the next.
  private func landStepBacks(waiting: Bool) {
    while session.landStepBack(waiting: waiting) {
      let done = steppingBack.landed()
      landed(done)
      guard done.nextSteps > 0 else { return }
      startStepBack(steps: done.nextSteps)
    }
  }

  /// Starts a step back on the seek's thread; one done at once (nothing in flight) lands
  /// here.
  private func startStepBack(steps: Int) {
    session.startStepBack(steps: steps)
    stepBackStarted = SDLSystem.now()
    if !session.stepBackInFlight { landed(steppingBack.landed()) }
  }

  /// Says in a toast that a step back is under way, once it has taken longer than
  /// `stepBackNoticeSeconds`.
  private func noticeStepBack(now: Double) {
    guard let started = stepBackStarted, session.stepBackInFlight else { return }
    guard now - started > Self.stepBackNoticeSeconds else { return }
    showToast("stepping back\u{2026}")
    stepBackStarted = nil
  }

  /// A step back landed: its inputs are recorded, and its toast shown.
  private func landed(_ done: SteppingBack.Landed) {
    hudShown = nil
    stepBackStarted = nil
    for input in done.inputs { record(input, going: true) }
    if let text = session.historyToast { showToast(text) }
  }

  /// Handles one input; false when it quits. A key or a gamepad button goes by the key
  /// and pad tables (`KeyCommand(input:)`) to the controls, or is the loop's own (quit,
  /// F12); everything else, the D-pad too, to the scene.
  private func handle(_ input: InputEvent) -> Bool {
    if input == .quit { return false }
    hudShown = nil  // what the HUD shows may change: its text is refreshed this frame
    if !ScriptDriver.isCommandOnly(input) { session.handle(input) }
    guard let command = KeyCommand(input: input) else { return true }
    if command == .quit { return false }
    if command == .screenshot { saveRequested = true }
    session.apply(command)
    if command == .togglePause {
      sparesAfterFrame = session.controls.paused
      if !session.controls.paused { session.dropStepBackSpare() }
    }
    let text =
      session.stepToast(for: command)
      ?? command.feedback(
        scene: session.scene, controls: session.controls, timeScale: session.clock.timeScale,
        automatic: presenter.automatic)
    if let text { showToast(text) }
    return true
  }

  /// Draws the frame the window shows: the views, then the HUD and help.
  private func drawFrame() throws(SDLError) {
    let drawStart = SDLSystem.now()
    presenter.timeStopped = session.controls.paused
    try session.draw(with: presenter, on: screen, present: present)
    let drawn = SDLSystem.now()
    let controls = session.controls
    // The rolling timing figures change a few times a second, the rest of the text (HUD,
    // help, title) in the frame it changes; the graph every frame.
    let timings = drawn - hudRefreshed > Self.hudTimingPeriod
    let shown = HUDModel.Shown(
      scene: session.scene, timeScale: session.clock.timeScale, paused: controls.paused,
      path: presenter.path, requested: controls.path, note: presenter.note)
    if timings || shown != hudShown {
      if timings { hudRefreshed = drawn }
      hudShown = shown
      refreshText(drawStart: drawStart, drawn: drawn, timings: timings)
    }
    if let hud {
      let scene = session.scene
      if controls.hud != .off { hud.draw(hudModel, lines: hudLines, strip: hudStrip, in: scene) }
      if let page = controls.helpPage, let last = helpPages.indices.last {
        hud.drawCentered(helpPages[min(page, last)], in: scene)
      }
      if let t = toast {
        if t.isGone(at: drawn) {
          toast = nil
        } else {
          hud.drawToast(t.text, alpha: t.alpha(at: drawn), in: scene)
        }
      }
      if let reloadError {
        hud.drawNotice(
          ReloadErrorText.lines(
            reloadError, columns: hud.overlayColumns(in: scene), rows: hud.overlayRows(in: scene)),
          in: scene)
      }
    }
  }

  /// Refreshes the HUD's text, the help and the title from the frame drawn between
  /// `drawStart` and `drawn`; the rolling timing figures only when `timings`.
  private func refreshText(drawStart: Double, drawn: Double, timings: Bool) {
    let controls = session.controls
    var report = HUDModel.FrameReport()
    report.timings = presenter.timings
    // Submit as the loop sees it: to the end of drawing, taking the scene's changes
    // included, which the presenter's own phases leave out.
    let t = report.timings
    report.timings.submit = drawn - drawStart - t.sheet - t.check - t.build - t.compose
    report.triangles = presenter.list.triangleCount
    report.vertices = presenter.list.vertexCount
    report.path =
      presenter.path.rawValue + (controls.path == .auto ? " (auto)" : "")
      + (presenter.note.map { " — \($0)" } ?? "")
    // The compose path's frames may skip the renderer: put from shared memory instead.
    report.renderer = screen.rendererName + (screen.route == .shared ? ", put via X SHM" : "")
    hudModel.refresh(
      at: drawn, scene: session.scene, frame: report, timeScale: session.clock.timeScale,
      paused: controls.paused, styleFile: styleFile, timings: timings,
      load: controls.load.target)
    if controls.hud != .off {
      hudLines = hudModel.lines
      hudStrip = hudModel.compactFields
    }
    let wanted = controls.title(
      scene: session.scene, styleFile: styleFile, path: presenter.path,
      slow: session.clock.timeScale < 1)
    if wanted != title {
      title = wanted
      screen.setTitle(title)
    }
    if controls.helpVisible || helpPages.isEmpty { refreshHelp(path: report.path) }
  }

  /// Lays the help out for the views' area as it is now: wrapped to its box's width and cut
  /// into pages of its height, which F1 turns (`Controls.helpPageCount`). Done with the
  /// rest of the text, not every frame the help shows.
  private func refreshHelp(path: String) {
    let scene = session.scene
    let lines = session.controls.helpLines(
      scene: scene, path: path, seed: options.seed, timeScale: session.clock.timeScale,
      width: hud.map { min(KeyTable.helpWidth, $0.overlayColumns(in: scene)) }
        ?? KeyTable.helpWidth)
    helpPages = hud.map { HelpPages.pages(lines, rows: $0.overlayRows(in: scene)) } ?? [lines]
    session.controls.helpPageCount = helpPages.count
  }

  /// When a frame's phases ended, in seconds on `SDLSystem.now()`'s clock.
  struct FrameMarks {
    var start: Double
    var eventsEnd: Double
    var stepEnd: Double
    var drawEnd: Double
    var presentEnd: Double
  }

  /// The frame's phases, for `--trace`: the loop's own, and the presenter's inside draw;
  /// `changed` views reported a value change.
  private func traceFrame(_ trace: FrameTrace, _ m: FrameMarks, changed: Int) {
    let t = presenter.timings
    trace.add(
      "frame", from: m.start, to: m.presentEnd,
      [
        ("frame", frames), ("views_changed", changed), ("cells_drawn", t.cells),
        ("bytes_uploaded", t.bytesUploaded), ("full", t.full ? 1 : 0),
      ])
    trace.add("events", from: m.start, to: m.eventsEnd, [("inputs", inputs.count)])
    trace.add(
      "step", from: m.eventsEnd, to: m.stepEnd, [("animating", session.scene.animatingCount)])
    var at = t.start
    for (name, seconds) in [
      ("sheet", t.sheet), ("check", t.check), ("build", t.build), ("compose", t.compose),
      ("submit", t.submit),
    ] where seconds > 0 || name != "check" {
      trace.add(name, from: at, to: at + seconds)
      at += seconds
    }
    trace.add("hud", from: at, to: m.drawEnd)
    trace.add("present", from: m.drawEnd, to: m.presentEnd)
    trace.frameDone()
  }

  // MARK: - Cleanup

  /// Flushes the outputs, takes the exit screenshot, prints the summary; the exit status.
  func cleanup() -> Int32 {
    // The frame that quit may have changed values first (input, or a replay's steps
    // before its quit) without reaching the frame's own write.
    writeEvents()
    events?.close()
    trace?.close()
    if let failure { return fail(failure) }
    if let message = script.failure { return fail(message) }
    Console.err(
      "tickplay: \(frames) frames in \(String(format2: SDLSystem.now() - began)) s; "
        + stats.summary + " (\(session.scene.count) views, \(screen.rendererName)"
        + (options.events ? ", \(eventsWritten) value changes" : "")
        + (presenter.check.map { ", \($0.compared) frames checked" } ?? "") + ")")
    if let path = options.screenshot {
      // What the window shows: the last frame drawn again, by the same path, and read back.
      do {
        if screen.windowGone { try screen.drawWithoutWindow() }
        try drawFrame()
        try screen.saveImage(to: path, as: ImageFormat(path: path) ?? .png)
      } catch {
        return fail("\(error)")
      }
    }
    return 0
  }
}
