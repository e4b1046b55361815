import TickScene

/// One row of the gamepad's table (`PadTable.bindings`): the buttons, what each does, and
/// the help that describes them, declared together as a key's are (`KeyBinding`).
public struct PadBinding: Sendable {
  /// One button, by SDL's name for it, and the command its press runs.
  public struct Press: Sendable, Equatable {
    public let button: PadButton
    public let command: KeyCommand

    public init(_ button: PadButton, _ command: KeyCommand) {
      self.button = button
      self.command = command
    }
  }

  /// The buttons as help and the README show them: `"A"`, `"LB, RB"`.
  public let label: String
  /// What they do. Markdown code spans show plain in a terminal.
  public let help: String
  /// What they do in a word or two, for the help overlay's one paragraph of buttons
  /// (`PadTable.briefLines`): the overlay must still fit the launch window with the keys.
  public let brief: String
  /// The presses bound: none for the D-pad and the sticks, which the scene reads itself
  /// (they act over time, `Scene.stepPad`) and which the table lists for the help only.
  public let presses: [Press]

  public init(_ label: String, _ help: String, brief: String, _ presses: [Press] = []) {
    self.label = label
    self.help = help
    self.brief = brief
    self.presses = presses
  }
}
