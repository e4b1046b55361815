/// Why a JSON text was rejected, and where: a 1-based line and column.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kinds of error, one per rule of RFC 8259 that input can break.
  public enum Kind: String, Equatable, Sendable, CaseIterable {
    /// The input ended inside a value (or held no value at all).
    case unexpectedEnd
    /// A character that cannot start or continue what was expected there.
    case unexpectedCharacter
    /// A number that breaks the grammar: `-`, `01`, `1.`, `1e`.
    case invalidNumber
    /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
    case invalidEscape
    /// `\u` without four hex digits, or a surrogate without its pair.
    case invalidUnicodeEscape
    /// A raw control character (U+0000–U+001F) inside a string.
    case controlCharacterInString
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// Arrays and objects nested deeper than the limit.
    case tooDeep
    /// More after the one top-level value.
    case trailingContent
  }

  public var kind: Kind
  public var line: Int
  public var column: Int
  /// What was found and what was expected there.
  public var message: String

  public init(_ kind: Kind, line: Int, column: Int, _ message: String) {
    self.kind = kind
    self.line = line
    self.column = column
    self.message = message
  }

  /// `LINE:COLUMN: message`.
  public var description: String { "\(line):\(column): \(message)" }
}
