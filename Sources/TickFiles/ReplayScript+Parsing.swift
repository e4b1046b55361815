import TickScene

extension ReplayScript {
  /// The verbs and their arguments, as error messages list them.
  public static let grammar =
    "click X Y, press X Y, release X Y, move X Y (with an optional button left, middle or "
    + "right after X Y), wheel X Y DY, resize W H, key NAME, finger down|move|up ID X Y, "
    + "pad press|release BUTTON, pad axis AXIS VALUE, screenshot FILE, quit; and first, "
    + "at time 0, window W H and hud full|compact|off"
  /// The verbs alone: what a mistyped verb is compared with.
  static let verbs = [
    "click", "press", "release", "move", "wheel", "resize", "key", "finger", "pad",
    "screenshot", "quit", "window", "hud",
  ]

  /// Reads a script: one event per line, `TIME VERB ARGS`.
  ///
  /// - TIME is seconds of scene time (`0`, `1.25`, `.5`), 0–86400, never decreasing.
  /// - Words are separated by spaces or tabs; a word that starts with `"` runs to the
  ///   next unescaped `"` and may hold spaces, `#` and the escapes `\" \\ \n \r \t \xHH`.
  /// - `#` at the start of a word starts a comment; blank lines are allowed.
  /// - X and Y are pixels from the window's top-left corner, within a million either way
  ///   (`maxCoordinate`).
  /// - Key names are case-insensitive and kept lower-case; `key keypad 0` and
  ///   `key "keypad 0"` are the same key.
  ///
  /// Never traps: every bad line is a `ReplayScriptError` with its line number.
  public static func parse(_ bytes: some Collection<UInt8>) throws(ReplayScriptError)
    -> ReplayScript
  {
    var events: [Event] = []
    var number = 0
    var previous = 0.0
    var started = false
    for raw in Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      guard let text = text(ofLine: raw) else {
        throw ReplayScriptError(line: number, "not valid UTF-8")
      }
      guard let event = try parseLine(text, number: number) else { continue }
      started = started || !event.verb.isLaunch
      if event.verb.isLaunch, event.time != 0 || started {
        throw ReplayScriptError(
          line: number,
          "window and hud say how the session started: they come first, at time 0")
      }
      if event.time < previous {
        throw ReplayScriptError(
          line: number,
          "time \(format(event.time)) is before the previous event's \(format(previous)): "
            + "times must not decrease")
      }
      previous = event.time
      events.append(event)
    }
    return ReplayScript(events: events)
  }

  /// The launch a script's first lines describe (`window`, `hud`), read no further than
  /// its first other event: what the options are parsed over, before the whole script is
  /// read. A line that does not parse ends it; the whole read reports the error.
  public static func launch(of bytes: [UInt8]) -> Launch {
    var events: [Event] = []
    var number = 0
    for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      guard let text = text(ofLine: raw) else { break }
      let parsed: Event?
      do {
        parsed = try parseLine(text, number: number)
      } catch {
        break
      }
      guard let event = parsed else { continue }  // a blank or comment line
      guard event.verb.isLaunch, event.time == 0 else { break }
      events.append(event)
    }
    return ReplayScript(events: events).launch
  }

  /// One line's text without its newline or a carriage return before it; nil when it is
  /// not UTF-8.
  static func text(ofLine raw: ArraySlice<UInt8>) -> String? {
    var line = raw
    if line.last == 0x0D { line = line.dropLast() }
    return String(validating: line, as: UTF8.self)
  }

  /// Reads a script from a string.
  public static func parse(_ text: String) throws(ReplayScriptError) -> ReplayScript {
    try parse(Array(text.utf8))
  }

  // MARK: - Private

  /// One word of a line, and whether it was quoted.
  struct Word {
    var text: String
    var quoted: Bool
  }

  /// One line's event, or nil for a blank or comment line.
  static func parseLine(_ text: String, number: Int) throws(ReplayScriptError) -> Event? {
    let words = try split(text, number: number)
    guard let first = words.first else { return nil }
    func fail(_ message: String) -> ReplayScriptError {
      ReplayScriptError(line: number, message)
    }
    guard !first.quoted, isDecimal(first.text), let time = Double(first.text),
      time.isFinite, time <= maxTime
    else {
      throw fail(
        "invalid time '\(first.text)': expected TIME VERB ARGS with TIME in seconds, a number "
          + "from 0 to \(Int(maxTime)), for example '0.5 click 100 80'")
    }
    guard words.count >= 2 else {
      throw fail("expected a verb after the time: one of \(grammar)")
    }
    let verb = try Self.verb(words[1].text, Array(words.dropFirst(2)), line: number)
    return Event(time: time, verb: verb, line: number)
  }

  /// The verb named `name` with its arguments `args` (line `line`).
  static func verb(_ name: String, _ args: [Word], line: Int) throws(ReplayScriptError) -> Verb {
    func fail(_ message: String) -> ReplayScriptError {
      ReplayScriptError(line: line, message)
    }
    switch name {
    case "click", "press", "release":
      let p = try point(name, args, usage: "X Y [BUTTON]", line: line)
      switch name {
      case "click": return .click(x: p.x, y: p.y, button: p.button)
      case "press": return .input(.press(x: p.x, y: p.y, button: p.button))
      default: return .input(.release(x: p.x, y: p.y, button: p.button))
      }
    case "move":
      let p = try point(name, args, usage: "X Y", line: line)
      guard args.count == 2 else { throw fail("move takes X Y, and no button") }
      return .input(.move(x: p.x, y: p.y))
    case "wheel":
      return try wheel(args, line: line)
    case "resize", "window":
      guard args.count == 2, let w = Int(args[0].text), let h = Int(args[1].text),
        (1...16384).contains(w), (1...16384).contains(h)
      else { throw fail("\(name) takes W H, whole numbers of pixels 1–16384") }
      return name == "window" ? .window(width: w, height: h) : .input(.resize(width: w, height: h))
    case "hud":
      guard args.count == 1, let mode = HUDMode(rawValue: args[0].text) else {
        throw fail("hud takes one of full, compact or off")
      }
      return .hud(mode)
    case "key":
      let key = args.map(\.text).joined(separator: " ").lowercased()
      guard !key.isEmpty else {
        throw fail("key takes a NAME such as space, a or escape (quote names holding #)")
      }
      return .input(.key(key))
    case "finger":
      return try finger(args, line: line)
    case "pad":
      return try pad(args, line: line)
    case "screenshot":
      guard args.count == 1, !args[0].text.isEmpty else {
        throw fail(
          "screenshot takes one FILE (quote a name with spaces), got \(args.count) arguments")
      }
      guard ImageFormat(path: args[0].text) != nil else {
        throw fail(
          "screenshot writes \(ImageFormat.expected), got '\(args[0].text)': a name with "
            + "another extension, or none, is not written as PNG under it")
      }
      return .screenshot(args[0].text)
    case "quit":
      guard args.isEmpty else { throw fail("quit takes no arguments, got \(args.count)") }
      return .input(.quit)
    default:
      let question = Suggestion.aside(for: name, among: verbs)
      throw fail("unknown verb '\(name)'\(question): expected one of \(grammar)")
    }
  }

  /// A pointer's position and button, as the arguments of a verb give them.
  struct PointArguments {
    var x: Float
    var y: Float
    var button: InputEvent.Button
  }

  /// `X Y [BUTTON]`: the arguments of click, press, release and move (line `line`).
  static func point(_ verb: String, _ args: [Word], usage: String, line: Int)
    throws(ReplayScriptError) -> PointArguments
  {
    guard args.count == 2 || args.count == 3 else {
      throw ReplayScriptError(
        line: line,
        "\(verb) takes \(usage), got \(args.count) argument\(args.count == 1 ? "" : "s")")
    }
    let xy = try point(args, verb: verb, line: line)
    var button = InputEvent.Button.left
    if args.count == 3 {
      switch args[2].text {
      case "left": button = .left
      case "middle": button = .middle
      case "right": button = .right
      default:
        throw ReplayScriptError(
          line: line,
          "invalid button '\(args[2].text)' for \(verb): expected left, middle or right")
      }
    }
    return PointArguments(x: xy[0], y: xy[1], button: button)
  }

  /// The first two of `args` as a point's X and Y (line `line`, for `verb`'s errors).
  static func point(_ args: [Word], verb: String, line: Int) throws(ReplayScriptError)
    -> [Float]
  {
    var xy: [Float] = []
    for (name, w) in zip(["X", "Y"], args) {
      guard let v = coordinate(w) else {
        throw ReplayScriptError(
          line: line, "invalid \(name) '\(w.text)' for \(verb): expected \(coordinates)")
      }
      xy.append(v)
    }
    return xy
  }

  /// `X Y DY`: the arguments of wheel (line `line`).
  static func wheel(_ args: [Word], line: Int) throws(ReplayScriptError) -> Verb {
    guard args.count == 3 else {
      throw ReplayScriptError(line: line, "wheel takes X Y DY, got \(args.count) arguments")
    }
    let xy = try point(args, verb: "wheel", line: line)
    let d = args[2]
    guard !d.quoted, isDecimal(d.text, signed: true), let dy = Float(d.text), dy.isFinite else {
      throw ReplayScriptError(line: line, "invalid DY '\(d.text)' for wheel: expected a number")
    }
    return .input(.wheel(x: xy[0], y: xy[1], dy: dy))
  }

  /// Splits a line into words, dropping a comment.
  static func split(_ text: String, number: Int) throws(ReplayScriptError) -> [Word] {
    var words: [Word] = []
    let s = Array(text.unicodeScalars)
    var i = 0
    while i < s.count {
      let c = s[i]
      if c == " " || c == "\t" {
        i += 1
        continue
      }
      if c == "#" { break }
      if c == "\"" {
        words.append(try quotedWord(s, from: &i, line: number))
        continue
      }
      var w = String.UnicodeScalarView()
      while i < s.count, s[i] != " ", s[i] != "\t" {
        w.append(s[i])
        i += 1
      }
      words.append(Word(text: String(w), quoted: false))
    }
    return words
  }

  /// The quoted word that starts at `s[i]` (its opening quote), its escapes replaced;
  /// `i` ends past its closing quote (line `number`, for errors).
  static func quotedWord(_ s: [Unicode.Scalar], from i: inout Int, line number: Int)
    throws(ReplayScriptError) -> Word
  {
    let column = i + 1
    i += 1
    var w = String.UnicodeScalarView()
    var closed = false
    while i < s.count {
      let q = s[i]
      i += 1
      if q == "\"" {
        closed = true
        break
      }
      guard q == "\\" else {
        w.append(q)
        continue
      }
      guard i < s.count else { break }
      w.append(try escaped(s, from: &i, line: number))
    }
    guard closed else {
      throw ReplayScriptError(
        line: number, "unterminated quoted word that starts at column \(column): expected '\"'")
    }
    if i < s.count, s[i] != " ", s[i] != "\t" {
      throw ReplayScriptError(
        line: number, "expected a space after the closing quote, found '\(s[i])'")
    }
    return Word(text: String(w), quoted: true)
  }

  /// The character an escape in a quoted word stands for: `s[i]` follows the backslash,
  /// and `i` ends past the escape (line `number`, for errors).
  static func escaped(_ s: [Unicode.Scalar], from i: inout Int, line number: Int)
    throws(ReplayScriptError) -> Unicode.Scalar
  {
    let e = s[i]
    i += 1
    switch e {
    case "\"", "\\": return e
    case "n": return "\n"
    case "r": return "\r"
    case "t": return "\t"
    case "x":
      guard i + 2 <= s.count,
        let v = UInt8(String(String.UnicodeScalarView(s[i..<i + 2])), radix: 16)
      else {
        throw ReplayScriptError(line: number, "invalid escape \\x: expected two hex digits")
      }
      i += 2
      return Unicode.Scalar(v)
    default:
      throw ReplayScriptError(
        line: number,
        "invalid escape '\\\(e)' in a quoted word: expected \\\" \\\\ \\n \\r \\t or \\xHH")
    }
  }

  /// What a pointer's X or Y accepts, as messages say it.
  static let coordinates =
    "a number of pixels, -\(Int(maxCoordinate))–\(Int(maxCoordinate))"

  /// A pointer's X or Y: a plain decimal within `maxCoordinate` of 0.
  static func coordinate(_ w: Word) -> Float? {
    guard !w.quoted, isDecimal(w.text, signed: true), let v = Float(w.text),
      abs(v) <= maxCoordinate
    else { return nil }
    return v
  }

  /// Whether `text` is a plain decimal: digits with at most one point (`3`, `0.25`, `.5`,
  /// `2.`), and a leading `-` when `signed`. No exponents, `+`, `inf` or `nan`, which
  /// `Double(_:)` would accept.
  static func isDecimal(_ text: String, signed: Bool = false) -> Bool {
    var digits = 0
    var points = 0
    for (k, c) in text.utf8.enumerated() {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "."): points += 1
      case UInt8(ascii: "-") where signed && k == 0: break
      default: return false
      }
    }
    return digits > 0 && points <= 1
  }
}
