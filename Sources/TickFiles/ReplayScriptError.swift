/// A replay script line that cannot be read: its 1-based line number and what was
/// expected there.
public struct ReplayScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var message: String

  /// Control characters in `message` (echoed from the script) are spelled as escapes.
  public init(line: Int, _ message: String) {
    self.line = line
    self.message = Quoting.printable(message)
  }

  /// `line N: message`.
  public var description: String { "line \(line): \(message)" }
}
