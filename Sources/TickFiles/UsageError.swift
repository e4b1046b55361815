/// Input that cannot be used — a command line, or a file it names: the message names the
/// option, or the file and its line, and what it accepts.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  /// Control characters in `message` (echoed from the input) are spelled as escapes: one
  /// printable line, whatever the input held.
  public init(_ message: String) { self.message = Quoting.printable(message) }
  public var description: String { message }
}
