import TickAnimation

/// A style's looks and timings, built once so that stepping and drawing allocate nothing.
struct ResolvedStyle: Sendable {
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

  init(_ style: AnimationStyle) { self.init(style.definition) }

  @inlinable func look(_ s: ViewState) -> Look { looks[Int(s.rawValue)] }

  /// The timing of a transition kind.
  func timing(_ kind: Transition.Kind) -> Timing {
    switch kind {
    case .enter: enter
    case .exit: exit
    case .reverse: reverse
    }
  }
}

extension Transition {
  /// Which of a style's timings a running animation follows.
  public enum Kind: UInt8, Sendable {
    case enter, exit, reverse
  }
}
