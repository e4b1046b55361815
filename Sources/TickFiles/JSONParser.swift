/// A recursive-descent parser for one JSON text, tracking line and column as it goes.
///
/// It reads bytes, not `Character`s, so that invalid UTF-8 is an error at a position
/// rather than a silent U+FFFD, and so that it stays linear in the input's length.
struct JSONParser {
  private let bytes: [UInt8]
  private let maxDepth: Int
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0

  init(_ bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = max(0, maxDepth)
  }

  /// The whole document: one value between optional whitespace.
  mutating func parseDocument() throws(JSONError) -> JSONValue {
    // RFC 8259 §8.1: a parser may ignore a byte order mark.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw error(
        .trailingContent, "unexpected \(found()) after the JSON value: expected the end")
    }
    return value
  }

  /// Whether `text` is exactly one JSON number, with nothing around it: the check the
  /// writer makes on number text built in code.
  static func isNumber(_ text: String) -> Bool {
    var p = JSONParser(Array(text.utf8), maxDepth: 0)
    guard (try? p.parseNumber()) != nil else { return false }
    return p.index == p.bytes.count
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONError) -> JSONValue {
    guard let b = peek else {
      throw error(.unexpectedEnd, "unexpected end of input: expected a JSON value")
    }
    switch b {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default:
      throw error(
        .unexpectedCharacter,
        "unexpected \(found()): expected a JSON value (object, array, string, number, "
          + "true, false or null)")
    }
  }

  private mutating func parseObject() throws(JSONError) -> JSONValue {
    try enter()
    advance()  // {
    var members: [JSONValue.Member] = []
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      advance()
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        let what = members.isEmpty ? "a string key or '}'" : "a string key (no trailing comma)"
        throw unexpected(expected: what)
      }
      let (keyLine, keyColumn) = (line, column)
      let key = try parseString()
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
      advance()
      skipWhitespace()
      let value = try parseValue()
      members.append(.init(key: key, value: value, line: keyLine, column: keyColumn))
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        advance()
      } else if peek == UInt8(ascii: "}") {
        advance()
        depth -= 1
        return .object(members)
      } else {
        throw unexpected(expected: "',' or '}' after an object member")
      }
    }
  }

  private mutating func parseArray() throws(JSONError) -> JSONValue {
    try enter()
    advance()  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      advance()
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek == UInt8(ascii: "]") {
        throw error(.unexpectedCharacter, "unexpected ']': expected a value (no trailing comma)")
      }
      elements.append(try parseValue())
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        advance()
      } else if peek == UInt8(ascii: "]") {
        advance()
        depth -= 1
        return .array(elements)
      } else {
        throw unexpected(expected: "',' or ']' after an array element")
      }
    }
  }

  private mutating func enter() throws(JSONError) {
    guard depth < maxDepth else {
      throw error(.tooDeep, "arrays and objects nested deeper than \(maxDepth) levels")
    }
    depth += 1
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue)
    throws(JSONError) -> JSONValue
  {
    let text = word.withUTF8Buffer { Array($0) }
    for expected in text {
      guard let b = peek else {
        throw error(.unexpectedEnd, "unexpected end of input: expected '\(word)'")
      }
      guard b == expected else {
        throw error(.unexpectedCharacter, "unexpected \(found()): expected '\(word)'")
      }
      advance()
    }
    return value
  }

  // MARK: - Numbers

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    if peek == UInt8(ascii: "-") { advance() }
    guard let first = peek, isDigit(first) else {
      throw error(.invalidNumber, "invalid number: expected a digit after '-', found \(found())")
    }
    advance()
    if first == UInt8(ascii: "0"), let b = peek, isDigit(b) {
      throw error(.invalidNumber, "invalid number: leading zeros are not allowed")
    }
    skipDigits()
    if peek == UInt8(ascii: ".") {
      advance()
      guard let b = peek, isDigit(b) else {
        throw error(
          .invalidNumber, "invalid number: expected a digit after '.', found \(found())")
      }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      advance()
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
      guard let b = peek, isDigit(b) else {
        throw error(
          .invalidNumber, "invalid number: expected a digit in the exponent, found \(found())")
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Every reader converts through Double, so a number beyond its range means nothing
    // here; Foundation's JSONSerialization refuses it too (the tests cross-check).
    guard Double(text)?.isFinite == true else {
      index = start
      throw error(.invalidNumber, "number out of range: its magnitude passes 1.8e308")
    }
    return .number(text)
  }

  private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  private mutating func skipDigits() {
    while let b = peek, isDigit(b) { advance() }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONError) -> String {
    let (startLine, startColumn) = (line, column)
    advance()  // "
    var out: [UInt8] = []
    while true {
      guard let b = peek else {
        throw error(
          .unexpectedEnd,
          "unexpected end of input in the string that starts at \(startLine):\(startColumn): "
            + "expected '\"'")
      }
      switch b {
      case UInt8(ascii: "\""):
        advance()
        // Every byte appended was validated as UTF-8 (or came from an escape).
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &out)
      case 0..<0x20:
        throw error(
          .controlCharacterInString,
          "control character U+\(hex(UInt32(b), width: 4)) in a string: write it as an escape "
            + "such as \\n or \\u00XX")
      case 0x20..<0x80:
        out.append(b)
        advance()
      default:
        let n = try utf8Sequence()
        out.append(contentsOf: bytes[index..<index + n])
        for _ in 0..<n { advance() }
      }
    }
  }

  private mutating func parseEscape(into out: inout [UInt8]) throws(JSONError) {
    advance()  // backslash
    guard let e = peek else {
      throw error(.unexpectedEnd, "unexpected end of input after '\\' in a string")
    }
    let simple: UInt8?
    switch e {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      throw error(
        .invalidEscape,
        "invalid escape '\\\(printable(e))': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
          + "\\uXXXX")
    }
    if let s = simple {
      out.append(s)
      advance()
      return
    }
    let (uLine, uColumn) = (line, column - 1)
    advance()  // u
    var scalar = try hex4()
    if (0xDC00...0xDFFF).contains(scalar) {
      throw JSONError(
        .invalidUnicodeEscape, line: uLine, column: uColumn,
        "invalid \\u escape: a low surrogate (\\u\(hex(scalar, width: 4))) without a high "
          + "surrogate before it")
    }
    if (0xD800...0xDBFF).contains(scalar) {
      guard peek == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
        throw JSONError(
          .invalidUnicodeEscape, line: uLine, column: uColumn,
          "invalid \\u escape: a high surrogate (\\u\(hex(scalar, width: 4))) must be followed "
            + "by a \\u escape of a low surrogate")
      }
      advance()
      advance()
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low) else {
        throw JSONError(
          .invalidUnicodeEscape, line: uLine, column: uColumn,
          "invalid \\u escape: \\u\(hex(scalar, width: 4)) must be followed by a low surrogate, "
            + "not \\u\(hex(low, width: 4))")
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    // Surrogates were handled above, so this scalar is valid.
    out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
  }

  private mutating func hex4() throws(JSONError) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek else {
        throw error(.unexpectedEnd, "unexpected end of input in a \\u escape")
      }
      let d: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - 0x30
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - 0x61 + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - 0x41 + 10
      default:
        throw error(
          .invalidUnicodeEscape,
          "invalid \\u escape: expected four hex digits, found \(found())")
      }
      v = v << 4 | UInt32(d)
      advance()
    }
    return v
  }

  /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7), or an
  /// error at its first byte.
  private func utf8Sequence() throws(JSONError) -> Int {
    let b0 = bytes[index]
    let n: Int
    var lo: UInt8 = 0x80
    var hi: UInt8 = 0xBF
    switch b0 {
    case 0xC2...0xDF: n = 2
    case 0xE0: (n, lo) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: n = 3
    case 0xED: (n, hi) = (3, 0x9F)
    case 0xF0: (n, lo) = (4, 0x90)
    case 0xF1...0xF3: n = 4
    case 0xF4: (n, hi) = (4, 0x8F)
    default:
      throw error(.invalidUTF8, "invalid UTF-8: byte 0x\(hex(UInt32(b0), width: 2))")
    }
    for k in 1..<n {
      let i = index + k
      let ok = i < bytes.count && (k == 1 ? (lo...hi) : (0x80...0xBF)).contains(bytes[i])
      guard ok else {
        throw error(
          .invalidUTF8,
          "invalid UTF-8: the sequence that starts with byte 0x\(hex(UInt32(b0), width: 2)) "
            + "is broken")
      }
    }
    return n
  }

  // MARK: - Reading

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func peek(_ ahead: Int) -> UInt8? {
    index + ahead < bytes.count ? bytes[index + ahead] : nil
  }

  /// Moves one byte on; a UTF-8 continuation byte does not start a new column.
  private mutating func advance() {
    guard index < bytes.count else { return }
    let b = bytes[index]
    index += 1
    if b == 0x0A {
      line += 1
      column = 1
    } else if b & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { advance() }
  }

  // MARK: - Errors

  private func error(_ kind: JSONError.Kind, _ message: String) -> JSONError {
    JSONError(kind, line: line, column: column, message)
  }

  private func unexpected(expected: String) -> JSONError {
    guard peek != nil else {
      return error(.unexpectedEnd, "unexpected end of input: expected \(expected)")
    }
    return error(.unexpectedCharacter, "unexpected \(found()): expected \(expected)")
  }

  /// The byte at `index` as an error message shows it.
  private func found() -> String {
    guard let b = peek else { return "end of input" }
    if b >= 0x80 { return "byte 0x\(hex(UInt32(b), width: 2))" }
    return "'\(printable(b))'"
  }

  private func printable(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u\(hex(UInt32(b), width: 4))"
  }

  private func hex(_ v: UInt32, width: Int) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }
}
