import TickFiles
import TickGeometry

/// The value given to one option, with the checks options share: each failure is a usage
/// error that names the option and what it accepts.
public struct OptionArgument: Sendable {
  /// The option as written, `--name`.
  public let option: String
  /// The value; empty for a flag.
  public let text: String

  /// "invalid value 'V' for --name: expected `expected`".
  func invalid(_ expected: String) -> UsageError {
    UsageError("invalid value '\(text)' for \(option): expected \(expected)")
  }

  /// A whole number in `range`.
  func integer(in range: ClosedRange<Int>, unit: String) throws(UsageError) -> Int {
    guard let n = Int(text), range.contains(n) else {
      throw invalid(
        "a whole number of \(unit), \(range.lowerBound)–\(range.upperBound)")
    }
    return n
  }

  /// `AxB`, both whole numbers from 1 to `max`.
  func size(max: Int) throws(UsageError) -> (width: Int, height: Int) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 1, b >= 1,
      a <= max, b <= max
    else {
      throw invalid("AxB with whole numbers 1–\(max), for example 1280x800")
    }
    return (a, b)
  }

  /// Seconds from 0 to `max`.
  func seconds(max: Double) throws(UsageError) -> Double {
    guard let s = Double(text), s.isFinite, s >= 0, s <= max else {
      throw invalid("seconds, a number from 0 to \(Int(max))")
    }
    return s
  }

  /// `#rrggbb` or `#rrggbbaa`.
  func color() throws(UsageError) -> Color {
    guard text.hasPrefix("#"), let c = Color(hex: text) else {
      throw invalid("#rrggbb or #rrggbbaa")
    }
    return c
  }

  /// A file name: not empty, and not something that looks like an option.
  func path() throws(UsageError) -> String {
    guard !text.isEmpty, !text.hasPrefix("-") else {
      throw UsageError("option \(option) needs a file name, got '\(text)'")
    }
    return text
  }

  /// The case of `T` named by the value ("expected a, b or c" otherwise).
  func choice<T: CaseIterable & RawRepresentable>(_: T.Type = T.self) throws(UsageError) -> T
  where T.RawValue == String {
    if let t = T(rawValue: text) { return t }
    let names = T.allCases.map(\.rawValue)
    let question = Suggestion.aside(for: text, among: names)
    throw invalid(Self.list(names) + question)
  }

  /// "a, b or c".
  static func list(_ all: [String]) -> String {
    all.count > 1 ? all.dropLast().joined(separator: ", ") + " or " + all.last! : all[0]
  }
}

/// `on` or `off`.
enum Switch: String, CaseIterable {
  case on, off
}
