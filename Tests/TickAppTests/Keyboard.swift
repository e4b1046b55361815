import TickAnimation
import TickApp
import TickScene

/// Play's key dispatch, for tests: a key's command from the key table (`KeyCommand(key:)`),
/// carried out by the controls, as `Play` and `ScriptDriver` do with theirs.
struct Keyboard {
  var controls = Controls(seed: 1, rain: nil)
  var clock = FixedStepClock(hz: 120)

  /// Presses the key named `name`; its command, or nil for a key the table does not bind.
  @discardableResult
  mutating func press(_ name: String, on scene: inout Scene, cause: ValueChange.Cause = .key)
    -> KeyCommand?
  {
    guard let command = KeyCommand(key: name) else { return nil }
    controls.apply(command, scene: &scene, clock: &clock, cause: cause)
    return command
  }
}
