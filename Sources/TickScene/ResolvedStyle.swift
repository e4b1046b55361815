import TickAnimation

/// A style's looks and timings, built once so that stepping and drawing allocate nothing.
///
/// A class: the scene hands it out for every look it computes, and a struct of four arrays
/// would be retained and released four times a view.
final class ResolvedStyle: Sendable {
  let looks: [Look]
  let enter: Timing
  let exit: Timing
  let reverse: Timing
  let isInstant: Bool

  init(_ style: StyleDefinition) {
    looks = ViewState.allCases.map { style.look($0) }
    enter = style.enter
    exit = style.exit
    reverse = style.enter.reversed
    isInstant = style.isInstant
  }

  convenience init(_ style: AnimationStyle) { self.init(style.definition) }

  @inlinable func look(_ s: ViewState) -> Look { looks[Int(s.rawValue)] }

  /// The timing of a transition kind.
  func timing(_ kind: Transition.Kind) -> Timing {
    switch kind {
    case .enter: enter
    case .exit: exit
    case .reverse: reverse
    }
  }

  /// The presented look at normalised time `u` of a transition of `kind` (the timing read
  /// in place, not copied).
  func look(_ kind: Transition.Kind, from: Look, to: Look, at u: Float, motion: Track.Motion)
    -> Look
  {
    switch kind {
    case .enter: enter.look(from: from, to: to, at: u, motion: motion)
    case .exit: exit.look(from: from, to: to, at: u, motion: motion)
    case .reverse: reverse.look(from: from, to: to, at: u, motion: motion)
    }
  }
}

extension Transition {
  /// Which of a style's timings a running animation follows.
  public enum Kind: UInt8, Sendable {
    case enter, exit, reverse
  }
}
