extension KeyCommand {
  /// What the rest of the program needs to know of a command besides what it does
  /// (`Controls.apply`) and what it answers (`feedback`).
  public struct Traits: Equatable, Sendable {
    /// Whether the command changes the timeline — values, styles, the stress drivers —
    /// and so is journalled by `StepHistory` (and, behind the head, drops the future).
    public var journalled: Bool
    /// Whether a replay (`--replay`) carries the command out. A replay runs scene time
    /// straight through and saves frames with its own `screenshot` lines, so the loop's
    /// own keys (pause, slow motion, steps, F12, L) are not replayed, nor quit, which ends
    /// the replay.
    public var replayed: Bool

    /// A command of the timeline: journalled and replayed.
    static let timeline = Traits(journalled: true, replayed: true)
    /// A command of the view (focus, pan, fit, HUD, path, help): replayed, since it
    /// changes what a replay's screenshots show, but not journalled.
    static let view = Traits(journalled: false, replayed: true)
    /// A command of the loop or the clock: neither.
    static let loop = Traits(journalled: false, replayed: false)

    /// Whether the command changes only the view (focus, pan, fit, HUD, path, help):
    /// neither the timeline nor the loop.
    public var isView: Bool { self == .view }
  }

  /// The command's traits, declared here for every command: a new one does not compile
  /// until it is given its own.
  public var traits: Traits {
    switch self {
    case .style, .cycleTiming, .cycleDeselect, .toggleAll, .toggleRain, .rainSlower,
      .rainFaster, .wave, .checkerboard, .clear, .loadLower, .loadHigher,
      .scene(.toggleFocused), .scene(.toggleMixed):
      return .timeline
    case .scene(.resetView), .scene(.fitView), .scene(.focusNext), .scene(.focusPrevious),
      .scene(.moveFocus), .scene(.pan), .scene(.zoomIn), .scene(.zoomOut), .toggleHelp,
      .cyclePath, .toggleHUD:
      return .view
    // L's probes move the load by wall time, not by a key: they are neither journalled nor
    // recorded, so a step back during a search re-simulates the load of the last checkpoint.
    case .toggleSlowMotion, .togglePause, .stepOnce, .stepTenth, .stepBack, .stepBackTenth,
      .screenshot, .quit, .findLimit:
      return .loop
    }
  }
}
