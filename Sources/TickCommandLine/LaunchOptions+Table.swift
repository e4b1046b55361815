import TickAnimation
import TickFiles
import TickFrame
import TickScene

extension LaunchOptions {
  /// Every option, in the order help lists them. The one place an option is declared; a
  /// default help shows is read from `defaults`, the struct's own initial values.
  public static let table: [LaunchOption] = [
    LaunchOption(
      "window", .value("WxH"), default: .size(defaults.windowWidth, defaults.windowHeight),
      "window size", for: laidOut + [.bench(.submit)]
    ) {
      (o, a) throws(UsageError) in
      (o.windowWidth, o.windowHeight) = try a.size(max: 16384)
    },
    LaunchOption(
      "cell", .value("PX"), default: .number(defaults.cell), "view size in pixels",
      for: styled + [.bench(.tessellate)]
    ) {
      (o, a) throws(UsageError) in
      o.cell = try a.integer(in: 1...4096, unit: "pixels")
    },
    LaunchOption(
      "gap", .value("PX"), default: .number(defaults.gap), "gap between views", for: styled
    ) {
      (o, a) throws(UsageError) in
      o.gap = try a.integer(in: 0...4096, unit: "pixels")
    },
    LaunchOption(
      "grid", .value("COLSxROWS"), default: .note("as many as fit, centred"), "grid size",
      for: laidOut
    ) { (o, a) throws(UsageError) in
      let (c, r) = try a.size(max: LaunchOptions.maxViews)
      guard c <= LaunchOptions.maxViews / r else {
        throw UsageError(
          "invalid value for \(a.option): at most \(LaunchOptions.maxViews) views in all, "
            + "got \(c * r)")
      }
      (o.columns, o.rows) = (c, r)
    },
    LaunchOption(
      "fit", .flag,
      "show the whole grid: the largest view size that fits, down to a fraction of a pixel "
        + "(Home returns to it; F fits in play; bench overview: the fitted case alone)",
      for: [.play, .render, .bench(.frame), .bench(.overview)]
    ) { (o, _) throws(UsageError) in o.fit = true },
    LaunchOption(
      "select", .value("MODE"), default: .selection(defaults.selection),
      "which views start selected: none | all | checker | random:P (each with probability P)",
      for: selecting
    ) { (o, a) throws(UsageError) in
      guard let s = Selection(argument: a.text) else {
        throw a.invalid("none, all, checker or random:P with P in [0, 1]")
      }
      o.selection = s
    },
    LaunchOption("animate", .flag, "the initial selection animates from time 0", for: selecting) {
      (o, _) throws(UsageError) in
      o.animate = true
    },
    LaunchOption(
      "animation", .choice(AnimationStyle.names, placeholder: "STYLE"),
      default: .name(defaults.style.animation),
      "the animation style", for: styled
    ) { (o, a) throws(UsageError) in o.style.animation = try a.choice() },
    LaunchOption(
      "deselect", .choice(DeselectMode.names, placeholder: "MODE"),
      default: .name(defaults.style.deselect),
      "what deselecting does", for: styled
    ) { (o, a) throws(UsageError) in o.style.deselect = try a.choice() },
    LaunchOption(
      "duration", .value("S"), default: .seconds(defaults.style.duration),
      "transition length in seconds", for: styled
    ) { (o, a) throws(UsageError) in o.style.duration = try a.seconds(max: 3_600) },
    LaunchOption(
      "timing", .value("CURVE"), default: .value(defaults.style.timing.argument),
      "the timing curve: linear | ease-in | ease-out | ease-in-out | default | "
        + "cubic-bezier(x1,y1,x2,y2) | spring(k,c[,v])", for: styled
    ) { (o, a) throws(UsageError) in
      guard let t = TimingCurve(argument: a.text) else { throw a.invalid(timingCurves) }
      o.style.timing = t
    },
    LaunchOption(
      "shape", .choice(BoxShape.names, placeholder: "SHAPE"), default: .name(defaults.style.shape),
      "the box's shape", for: styled
    ) { (o, a) throws(UsageError) in o.style.shape = try a.choice() },
    LaunchOption(
      "style", .value("NAME|FILE.json"),
      "a built-in style by name, or a style file (see assets/styles/); play reloads it when "
        + "saved", for: styled, takesFile: true
    ) { (o, a) throws(UsageError) in
      if let builtIn = AnimationStyle(rawValue: a.text) {
        o.style.animation = builtIn
        o.style.custom = nil
        o.stylePath = nil
      } else {
        o.stylePath = try a.path()
      }
    },
    LaunchOption(
      "style-rows", .value("LIST"),
      "all, or styles separated by commas: row r animates with the r-th (cycling); a styles "
        + "gallery",
      for: [.play, .render, .export, .bench(.frame), .bench(.soak), .bench(.interact)]
    ) { (o, a) throws(UsageError) in
      if a.text == "all" {
        o.rowStyles = AnimationStyle.allCases
        return
      }
      var list: [AnimationStyle] = []
      for part in a.text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let s = AnimationStyle(rawValue: String(part)) else {
          throw a.invalid("all, or a comma-separated list of \(styleNames)")
        }
        list.append(s)
      }
      o.rowStyles = list
    },
    LaunchOption(
      "stagger", .value("S"), default: .seconds(defaults.stagger),
      "with --animate, each column starts S seconds before the last", for: selecting
    ) { (o, a) throws(UsageError) in o.stagger = try a.seconds(max: 3_600) },
    LaunchOption(
      "views", .value("N"), default: .note("the window's worth"),
      "views in the scene (bench tessellate: the one count to time; bench overview and "
        + "bench step: a million by default; bench submit: 16000 8-px views by default)",
      for: [
        .bench(.tessellate), .bench(.frame), .bench(.overview), .bench(.history), .bench(.step),
        .bench(.submit),
      ]
    ) { (o, a) throws(UsageError) in
      o.views = try a.integer(in: 1...LaunchOptions.maxViews, unit: "views")
    },
    LaunchOption(
      "animating", .value("N"), default: .note("every visible view"),
      "views kept animating at random phases (bench step: all of them by default)",
      for: [.bench(.frame), .bench(.overview), .bench(.history), .bench(.step)]
    ) { (o, a) throws(UsageError) in
      o.animating = try a.integer(in: 0...LaunchOptions.maxViews, unit: "views")
    },
    LaunchOption(
      "path", .choice(RenderPath.names, placeholder: "PATH"), default: .name(defaults.path),
      "the render path (auto: compose on llvmpipe and software, atlas on a GPU; M cycles it "
        + "in play)", for: drawn
    ) { (o, a) throws(UsageError) in o.path = try a.choice() },
    LaunchOption(
      "hud", .choice(Switch.names, placeholder: nil), default: .note("on in play"),
      "the HUD (H toggles it; render draws none, but keeps its dock free of views)",
      for: [.play, .render]
    ) { (o, a) throws(UsageError) in o.hud = try a.choice(Switch.self) == .on },
    LaunchOption(
      "rain", .value("RATE"), "random toggles per second from the start (R toggles rain)",
      for: selecting
    ) { (o, a) throws(UsageError) in
      guard let r = Double(a.text), r.isFinite, r > 0, r <= 1_000_000 else {
        throw a.invalid("toggles per second, above 0 and at most 1000000")
      }
      o.rain = r
    },
    LaunchOption(
      "load", .value("N"), default: .note("off"),
      "keep N animations running: a finished view starts again at once (- and = halve and "
        + "double it in play; more than the views holds them all)",
      for: [.play, .render]
    ) { (o, a) throws(UsageError) in
      o.load = try a.integer(in: 0...LaunchOptions.maxViews, unit: "animations")
    },
    LaunchOption(
      "threads", .value("N"), default: .note("every core the process may use"),
      "threads that step the views and draw the overview (SDL calls stay on the main one)",
      for: [
        .play, .render, .export, .bench(.frame), .bench(.interact), .bench(.overview),
        .bench(.history), .bench(.step), .bench(.limit),
      ]
    ) { (o, a) throws(UsageError) in
      o.threads = try a.integer(in: 1...LaunchOptions.maxThreads, unit: "threads")
    },
    LaunchOption(
      "budget", .value("MS"), default: .value("\(defaults.budget)"),
      "the frame time whose p95 a load must stay within (the scene: --grid, or as many "
        + "views as fit in half the memory available, up to 16777216)", for: [.bench(.limit)]
    ) { (o, a) throws(UsageError) in
      guard let ms = Double(a.text), ms.isFinite, ms > 0, ms <= LaunchOptions.maxBudget else {
        throw a.invalid("milliseconds, above 0 and at most \(Int(LaunchOptions.maxBudget))")
      }
      o.budget = ms
    },
    LaunchOption(
      "group", .value("COL,ROW,COLSxROWS[,keep]"),
      "cells from column COL, row ROW, COLS wide and ROWS high form a radio group (keep: one "
        + "always stays selected); repeatable",
      for: [.play, .render, .export, .bench(.soak), .bench(.interact)], repeatable: true
    ) { (o, a) throws(UsageError) in
      guard let g = RadioGroup(argument: a.text) else {
        throw a.invalid("COL,ROW,COLSxROWS[,keep], for example 0,0,3x1,keep")
      }
      o.groups.append(g)
    },
    LaunchOption(
      "fill-color", .value("#rrggbb[aa]"), default: .color(defaults.style.fillColor),
      "selected disc colour",
      for: styled
    ) { (o, a) throws(UsageError) in o.style.fillColor = try a.color() },
    LaunchOption(
      "tick-color", .value("#rrggbb[aa]"), default: .color(defaults.style.tickColor), "tick colour",
      for: styled
    ) { (o, a) throws(UsageError) in o.style.tickColor = try a.color() },
    LaunchOption(
      "ring-color", .value("#rrggbb[aa]"), default: .color(defaults.style.ringColor),
      "unselected ring colour",
      for: styled
    ) { (o, a) throws(UsageError) in o.style.ringColor = try a.color() },
    LaunchOption(
      "background", .value("#rrggbb[aa]"), default: .color(defaults.style.background),
      "window colour", for: styled
    ) { (o, a) throws(UsageError) in o.style.background = try a.color() },
    LaunchOption(
      "renderer", .choice(Renderer.names, placeholder: "NAME"), default: .name(defaults.renderer),
      "the SDL renderer (bench submit: auto times opengl, then opengles2)",
      for: drawn + [.bench(.sheets), .bench(.submit)]
    ) { (o, a) throws(UsageError) in o.renderer = try a.choice() },
    LaunchOption(
      "aa", .choice(Switch.names, placeholder: nil), default: .note("on; off on software"),
      "anti-aliased edges", for: styled + [.bench(.tessellate)]
    ) { (o, a) throws(UsageError) in o.antialias = try a.choice(Switch.self) == .on },
    LaunchOption(
      "hz", .value("N"), default: .number(defaults.hz), "fixed simulation steps per second",
      for: styled + [.bench(.sheets)]
    ) { (o, a) throws(UsageError) in o.hz = try a.integer(in: 1...10_000, unit: "steps per second")
    },
    LaunchOption(
      "seed", .value("N"), default: .number(defaults.seed),
      "seed for random:P and other random choices",
      for: [
        .play, .render, .bench(.frame), .bench(.soak), .bench(.interact), .bench(.compose),
        .bench(.overview), .bench(.history), .bench(.step), .bench(.limit), .bench(.submit),
      ]
    ) { (o, a) throws(UsageError) in
      guard let s = UInt64(a.text) else { throw a.invalid("a whole number ≥ 0") }
      o.seed = s
    },
    LaunchOption(
      "frames", .value("N"),
      "quit after N frames (bench soak: frames built over the run; bench submit: timed "
        + "rounds of every layout)", for: [.play, .bench(.soak), .bench(.submit)]
    ) { (o, a) throws(UsageError) in o.frames = try a.integer(in: 0...100_000_000, unit: "frames")
    },
    LaunchOption(
      "screenshot", .value("FILE.png"),
      "save what the window shows on exit: PNG, or JPEG for FILE.jpg", for: [.play],
      takesFile: true
    ) { (o, a) throws(UsageError) in o.screenshot = try a.path() },
    LaunchOption(
      "events", .flag, "print value changes to stdout as JSON lines", for: [.play]
    ) { (o, _) throws(UsageError) in o.events = true },
    LaunchOption(
      "trace", .value("FILE.json"),
      "write each frame's phases to FILE.json in Chrome's Trace Event Format", for: [.play],
      takesFile: true
    ) { (o, a) throws(UsageError) in o.trace = try a.path() },
    sceneOption,
    LaunchOption(
      "replay", .value("FILE"), "apply a replay script's events at their scene times",
      for: [.play, .render], takesFile: true
    ) { (o, a) throws(UsageError) in o.replay = try a.path() },
    LaunchOption(
      "record", .value("FILE"), "write every input to FILE as a replay script",
      for: [.play], takesFile: true
    ) { (o, a) throws(UsageError) in o.record = try a.path() },
    LaunchOption(
      "out", .value("FILE"),
      "where to write the image, by extension (render: PNG or JPEG; export: GIF, lossless "
        + "WebP or APNG)",
      for: [.render, .export], takesFile: true
    ) {
      (o, a) throws(UsageError) in o.out = try a.path()
    },
    LaunchOption(
      "time", .value("S"), default: .seconds(defaults.time),
      "scene time of the frame, in seconds (bench soak: the length of the run)",
      for: [.render, .bench(.soak)]
    ) { (o, a) throws(UsageError) in o.time = try a.seconds(max: 86_400) },
    helpOption,
    versionOption,
  ]

  /// `--scene FILE.json`: read before every other option, so it has a name of its own.
  static let sceneOption = LaunchOption(
    "scene", .value("FILE.json"),
    "options from a JSON object such as {\"cell\": 40}; flags win", for: Use.allCases,
    takesFile: true, inSceneFile: false
  ) { (o, a) throws(UsageError) in o.scene = try a.path() }

  /// `--help`: needs no scene file, so `scenePath` looks for it.
  static let helpOption = LaunchOption(
    "help", .flag, "this help; after a subcommand, the options that apply to it",
    for: Use.allCases, inSceneFile: false, aliases: ["-h"]
  ) { (o, _) throws(UsageError) in o.showHelp = true }

  /// `--version`.
  static let versionOption = LaunchOption(
    "version", .flag, "the version", for: Use.allCases, inSceneFile: false
  ) {
    (o, _) throws(UsageError) in o.showVersion = true
  }

  // MARK: - What takes what

  /// The uses whose scene has a style: every option of the style's look and motion.
  private static let styled: [Use] = [
    .play, .render, .export, .bench(nil), .bench(.frame), .bench(.soak), .bench(.interact),
    .bench(.limit),
  ]
  /// The uses that lay their grid out in the window the options give (export makes its own).
  private static let laidOut: [Use] = [
    .play, .render, .bench(nil), .bench(.frame), .bench(.soak), .bench(.interact), .bench(.limit),
  ]
  /// The uses that take the scene's selection and rain as given (bench frame and export
  /// choose their own toggles).
  private static let selecting: [Use] = [.play, .render, .bench(.soak), .bench(.interact)]
  /// The uses that draw through SDL's renderer and a render path.
  private static let drawn: [Use] = [
    .play, .render, .export, .bench(.frame), .bench(.interact), .bench(.limit),
  ]

  /// The option named by `argument` (`--name` or an alias), if any.
  static func option(named argument: String) -> LaunchOption? {
    table.first { $0.isNamed(argument) }
  }

  /// What `--timing` accepts.
  private static let timingCurves =
    "linear, ease-in, ease-out, ease-in-out, default, cubic-bezier(x1,y1,x2,y2) "
    + "with x1 and x2 in [0, 1], or spring(stiffness,damping[,velocity])"

  /// The animation styles, for `--style-rows`.
  private static let styleNames = AnimationStyle.names.joined(separator: ", ")
}
