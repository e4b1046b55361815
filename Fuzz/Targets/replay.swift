// Fuzz target `replay`: a replay script as `--replay FILE` reads it.

import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickScene

/// Any bytes either parse, write back to text that parses to the same script, turn into
/// steps at every step rate `--hz` accepts, and replay onto a scene; or are refused with
/// one line that names a line inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  do {
    let script = try ReplayScript.parse(bytes)
    require((try? ReplayScript.parse(script.text)) == script, "the script reads back differently")
    for hz in [1, 60, 120, 10_000] { _ = script.steps(hz: hz) }
    applyToScene(script)
  } catch {
    let lines = 1 + bytes.count { $0 == 0x0A }
    require((1...lines).contains(error.line), "error on line \(error.line) of \(lines)")
    require(!error.message.isEmpty, "an empty replay error")
    require(
      isPrintableLine(error.description),
      "an error that is not one printable line: \(error.description.debugDescription)")
  }
  return 0
}

/// Gamepad steps taken before each action at most: enough to pass the focus repeat's
/// delay and several repeats at 120 Hz, few enough that a script an hour long stays fast.
let padStepsPerAction = 200

/// What play and render do with a script (`ScriptDriver`): each input goes to the scene at
/// its step, and each key or gamepad button to the controls by its command
/// (`KeyCommand(input:)`, as `Controls.replay` does); the gamepad steers at each step
/// (`Scene.stepPad`); a frame is drawn after each input and from scratch at the end.
func applyToScene(_ script: ReplayScript) {
  let options = LaunchOptions()
  var scene = Scene(options: options, softwareRenderer: false)
  var controls = Controls(seed: options.seed, rain: options.rain)
  var clock = FixedStepClock(hz: options.hz)
  var builder = FrameBuilder()
  var list = DrawList()
  for s in script.steps(hz: scene.hz) {
    let due = Int(s.step - scene.step)
    for _ in 0..<min(due, padStepsPerAction) {
      scene.stepPad()
      scene.advance(steps: 1)
    }
    scene.advance(steps: Int(s.step - scene.step))
    if case .quit = s.action { break }
    guard case .input(let input) = s.action else { continue }
    if case .key = input {} else { scene.handle(input, cause: .script) }
    if let c = KeyCommand(input: input) {
      if c == .quit { break }
      if c.traits.replayed { controls.apply(c, scene: &scene, clock: &clock, cause: .script) }
    }
    builder.build(
      scene, changes: scene.takeChanges(), full: false, present: Double(scene.step),
      into: &list)
  }
  builder.build(
    scene, changes: SceneChanges(everything: true), full: true, present: Double(scene.step),
    into: &list)
}
