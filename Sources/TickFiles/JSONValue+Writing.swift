/// Writing JSON: the one way the program prints it (events, bench, soak, and the lines
/// still to come), so every output is escaped and well-formed by construction.
///
/// Non-finite numbers have no JSON spelling (RFC 8259 §6): `double` and `fixed` write them
/// as `null`, the choice JavaScript's `JSON.stringify` makes, so a reader sees "no value"
/// rather than a line it cannot parse.
extension JSONValue {
  /// A whole number.
  public static func int(_ n: some BinaryInteger) -> JSONValue { .number(String(n)) }

  /// A number as Swift writes it shortest (`0.1`, `1e-05`, `40.0`); `null` when not finite.
  public static func double(_ d: Double) -> JSONValue {
    d.isFinite ? .number(d.description) : .null
  }

  /// A number with `places` decimals (`12.30`); `null` when not finite.
  public static func fixed(_ d: Double, places: Int) -> JSONValue {
    d.isFinite ? .number(Decimals.text(d, places: places)) : .null
  }

  /// A string, or `null` for nil.
  public static func string(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

  /// The value as compact JSON text on one line (no spaces, members in their order).
  public var text: String {
    var out = ""
    write(into: &out)
    return out
  }

  /// Appends the value's compact JSON text to `out`.
  public func write(into out: inout String) {
    switch self {
    case .object(let members):
      out += "{"
      for (i, m) in members.enumerated() {
        if i > 0 { out += "," }
        Self.writeString(m.key, into: &out)
        out += ":"
        m.value.write(into: &out)
      }
      out += "}"
    case .array(let elements):
      out += "["
      for (i, e) in elements.enumerated() {
        if i > 0 { out += "," }
        e.write(into: &out)
      }
      out += "]"
    case .string(let s): Self.writeString(s, into: &out)
    // Built in code, a number's text may be anything: write only what is a JSON number.
    case .number(let t): out += JSONParser.isNumber(t) ? t : "null"
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    }
  }

  /// A string between quotes with `"`, `\` and the control characters escaped (RFC 8259
  /// §7); everything else, non-ASCII included, is written as UTF-8.
  static func writeString(_ s: String, into out: inout String) {
    Quoting.quote(s, into: &out) { u in
      switch u {
      case "\u{08}": "\\b"
      case "\u{0C}": "\\f"
      case "\u{00}"..."\u{1F}": "\\u" + Quoting.hex(u.value, digits: 4)
      default: nil
      }
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
  public init(stringLiteral s: String) { self = .string(s) }
  public init(booleanLiteral b: Bool) { self = .bool(b) }
  public init(integerLiteral n: Int) { self = .int(n) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// An object with its members in the order written.
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(members.map { Member(key: $0.0, value: $0.1) })
  }
}
