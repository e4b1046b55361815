import TickAnimation
import TickGeometry
import TickScene

extension StyleFile {
  /// A built-in style's file, written from its definition in code (the one source, see
  /// docs/architecture.md): the style with every default setting. `tickplay styles NAME`
  /// prints it, and `tools/styles` writes each to `assets/styles/NAME.json`.
  public static func builtIn(_ style: AnimationStyle) -> String {
    var s = TickStyle()
    s.animation = style
    return StyleFile(s).document.prettyText()
  }

  /// What `tickplay styles [NAME]` prints: every built-in style's name, one a line, or
  /// with a name that style's file.
  public static func listing(_ arguments: [String]) throws(UsageError) -> String {
    guard let name = arguments.first else {
      return AnimationStyle.names.map { $0 + "\n" }.joined()
    }
    guard arguments.count == 1 else {
      throw UsageError("styles: unexpected argument '\(arguments[1])' (tickplay styles [NAME])")
    }
    guard let style = AnimationStyle(rawValue: name) else {
      let question = Suggestion.aside(for: name, among: AnimationStyle.names)
      throw UsageError(
        "styles: unknown style '\(name)'\(question): expected one of "
          + AnimationStyle.names.joined(separator: ", "))
    }
    return builtIn(style)
  }

  /// The file as JSON: what `parse` reads back as an equal `StyleFile`. Looks after
  /// `off` list only what changes; properties that jump as a transition starts have no
  /// track.
  public var document: JSONValue {
    var top: [JSONValue.Member] = [
      .init(key: "name", value: .string(definition.name))
    ]
    if !definition.summary.isEmpty {
      top.append(.init(key: "summary", value: .string(definition.summary)))
    }
    var box: [JSONValue.Member] = []
    if let shape { box.append(.init(key: "shape", value: .string(shape.rawValue))) }
    if let fillColor { box.append(.init(key: "fill", value: .string(fillColor.hexString))) }
    if let outlineColor {
      box.append(.init(key: "outline", value: .string(outlineColor.hexString)))
    }
    if let outlineWidth { box.append(.init(key: "outlineWidth", value: Self.number(outlineWidth))) }
    if !box.isEmpty { top.append(.init(key: "box", value: .object(box))) }
    var mark: [JSONValue.Member] = []
    if let markColor { mark.append(.init(key: "color", value: .string(markColor.hexString))) }
    if let markWidth { mark.append(.init(key: "width", value: Self.number(markWidth))) }
    if !mark.isEmpty { top.append(.init(key: "mark", value: .object(mark))) }
    if let background { top.append(.init(key: "background", value: .string(background.hexString))) }
    if let duration { top.append(.init(key: "duration", value: .double(duration))) }
    if let timing { top.append(.init(key: "timing", value: .string(timing.argument))) }
    if let deselect { top.append(.init(key: "deselect", value: .string(deselect.rawValue))) }
    let d = definition
    top.append(
      .init(
        key: "looks",
        value: .object([
          .init(key: "off", value: Self.look(d.off, from: nil)),
          .init(key: "on", value: Self.look(d.on, from: d.off)),
          .init(key: "mixed", value: Self.look(d.mixed, from: d.on)),
        ])))
    top.append(.init(key: "enter", value: Self.timing(d.enter)))
    top.append(.init(key: "exit", value: Self.timing(d.exit)))
    return .object(top)
  }

  /// A Float written as the shortest decimal that reads back as the same Float.
  static func number(_ f: Float) -> JSONValue {
    f == f.rounded() && abs(f) < 1e6 ? .int(Int(f)) : .number(f.description)
  }

  static func look(_ l: Look, from: Look?) -> JSONValue {
    .object(
      Look.Property.allCases.compactMap { p in
        guard from.map({ $0[p] != l[p] }) ?? true else { return nil }
        return .init(key: propertyNames[p.rawValue], value: number(l[p]))
      })
  }

  static func timing(_ t: Timing) -> JSONValue {
    .object(
      Look.Property.allCases.compactMap { p in
        let track = t[p]
        guard track != .atStart else { return nil }
        let first = segment(track.first)
        return .init(
          key: propertyNames[p.rawValue],
          value: track.second.map { .array([first, segment($0)]) } ?? first)
      })
  }

  static func segment(_ s: Track.Segment) -> JSONValue {
    var m: [JSONValue.Member] = []
    if s.delay != 0 { m.append(.init(key: "delay", value: number(s.delay))) }
    m.append(.init(key: "length", value: number(s.length)))
    switch s.curve {
    case .user: break
    case .fixed(let c): m.append(.init(key: "curve", value: .string(c.argument)))
    case .spring(let pair):
      m.append(.init(key: "curve", value: .string(TimingCurve.spring(pair.base).argument)))
    }
    if let target = s.target { m.append(.init(key: "target", value: number(target))) }
    return .object(m)
  }
}
