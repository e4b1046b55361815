import Testing
import TickFiles

@Suite struct JSONValueTests {
  func parse(_ s: String) throws(JSONError) -> JSONValue { try JSONValue.parse(s) }

  /// The error `text` gives, or nil when it parses.
  func failure(_ text: String) -> JSONError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Valid documents

  @Test func scalarsAtTopLevel() throws {
    #expect(try parse("null") == .null)
    #expect(try parse(" true ") == .bool(true))
    #expect(try parse("false") == .bool(false))
    #expect(try parse("\"hi\"") == .string("hi"))
    #expect(try parse("-12.5e+3") == .number("-12.5e+3"))
    #expect(try parse("0") == .number("0"))
    #expect(try parse("-0.0E-0") == .number("-0.0E-0"))
  }

  @Test func objectsKeepTheirKeysInOrderWithPositions() throws {
    let v = try parse("{\n  \"b\": 1,\n  \"a\": [true, null, {}],\n  \"c\": {\"d\": \"e\"}\n}")
    guard case .object(let m) = v else {
      Issue.record("not an object")
      return
    }
    #expect(m.map(\.key) == ["b", "a", "c"])
    #expect(m.map(\.line) == [2, 3, 4])
    #expect(m.allSatisfy { $0.column == 3 })
    #expect(m[1].value == .array([.bool(true), .null, .object([])]))
    #expect(v["c"]?["d"] == .string("e"))
    #expect(v["missing"] == nil)
  }

  @Test func duplicateKeysAreKeptForTheReaderToJudge() throws {
    let v = try parse("{\"a\": 1, \"a\": 2}")
    #expect(
      v == .object([.init(key: "a", value: .number("1")), .init(key: "a", value: .number("2"))]))
    #expect(v["a"] == .number("1"))
  }

  @Test func stringEscapesAndUnicode() throws {
    #expect(
      try parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \ud83d\ude00""#)
        == .string("\" \\ / \u{8} \u{C} \n \r \t A é 😀"))
    #expect(try parse("\"héllo ✓ 😀\"") == .string("héllo ✓ 😀"))
    #expect(try parse(#""\u0000""#) == .string("\u{0}"))
  }

  @Test func whitespaceAndByteOrderMark() throws {
    #expect(try parse(" \t\r\n[ 1 , 2 ]\n") == .array([.number("1"), .number("2")]))
    #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object([]))
  }

  @Test func accessors() throws {
    #expect(try parse("2.5").doubleValue == 2.5)
    #expect(failure("1e999")?.kind == .invalidNumber)  // beyond Double, as Foundation says
    #expect(try parse("1e-999").doubleValue == 0)
    #expect(try parse("\"2\"").doubleValue == nil)
    #expect(
      try ["{}", "[]", "\"\"", "1", "true", "null"].map { try parse($0).typeName }
        == ["object", "array", "string", "number", "boolean", "null"])
  }

  // MARK: - Errors, one per kind, with line and column

  @Test(arguments: [
    // (text, kind, line, column, words in the message)
    ("", JSONError.Kind.unexpectedEnd, 1, 1, "expected a JSON value"),
    ("{\"a\": 1,\n \"b\": ", .unexpectedEnd, 2, 7, "expected a JSON value"),
    ("[1, 2", .unexpectedEnd, 1, 6, "',' or ']'"),
    ("\"abc", .unexpectedEnd, 1, 5, "starts at 1:1"),
    ("tru", .unexpectedEnd, 1, 4, "'true'"),
    ("{'a': 1}", .unexpectedCharacter, 1, 2, "string key"),
    ("{\"a\": 1,}", .unexpectedCharacter, 1, 9, "no trailing comma"),
    ("[1,\n 2,\n ]", .unexpectedCharacter, 3, 2, "no trailing comma"),
    ("{\"a\" 1}", .unexpectedCharacter, 1, 6, "':'"),
    ("[1 2]", .unexpectedCharacter, 1, 4, "',' or ']'"),
    ("nul", .unexpectedEnd, 1, 4, "'null'"),
    ("[nulL]", .unexpectedCharacter, 1, 5, "'null'"),
    ("// no comments\n1", .unexpectedCharacter, 1, 1, "JSON value"),
    ("[NaN]", .unexpectedCharacter, 1, 2, "JSON value"),
    ("-", .invalidNumber, 1, 2, "digit after '-'"),
    ("01", .invalidNumber, 1, 2, "leading zeros"),
    ("[1.]", .invalidNumber, 1, 4, "after '.'"),
    ("1e+", .invalidNumber, 1, 4, "exponent"),
    ("+1", .unexpectedCharacter, 1, 1, "JSON value"),
    (".5", .unexpectedCharacter, 1, 1, "JSON value"),
    (#"["\x"]"#, .invalidEscape, 1, 4, "\\n"),
    (#""\u12G4""#, .invalidUnicodeEscape, 1, 6, "four hex digits"),
    (#""ab\udc00""#, .invalidUnicodeEscape, 1, 4, "low surrogate"),
    (#""\ud800x""#, .invalidUnicodeEscape, 1, 2, "high surrogate"),
    (#""\ud800\u0041""#, .invalidUnicodeEscape, 1, 2, "low surrogate"),
    ("\"a\tb\"", .controlCharacterInString, 1, 3, "U+0009"),
    ("\"line\nbreak\"", .controlCharacterInString, 1, 6, "U+000A"),
    ("1 2", .trailingContent, 1, 3, "end"),
    ("{} x", .trailingContent, 1, 4, "end"),
  ])
  func errorsSayWhereAndWhat(
    text: String, kind: JSONError.Kind, line: Int, column: Int, words: String
  ) {
    guard let e = failure(text) else {
      Issue.record("'\(text)' parsed")
      return
    }
    #expect(e.kind == kind, "\(e)")
    #expect(e.line == line && e.column == column, "\(e)")
    #expect(e.message.contains(words), "\(e)")
    #expect(e.description.hasPrefix("\(line):\(column): "))
  }

  @Test func invalidUTF8IsAnErrorAtItsByte() {
    let cases: [[UInt8]] = [
      [0x22, 0x61, 0xFF, 0x22],  // never valid
      [0x22, 0x61, 0xC3, 0x22],  // truncated 2-byte sequence
      [0x22, 0x61, 0xC0, 0xAF, 0x22],  // overlong '/'
      [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
      [0x22, 0x61, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
    ]
    for bytes in cases {
      do {
        _ = try JSONValue.parse(bytes)
        Issue.record("\(bytes) parsed")
      } catch {
        #expect(error.kind == .invalidUTF8 && error.line == 1 && error.column == 3, "\(error)")
      }
    }
    // Outside a string a non-ASCII byte is just an unexpected character.
    #expect(failure("[é]")?.kind == .unexpectedCharacter)
  }

  @Test func columnsCountCharactersNotBytes() {
    let e = failure("{\"é✓😀\": x}")
    #expect(e?.line == 1 && e?.column == 9, "\(String(describing: e))")
  }

  // MARK: - Depth

  @Test func nestingUpToTheLimitParsesAndBeyondItFails() throws {
    let limit = JSONValue.defaultMaxDepth
    let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(throws: Never.self) { try parse(ok) }
    let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(failure(deep)?.kind == .tooDeep)
    #expect(failure(deep)?.column == limit + 1)
    let objects =
      String(repeating: "{\"a\":", count: limit + 1) + "1"
      + String(repeating: "}", count: limit + 1)
    #expect(failure(objects)?.kind == .tooDeep)
    // Far deeper than any stack would survive without the limit.
    #expect(failure(String(repeating: "[", count: 1_000_000))?.kind == .tooDeep)
    #expect(try JSONValue.parse("[[1]]", maxDepth: 2) == .array([.array([.number("1")])]))
    #expect(throws: JSONError.self) { try JSONValue.parse("[[1]]", maxDepth: 1) }
  }
}
