import TickAnimation
import TickGeometry
import TickScene

extension LaunchOptions {
  /// Parses the arguments after the program name: an optional subcommand, then options as
  /// `--name value` or `--name=value`.
  public static func parse(_ args: [String]) throws(UsageError) -> LaunchOptions {
    var o = LaunchOptions()
    var rest = args[...]
    if let first = rest.first, !first.hasPrefix("-") {
      guard let c = Command(rawValue: first) else {
        throw UsageError(
          "unknown subcommand '\(first)': expected one of play, render, bench")
      }
      o.command = c
      rest = rest.dropFirst()
      if c == .bench, let kind = rest.first, !kind.hasPrefix("-") {
        guard LaunchOptions.benchCases.contains(kind) else {
          throw UsageError(
            "unknown bench '\(kind)': expected one of "
              + LaunchOptions.benchCases.joined(separator: ", "))
        }
        o.benchCase = kind
        rest = rest.dropFirst()
      }
    }
    while let arg = rest.popFirst() {
      guard arg.hasPrefix("--") else {
        throw UsageError("unexpected argument '\(arg)': options start with -- (see --help)")
      }
      var name = arg
      var inline: String?
      if let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      func value(_ accepted: String) throws(UsageError) -> String {
        if let v = inline { return v }
        guard let v = rest.popFirst() else {
          throw UsageError("option \(name) needs a value: \(accepted)")
        }
        return v
      }
      func flag() throws(UsageError) {
        if inline != nil { throw UsageError("option \(name) is a flag and takes no value") }
      }
      switch name {
      case "--help", "-h":
        try flag()
        o.showHelp = true
      case "--version":
        try flag()
        o.showVersion = true
      case "--window":
        (o.windowWidth, o.windowHeight) = try size(name, try value("WxH"), max: 16384)
      case "--cell":
        o.cell = try integer(name, try value("PX"), in: 1...4096, unit: "pixels")
      case "--gap":
        o.gap = try integer(name, try value("PX"), in: 0...4096, unit: "pixels")
      case "--grid":
        let (c, r) = try size(name, try value("COLSxROWS"), max: 1_000_000)
        guard c * r <= 1_000_000 else {
          throw UsageError("invalid value for --grid: at most 1000000 views in all, got \(c * r)")
        }
        (o.columns, o.rows) = (c, r)
      case "--select":
        let v = try value("none, all, checker, random:P")
        guard let s = Selection(argument: v) else {
          throw UsageError(
            "invalid value '\(v)' for --select: expected none, all, checker or random:P "
              + "with P in [0, 1]")
        }
        o.selection = s
      case "--animate":
        try flag()
        o.animate = true
      case "--renderer":
        o.renderer = try choice(name, try value(names(Renderer.self)))
      case "--aa":
        o.antialias = try choice(name, try value(names(Switch.self))) as Switch == .on
      case "--hz":
        o.hz = try integer(name, try value("N"), in: 1...10_000, unit: "steps per second")
      case "--seed":
        let v = try value("N")
        guard let s = UInt64(v) else {
          throw UsageError("invalid value '\(v)' for --seed: expected a whole number ≥ 0")
        }
        o.seed = s
      case "--frames":
        o.frames = try integer(name, try value("N"), in: 0...100_000_000, unit: "frames")
      case "--screenshot":
        o.screenshot = try path(name, try value("FILE.png"))
      case "--out":
        o.out = try path(name, try value("FILE.png"))
      case "--events":
        try flag()
        o.events = true
      case "--time":
        o.time = try seconds(name, try value("S"), max: 86_400)
      case "--duration":
        o.style.duration = try seconds(name, try value("S"), max: 3_600)
      case "--animation":
        o.style.animation = try choice(name, try value(names(AnimationStyle.self)))
      case "--deselect":
        o.style.deselect = try choice(name, try value(names(DeselectMode.self)))
      case "--timing":
        let accepted =
          "linear, ease-in, ease-out, ease-in-out, default, cubic-bezier(x1,y1,x2,y2) "
          + "with x1 and x2 in [0, 1], or spring(stiffness,damping[,velocity])"
        let v = try value(accepted)
        guard let t = TimingCurve(argument: v) else {
          throw UsageError("invalid value '\(v)' for --timing: expected \(accepted)")
        }
        o.style.timing = t
      case "--shape":
        o.style.shape = try choice(name, try value(names(BoxShape.self)))
      case "--style-rows":
        let styles = names(AnimationStyle.self)
        let v = try value("all, or a comma-separated list of \(styles)")
        if v == "all" {
          o.rowStyles = AnimationStyle.allCases
        } else {
          var list: [AnimationStyle] = []
          for part in v.split(separator: ",", omittingEmptySubsequences: false) {
            guard let a = AnimationStyle(rawValue: String(part)) else {
              throw UsageError(
                "invalid value '\(v)' for --style-rows: expected all, or a comma-separated "
                  + "list of \(styles)")
            }
            list.append(a)
          }
          o.rowStyles = list
        }
      case "--stagger":
        o.stagger = try seconds(name, try value("S"), max: 3_600)
      case "--views":
        o.views = try integer(name, try value("N"), in: 1...1_000_000, unit: "views")
      case "--animating":
        o.animating = try integer(name, try value("N"), in: 0...1_000_000, unit: "views")
      case "--path":
        o.path = try choice(name, try value(names(RenderPath.self)))
      case "--hud":
        o.hud = try choice(name, try value(names(Switch.self))) as Switch == .on
      case "--rain":
        let v = try value("RATE")
        guard let r = Double(v), r.isFinite, r > 0, r <= 1_000_000 else {
          throw UsageError(
            "invalid value '\(v)' for --rain: expected toggles per second, above 0 and at "
              + "most 1000000")
        }
        o.rain = r
      case "--group":
        let v = try value("COL,ROW,COLSxROWS[,keep]")
        guard let g = RadioGroup(argument: v) else {
          throw UsageError(
            "invalid value '\(v)' for --group: expected COL,ROW,COLSxROWS[,keep], "
              + "for example 0,0,3x1,keep")
        }
        o.groups.append(g)
      case "--scene":
        o.scene = try path(name, try value("FILE.json"))
      case "--replay":
        o.replay = try path(name, try value("FILE"))
      case "--record":
        o.record = try path(name, try value("FILE"))
      case "--fill-color":
        o.style.fillColor = try color(name, try value("#rrggbb[aa]"))
      case "--tick-color":
        o.style.tickColor = try color(name, try value("#rrggbb[aa]"))
      case "--ring-color":
        o.style.ringColor = try color(name, try value("#rrggbb[aa]"))
      case "--background":
        o.style.background = try color(name, try value("#rrggbb[aa]"))
      default:
        throw UsageError("unknown option '\(name)' (see tickplay --help)")
      }
    }
    if o.command == .render, o.out == nil, !o.showHelp, !o.showVersion {
      throw UsageError("render needs --out FILE.png")
    }
    return o
  }

  // MARK: - Value parsers

  /// `on` or `off`.
  enum Switch: String, CaseIterable {
    case on, off
  }

  /// The accepted names of a string enum, for a usage message: "a, b, c".
  private static func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> String
  where T.RawValue == String {
    T.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// The case of `T` named `v`, or a usage error naming the option and every name it takes
  /// ("expected a, b or c").
  private static func choice<T: CaseIterable & RawRepresentable>(_ name: String, _ v: String)
    throws(UsageError) -> T where T.RawValue == String
  {
    if let t = T(rawValue: v) { return t }
    let all = T.allCases.map(\.rawValue)
    let list = all.count > 1 ? all.dropLast().joined(separator: ", ") + " or " + all.last! : all[0]
    throw UsageError("invalid value '\(v)' for \(name): expected \(list)")
  }

  private static func integer(
    _ name: String, _ v: String, in range: ClosedRange<Int>, unit: String
  ) throws(UsageError) -> Int {
    guard let n = Int(v), range.contains(n) else {
      throw UsageError(
        "invalid value '\(v)' for \(name): expected a whole number of \(unit), "
          + "\(range.lowerBound)–\(range.upperBound)")
    }
    return n
  }

  private static func size(_ name: String, _ v: String, max: Int) throws(UsageError) -> (Int, Int) {
    let parts = v.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 1, b >= 1,
      a <= max, b <= max
    else {
      throw UsageError(
        "invalid value '\(v)' for \(name): expected AxB with whole numbers 1–\(max), "
          + "for example 1280x800")
    }
    return (a, b)
  }

  private static func seconds(_ name: String, _ v: String, max: Double) throws(UsageError)
    -> Double
  {
    guard let s = Double(v), s.isFinite, s >= 0, s <= max else {
      throw UsageError(
        "invalid value '\(v)' for \(name): expected seconds, a number from 0 to \(Int(max))")
    }
    return s
  }

  private static func color(_ name: String, _ v: String) throws(UsageError) -> Color {
    guard v.hasPrefix("#"), let c = Color(hex: v) else {
      throw UsageError("invalid value '\(v)' for \(name): expected #rrggbb or #rrggbbaa")
    }
    return c
  }

  private static func path(_ name: String, _ v: String) throws(UsageError) -> String {
    guard !v.isEmpty, !v.hasPrefix("-") else {
      throw UsageError("option \(name) needs a file name, got '\(v)'")
    }
    return v
  }

  /// The text `--help` prints.
  public static let helpText = """
    tickplay — a playground of animated tick views (SDL2)

    USAGE
      tickplay [play|render|bench] [options]

    SUBCOMMANDS
      play      open a window; click a view to toggle it (default)
      render    draw the frame at --time S headlessly and write --out FILE.png
      bench     print measurements as JSON lines: bench [tessellate|frame|soak] (all)

    OPTIONS
      --window WxH          window size (1280x800)
      --cell PX             view size in pixels (50)
      --gap PX              gap between views (10)
      --grid COLSxROWS      grid size (default: as many as fit, centred)
      --select MODE         none | all | checker | random:P   (none)
      --animate             the initial selection animates from time 0
      --animation STYLE     stroke | fill | bounce | flat | one-stroke | fade | expand |
                            spiral | dot | none   (stroke)
      --deselect MODE       instant | reverse | animate   (instant)
      --duration S          transition length in seconds (0.5)
      --timing CURVE        linear | ease-in | ease-out | ease-in-out | default |
                            cubic-bezier(x1,y1,x2,y2) | spring(k,c[,v])   (linear)
      --shape SHAPE         circle | square   (circle)
      --style-rows LIST     all, or styles separated by commas: row r animates with the
                            r-th (cycling); a styles gallery
      --stagger S           with --animate, each column starts S seconds before the last
      --views N             (bench frame) views in the scene (the window's worth)
      --animating N         (bench frame) views kept animating, at random phases
      --path PATH           direct | atlas | compose | auto   (auto: compose on llvmpipe
                            and software, atlas on a GPU; M cycles it in play)
      --hud on|off          the HUD in play (on; H toggles it)
      --rain RATE           random toggles per second from the start (R toggles rain)
      --group C,R,WxH[,keep]  cells from column C, row R, W wide and H high form a
                            radio group (keep: one always stays selected); repeatable
      --fill-color #RGB     selected disc colour (#2ecb94)
      --tick-color #RGB     tick colour (#ffffff)
      --ring-color #RGB     unselected ring colour (#aaaaaa)
      --background #RGB     window colour (#ffffff)
      --renderer NAME       auto | opengl | opengles2 | software   (auto)
      --aa on|off           anti-aliased edges (on; off on software)
      --hz N                fixed simulation steps per second (120)
      --seed N              seed for random:P and other random choices (0)
      --frames N            quit after N frames
      --screenshot FILE     save the last frame as PNG on exit
      --events              print value changes to stdout as JSON lines
      --scene FILE.json     options from a JSON object such as {"cell": 40}; flags win
      --replay FILE         apply a replay script's events at their scene times
      --record FILE         (play) write every input to FILE as a replay script
      --out FILE.png        (render) where to write the image
      --time S              (render) scene time of the frame, in seconds (0)
      --help, --version

    EXIT CODES
      0 success, 1 runtime failure (no display, SDL error), 2 usage error

    KEYS (play)

    """ + KeyCommand.help.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
}
