/// A JSON value (RFC 8259), with an object's members in document order.
///
/// Numbers keep the text they were written with, so that no digits are lost on the way
/// (a 64-bit seed does not fit a `Double`): the reader decides how to convert them.
public enum JSONValue: Equatable, Sendable {
  case object([Member])
  case array([JSONValue])
  case string(String)
  /// A number as written in the document; from the parser it always has RFC 8259's
  /// number syntax.
  case number(String)
  case bool(Bool)
  case null

  /// One member of an object: a key, its value, and where the key starts.
  public struct Member: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    /// The key's line and column, 1-based (0 for members built in code). They are not
    /// part of equality: two documents with the same content are equal however laid out.
    public var line: Int
    public var column: Int

    public init(key: String, value: JSONValue, line: Int = 0, column: Int = 0) {
      self.key = key
      self.value = value
      self.line = line
      self.column = column
    }

    public static func == (a: Member, b: Member) -> Bool {
      a.key == b.key && a.value == b.value
    }
  }

  /// The deepest nesting of arrays and objects `parse` accepts by default. Parsing
  /// recurses once per level, so a limit keeps hostile input from exhausting the stack.
  public static let defaultMaxDepth = 64

  /// Parses one JSON text (UTF-8, an optional byte order mark, surrounding whitespace).
  ///
  /// Strict: no comments, trailing commas, single quotes, NaN, leading zeros or
  /// unescaped control characters. Duplicate keys are kept, in order; the reader decides
  /// whether they are an error. Never traps: every bad input is a `JSONError` that says
  /// where, at 1-based line and column (columns count characters, not bytes).
  public static func parse(
    _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONError) -> JSONValue {
    var parser = JSONParser(Array(bytes), maxDepth: maxDepth)
    return try parser.parseDocument()
  }

  /// Parses one JSON text from a string.
  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError)
    -> JSONValue
  {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  /// The kind of value, as an error message names it: "object", "array", "string",
  /// "number", "boolean" or "null".
  public var typeName: String {
    switch self {
    case .object: "object"
    case .array: "array"
    case .string: "string"
    case .number: "number"
    case .bool: "boolean"
    case .null: "null"
    }
  }

  /// The value of the first member named `key`, if this is an object that has one.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A number's value as a `Double`; nil for other kinds. (The parser refuses numbers
  /// beyond `Double`'s range, so a parsed number is always finite.)
  public var doubleValue: Double? {
    guard case .number(let text) = self else { return nil }
    return Double(text)
  }
}
