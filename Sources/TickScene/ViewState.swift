/// A view's value: off, on, or mixed (indeterminate).
public enum ViewState: UInt8, Sendable, CaseIterable, CustomStringConvertible {
  case off = 0
  case on = 1
  case mixed = 2

  /// "off", "on" or "mixed", as events print it.
  public var description: String {
    switch self {
    case .off: "off"
    case .on: "on"
    case .mixed: "mixed"
    }
  }
}
