/// Which views start selected (`--select`).
public enum Selection: Equatable, Sendable {
  case none
  case all
  /// Alternate cells, starting with cell (0, 0) selected.
  case checker
  /// Each cell independently with probability `p` in [0, 1], drawn from `--seed`.
  case random(Double)

  /// Parses `none`, `all`, `checker` or `random:P`; nil for anything else.
  public init?(argument s: String) {
    switch s {
    case "none": self = .none
    case "all": self = .all
    case "checker": self = .checker
    default:
      guard s.hasPrefix("random:"), let p = Double(s.dropFirst("random:".count)),
        p.isFinite, p >= 0, p <= 1
      else { return nil }
      self = .random(p)
    }
  }
}
