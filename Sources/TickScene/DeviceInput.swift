/// What a finger did, in an `InputEvent.finger`.
public enum FingerPhase: String, Equatable, Sendable, CaseIterable {
  case down, move, up
}

/// A gamepad button, by position on an Xbox-style pad, named as SDL's game controller API
/// names it (`SDL_GameControllerGetStringForButton`): `a` is the bottom face button
/// whatever its label (Cross on a PlayStation pad, B on a Nintendo one).
///
/// SDL's newer buttons (`misc1`, the paddles, `touchpad`) are left out: few pads have them,
/// and nothing is bound to them.
public enum PadButton: String, Equatable, Hashable, Sendable, CaseIterable {
  case a, b, x, y, back, guide, start
  case leftStick = "leftstick"
  case rightStick = "rightstick"
  case leftShoulder = "leftshoulder"
  case rightShoulder = "rightshoulder"
  case dpadUp = "dpup"
  case dpadDown = "dpdown"
  case dpadLeft = "dpleft"
  case dpadRight = "dpright"

  /// The way a D-pad button points; nil for the others.
  public var direction: SceneKey.Direction? {
    switch self {
    case .dpadUp: return .up
    case .dpadDown: return .down
    case .dpadLeft: return .left
    case .dpadRight: return .right
    default: return nil
    }
  }
}

/// A gamepad axis, named as SDL's game controller API names it
/// (`SDL_GameControllerGetStringForAxis`).
public enum PadAxis: String, Equatable, Hashable, Sendable, CaseIterable {
  case leftX = "leftx"
  case leftY = "lefty"
  case rightX = "rightx"
  case rightY = "righty"
  case leftTrigger = "lefttrigger"
  case rightTrigger = "righttrigger"
}
