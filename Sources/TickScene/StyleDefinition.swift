/// A style as data: the settled looks of each state and how every property moves between
/// them. A built-in `AnimationStyle` names one; a style file (`--style FILE.json`) holds
/// one of its own.
public struct StyleDefinition: Equatable, Sendable {
  /// What the HUD and the window title call it.
  public var name: String
  /// One line: what moves.
  public var summary: String
  public var off: Look
  public var on: Look
  public var mixed: Look
  /// How properties move toward `on` or `mixed`.
  public var enter: Timing
  /// How properties move toward `off` (`--deselect animate`).
  public var exit: Timing

  public init(
    name: String, off: Look, on: Look, mixed: Look, enter: Timing, exit: Timing,
    summary: String = ""
  ) {
    self.name = name
    self.summary = summary
    self.off = off
    self.on = on
    self.mixed = mixed
    self.enter = enter
    self.exit = exit
  }

  /// The settled look for `state`.
  public func look(_ state: ViewState) -> Look {
    switch state {
    case .off: off
    case .on: on
    case .mixed: mixed
    }
  }

  /// Whether every change is instant: every track of both timings jumps as the transition
  /// starts, so no animation need run at all (the built-in `none`).
  public var isInstant: Bool {
    (enter.tracks + exit.tracks).allSatisfy { $0 == .atStart }
  }
}
