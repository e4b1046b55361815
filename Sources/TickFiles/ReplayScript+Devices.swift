import TickScene

/// The verbs of the input devices beyond the mouse and keyboard: `finger` and `pad`.
extension ReplayScript {
  /// `finger down|move|up ID X Y`: ID is SDL's finger id, a whole number; X and Y are
  /// window pixels, as a pointer's (line `line`).
  static func finger(_ args: [Word], line: Int) throws(ReplayScriptError) -> Verb {
    func fail(_ message: String) -> ReplayScriptError { ReplayScriptError(line: line, message) }
    guard args.count == 4 else {
      throw fail("finger takes down|move|up ID X Y, got \(arguments(args.count))")
    }
    let phases = FingerPhase.allCases.map(\.rawValue)
    guard !args[0].quoted, let phase = FingerPhase(rawValue: args[0].text) else {
      let question = Suggestion.aside(for: args[0].text, among: phases)
      throw fail(
        "invalid finger action '\(args[0].text)'\(question): expected "
          + phases.joined(separator: ", "))
    }
    guard let id = fingerID(args[1]) else {
      throw fail(
        "invalid finger ID '\(args[1].text)': expected a whole number, "
          + "\(Int64.min)–\(Int64.max)")
    }
    let xy = try point(Array(args[2...]), verb: "finger", line: line)
    return .input(.finger(phase, id: id, x: xy[0], y: xy[1]))
  }

  /// `pad press|release BUTTON` or `pad axis AXIS VALUE`, with SDL's names for buttons and
  /// axes (any case) and VALUE −1…1 (line `line`).
  static func pad(_ args: [Word], line: Int) throws(ReplayScriptError) -> Verb {
    func fail(_ message: String) -> ReplayScriptError { ReplayScriptError(line: line, message) }
    let actions = ["press", "release", "axis"]
    guard let action = args.first?.text, actions.contains(action), !args[0].quoted else {
      let given = args.first.map { "'\($0.text)'\(Suggestion.aside(for: $0.text, among: actions))" }
      throw fail(
        "pad takes press BUTTON, release BUTTON or axis AXIS VALUE, got "
          + (given ?? "nothing"))
    }
    if action == "axis" { return try padAxis(Array(args.dropFirst()), line: line) }
    guard args.count == 2 else {
      throw fail("pad \(action) takes one BUTTON, got \(arguments(args.count - 1))")
    }
    let buttons = PadButton.allCases.map(\.rawValue)
    guard let button = PadButton(rawValue: args[1].text.lowercased()) else {
      let question = Suggestion.aside(for: args[1].text, among: buttons)
      throw fail(
        "invalid pad button '\(args[1].text)'\(question): expected one of "
          + buttons.joined(separator: ", "))
    }
    return .input(.padButton(button, pressed: action == "press"))
  }

  /// `AXIS VALUE`, after `pad axis` (line `line`).
  static func padAxis(_ args: [Word], line: Int) throws(ReplayScriptError) -> Verb {
    func fail(_ message: String) -> ReplayScriptError { ReplayScriptError(line: line, message) }
    guard args.count == 2 else {
      throw fail("pad axis takes AXIS VALUE, got \(arguments(args.count))")
    }
    let axes = PadAxis.allCases.map(\.rawValue)
    guard let axis = PadAxis(rawValue: args[0].text.lowercased()) else {
      let question = Suggestion.aside(for: args[0].text, among: axes)
      throw fail(
        "invalid pad axis '\(args[0].text)'\(question): expected one of "
          + axes.joined(separator: ", "))
    }
    let v = args[1]
    guard !v.quoted, isDecimal(v.text, signed: true), let value = Float(v.text),
      (-1...1).contains(value)
    else {
      throw fail("invalid VALUE '\(v.text)' for pad axis: expected a number from -1 to 1")
    }
    return .input(.padAxis(axis, value: value))
  }

  /// A finger's id: a plain whole number (a leading `-` allowed) that fits 64 bits.
  static func fingerID(_ w: Word) -> Int64? {
    guard !w.quoted, !w.text.contains("."), isDecimal(w.text, signed: true) else { return nil }
    return Int64(w.text)
  }

  /// "N argument(s)".
  static func arguments(_ n: Int) -> String { "\(n) argument\(n == 1 ? "" : "s")" }
}
