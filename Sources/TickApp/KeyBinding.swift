import TickScene

/// One row of the key table (`KeyTable.bindings`): the keys, what each does, and the help
/// that describes them, declared together so that help and dispatch cannot disagree.
public struct KeyBinding: Sendable {
  /// One key press, by its name as `InputEvent.keyPress` gives it (`"a"`, `"ctrl+q"`,
  /// `"shift+left"`, `"keypad 0"`), and the command it runs.
  public struct Press: Sendable, Equatable {
    public let key: String
    public let command: KeyCommand

    public init(_ key: String, _ command: KeyCommand) {
      self.key = key
      self.command = command
    }
  }

  /// The keys as help and the README show them: `"1–9, 0"`, `"Esc, Q, Ctrl+C, Ctrl+Q"`.
  public let label: String
  /// What they do. Markdown code spans (`` `--rain RATE` ``) show plain in a terminal.
  public let help: String
  /// The key presses bound: none for a pointer gesture (click, drag, wheel), which the
  /// scene reads from pointer events itself and which the table lists for the help only.
  public let presses: [Press]

  public init(_ label: String, _ help: String, _ presses: [Press] = []) {
    self.label = label
    self.help = help
    self.presses = presses
  }

  /// Keys that each run one command, in order: `["t": .cycleTiming]`.
  public init(_ label: String, _ help: String, keys: KeyValuePairs<String, KeyCommand>) {
    self.init(label, help, keys.map { Press($0.key, $0.value) })
  }
}
