import TickGeometry
import TickScene

extension LaunchOptions {
  /// The options before any is given: the struct's own initial values. The defaults
  /// `--help` shows are written from these, so a default is stated once, as the initial
  /// value of its field.
  static let defaults = LaunchOptions()
}

extension LaunchOption.Default {
  /// A whole number, as the command line takes it.
  static func number(_ n: some BinaryInteger) -> Self { .value("\(n)") }

  /// A size, `WxH`.
  static func size(_ width: Int, _ height: Int) -> Self { .value("\(width)x\(height)") }

  /// Seconds, as a person writes them: `0.5`, and a whole number with no decimals (`0`).
  static func seconds(_ s: Double) -> Self {
    .value(s.rounded() == s && s.magnitude < Self.wholeLimit ? "\(Int(s))" : "\(s)")
  }

  /// Below this magnitude a whole `Double` converts to `Int` exactly (2^53).
  private static let wholeLimit = 0x1p53

  /// A choice, by the name the option accepts.
  static func name<T: RawRepresentable>(_ t: T) -> Self where T.RawValue == String {
    .value(t.rawValue)
  }

  /// A colour, `#rrggbb` (`#rrggbbaa` when not opaque).
  static func color(_ c: Color) -> Self { .value(c.hexString) }

  /// A `--select` mode, as `Selection(argument:)` reads it.
  static func selection(_ s: Selection) -> Self {
    switch s {
    case .none: .value("none")
    case .all: .value("all")
    case .checker: .value("checker")
    case .random(let p): .value("random:\(p)")
    }
  }
}
