import TickAnimation
import TickGeometry
import TickScene

/// Reads a style file's members, naming each bad one by its path from the top
/// (`enter.markEnd.curve`) and its key's line and column.
struct StyleFileReader {
  let file: String

  /// What a segment's `curve` accepts.
  static let curves =
    "user (the --timing curve), linear, ease-in, ease-out, ease-in-out, default, "
    + "cubic-bezier(x1,y1,x2,y2) with x1 and x2 in [0, 1], or spring(stiffness,damping[,velocity])"

  /// `FILE:LINE:COLUMN: key "PATH": WHAT, got …`.
  func error(_ m: JSONValue.Member, _ path: String, _ what: String, _ got: JSONValue? = nil)
    -> UsageError
  {
    var text = "\(file):\(m.line):\(m.column): key \"\(path)\": \(what)"
    if let got {
      switch got {
      case .string(let s): text += ", got \"\(s)\""
      case .number(let n): text += ", got \(n)"
      default: text += ", got \(JSONValue.article(got.typeName))"
      }
    }
    return UsageError(text)
  }

  /// Checks an object's keys: each known, and each once.
  func members(
    _ value: JSONValue, of m: JSONValue.Member?, _ path: String, keys: [String]
  ) throws(UsageError) -> [JSONValue.Member] {
    guard case .object(let members) = value else {
      if let m { throw error(m, path, "expected an object", value) }
      throw UsageError("\(file): expected an object")
    }
    var seen: Set<String> = []
    for member in members {
      let p = path.isEmpty ? member.key : path + "." + member.key
      guard keys.contains(member.key) else {
        let question = Suggestion.aside(for: member.key, among: keys)
        throw error(
          member, p, "unknown key\(question): expected one of \(keys.joined(separator: ", "))")
      }
      guard seen.insert(member.key).inserted else {
        throw error(member, p, "appears twice; give each key once")
      }
    }
    return members
  }

  // MARK: - The style

  static let topKeys = [
    StyleChain.key, "name", "summary", "box", "mark", "background", "duration", "timing",
    "deselect", "looks",
    "enter", "exit",
  ]

  func style(_ top: [JSONValue.Member], at m: JSONValue.Member?, name: String)
    throws(UsageError) -> StyleFile
  {
    let base = m == nil ? "" : "style"
    func path(_ k: String) -> String { base.isEmpty ? k : base + "." + k }
    let members = try self.members(.object(top), of: m, base, keys: Self.topKeys)
    guard let looksMember = members.first(where: { $0.key == "looks" }) else {
      if let m { throw error(m, base, "needs \"looks\" with at least \"off\"") }
      throw UsageError("\(file): a style needs \"looks\" with at least \"off\"")
    }
    let settled = try looks(looksMember, path("looks"))
    var file = StyleFile(
      definition: StyleDefinition(
        name: name, off: settled.off, on: settled.on, mixed: settled.mixed, enter: Timing(),
        exit: Timing()))
    for member in members {
      let p = path(member.key)
      let v = member.value
      switch member.key {
      case "name": file.definition.name = try string(v, member, p)
      case "summary": file.definition.summary = try string(v, member, p)
      case "box": try box(member, p, into: &file)
      case "mark": try mark(member, p, into: &file)
      case "background": file.background = try color(v, member, p)
      case "duration":
        // A Double, as --duration reads it: 0.8 stays 0.8, not Float's 0.800000011920929.
        guard let d = v.doubleValue, (0...3_600).contains(d) else {
          throw error(member, p, "expected seconds, 0–3600", v)
        }
        file.duration = d
      case "timing":
        guard let t = TimingCurve(argument: try string(v, member, p)) else {
          throw error(
            member, p, "expected " + Self.curves.replacing("user (the --timing curve), ", with: ""),
            v)
        }
        file.timing = t
      case "deselect":
        guard let d = DeselectMode(rawValue: try string(v, member, p)) else {
          throw error(member, p, "expected instant, reverse or animate", v)
        }
        file.deselect = d
      case "enter": file.definition.enter = try timing(v, member, p)
      case "exit": file.definition.exit = try timing(v, member, p)
      default: break  // looks: read first
      }
    }
    return file
  }

  /// `box`: the box's shape, fill and outline.
  func box(_ m: JSONValue.Member, _ path: String, into file: inout StyleFile) throws(UsageError) {
    let keys = ["shape", "fill", "outline", "outlineWidth"]
    for b in try members(m.value, of: m, path, keys: keys) {
      let bp = path + "." + b.key
      switch b.key {
      case "shape":
        guard let s = BoxShape(rawValue: try string(b.value, b, bp)) else {
          throw error(b, bp, "expected circle or square", b.value)
        }
        file.shape = s
      case "fill": file.fillColor = try color(b.value, b, bp)
      case "outline": file.outlineColor = try color(b.value, b, bp)
      default: file.outlineWidth = try number(b.value, b, bp, in: 0...64, "pixels, 0–64")
      }
    }
  }

  /// `mark`: the mark's colour and width.
  func mark(_ m: JSONValue.Member, _ path: String, into file: inout StyleFile) throws(UsageError) {
    for k in try members(m.value, of: m, path, keys: ["color", "width"]) {
      let kp = path + "." + k.key
      if k.key == "color" {
        file.markColor = try color(k.value, k, kp)
      } else {
        file.markWidth = try number(
          k.value, k, kp, in: 0...1, "a fraction of the view's width, 0–1")
      }
    }
  }

  // MARK: - Looks

  /// The three settled looks of a style file's `looks`.
  struct SettledLooks {
    var off: Look
    var on: Look
    var mixed: Look
  }

  /// `looks`: `off` whole, `on` as it differs from `off`, `mixed` as it differs from `on`.
  func looks(_ m: JSONValue.Member, _ path: String) throws(UsageError) -> SettledLooks {
    let members = try self.members(m.value, of: m, path, keys: ["off", "on", "mixed"])
    guard let offMember = members.first(where: { $0.key == "off" }) else {
      throw error(m, path, "needs \"off\", a look with every property")
    }
    let off = try look(offMember, path + ".off", from: nil)
    let on =
      try members.first { $0.key == "on" }.map { (o) throws(UsageError) in
        try look(o, path + ".on", from: off)
      } ?? off
    let mixed =
      try members.first { $0.key == "mixed" }.map { (o) throws(UsageError) in
        try look(o, path + ".mixed", from: on)
      } ?? on
    return SettledLooks(off: off, on: on, mixed: mixed)
  }

  /// A look: every property when `from` is nil, else the ones that differ from `from`.
  func look(_ m: JSONValue.Member, _ path: String, from: Look?) throws(UsageError) -> Look {
    let names = StyleFile.propertyNames
    var look = from ?? Look()
    let members = try self.members(m.value, of: m, path, keys: names)
    if from == nil {
      let missing = names.filter { n in !members.contains { $0.key == n } }
      if !missing.isEmpty {
        throw error(
          m, path, "needs every property; missing \(missing.joined(separator: ", "))")
      }
    }
    for p in members {
      let index = names.firstIndex(of: p.key)!
      let bounds = Self.settledRange(Look.Property(rawValue: index)!)
      look.values[index] = try number(
        p.value, p, path + "." + p.key, in: bounds.range, bounds.accepted)
    }
    return look
  }

  /// What a settled look's property may be, and how an error says it.
  struct LookRange {
    var range: ClosedRange<Float>
    var accepted: String
  }

  /// The largest scale a settled look takes: twice the box. A view draws inside its paint
  /// rect (the box and its share of the gap), so a larger fill or mark only shows as a
  /// cut-off square; an animation may still overshoot it on the way (a track's `target`).
  static let maxSettledScale: Float = 2
  /// The most turns a settled mark takes either way: a transition between two looks
  /// spins through the turns between them, and a hundred spins in one is already a blur.
  static let maxSettledTurns: Float = 100

  /// The range of `property` in a settled look: opacities, trims and the morph are
  /// fractions, 0–1; scales 0 (nothing) to `maxSettledScale`; turns either way.
  static func settledRange(_ property: Look.Property) -> LookRange {
    switch property {
    case .outlineAlpha, .fillAlpha, .markAlpha:
      LookRange(range: 0...1, accepted: "an opacity, 0–1")
    case .outlineEnd, .markStart, .markEnd:
      LookRange(range: 0...1, accepted: "a fraction of the length drawn, 0–1")
    case .markMorph:
      LookRange(range: 0...1, accepted: "a fraction from the flat dash (0) to the tick (1)")
    case .fillScale, .markScale:
      LookRange(
        range: 0...maxSettledScale,
        accepted: "a scale of the box, 0–\(Decimals.text(Double(maxSettledScale), places: 0))")
    case .markTurn:
      LookRange(
        range: -maxSettledTurns...maxSettledTurns,
        accepted: "turns, −\(Int(maxSettledTurns))–\(Int(maxSettledTurns))")
    }
  }

  // MARK: - Tracks

  func timing(_ v: JSONValue, _ m: JSONValue.Member, _ path: String) throws(UsageError)
    -> Timing
  {
    var tracks = Timing().tracks
    for t in try members(v, of: m, path, keys: StyleFile.propertyNames) {
      let index = StyleFile.propertyNames.firstIndex(of: t.key)!
      tracks[index] = try track(t, path + "." + t.key)
    }
    var timing = Timing()
    timing.tracks = tracks
    return timing
  }

  func track(_ m: JSONValue.Member, _ path: String) throws(UsageError) -> Track {
    switch m.value {
    case .object:
      return Track(try segment(m.value, m, path))
    case .array(let elements) where elements.count == 1 || elements.count == 2:
      let first = try segment(elements[0], m, path + "[0]")
      var second: Track.Segment?
      if elements.count == 2 {
        let s = try segment(elements[1], m, path + "[1]")
        guard s.delay >= first.delay + first.length - 1e-6 else {
          throw error(m, path + "[1].delay", "must not start before segment 0 ends")
        }
        second = s
      }
      return Track(first, then: second)
    default:
      throw error(
        m, path,
        "expected a segment {\"delay\", \"length\", \"curve\", \"target\"} or an "
          + "array of one or two", m.value)
    }
  }

  func segment(_ v: JSONValue, _ m: JSONValue.Member, _ path: String) throws(UsageError)
    -> Track.Segment
  {
    guard case .object = v else { throw error(m, path, "expected a segment object", v) }
    let keys = ["delay", "length", "curve", "target"]
    var s = Track.Segment(delay: 0, length: 0)
    for k in try members(v, of: m, path, keys: keys) {
      let kp = path + "." + k.key
      switch k.key {
      case "delay":
        s.delay = try number(k.value, k, kp, in: 0...1, "a fraction of the transition, 0–1")
      case "length":
        s.length = try number(k.value, k, kp, in: 0...1, "a fraction of the transition, 0–1")
      case "target":
        s.target = try number(k.value, k, kp, in: -1_000...1_000, "a number, −1000–1000")
      default:
        s.curve = try curve(k.value, k, kp)
      }
    }
    // Float sums: 0.15 + 0.85 may come out a hair over 1.
    guard s.delay + s.length <= 1 + 1e-6 else {
      throw error(m, path, "delay + length must be at most 1 (the whole transition)")
    }
    return s
  }

  func curve(_ v: JSONValue, _ m: JSONValue.Member, _ path: String) throws(UsageError)
    -> Track.Curve
  {
    let text = try string(v, m, path)
    if text == "user" { return .user }
    guard let c = TimingCurve(argument: text) else {
      throw error(m, path, "expected \(Self.curves)", v)
    }
    // A spring from rest carries an interrupted motion's velocity (`SpringPair`).
    if case .spring(let s) = c, s.initialVelocity == 0 {
      return .spring(SpringPair(stiffness: s.stiffness, damping: s.damping))
    }
    return .fixed(c)
  }

  // MARK: - Values

  func string(_ v: JSONValue, _ m: JSONValue.Member, _ path: String) throws(UsageError)
    -> String
  {
    guard case .string(let s) = v else { throw error(m, path, "expected a string", v) }
    return s
  }

  func number(
    _ v: JSONValue, _ m: JSONValue.Member, _ path: String, in range: ClosedRange<Float>,
    _ what: String
  ) throws(UsageError) -> Float {
    guard let d = v.doubleValue, let f = Float(exactly: Float(d)), range.contains(f) else {
      throw error(m, path, "expected \(what)", v)
    }
    return f
  }

  func color(_ v: JSONValue, _ m: JSONValue.Member, _ path: String) throws(UsageError)
    -> Color
  {
    let s = try string(v, m, path)
    guard s.hasPrefix("#"), let c = Color(hex: s) else {
      throw error(m, path, "expected #rrggbb or #rrggbbaa", v)
    }
    return c
  }
}
