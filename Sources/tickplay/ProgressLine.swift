/// A line on stderr at most once a second while a long run goes on, so that a run of
/// minutes is seen to move rather than taken for a hang.
struct ProgressLine {
  /// How often a line may be written: often enough to show movement, rarely enough not to
  /// flood a terminal.
  static let interval = Duration.seconds(1)

  /// What the run is, as the lines name it (`render`, `export`).
  let label: String
  private var last = ContinuousClock.now

  init(label: String) {
    self.label = label
  }

  /// Writes `tickplay: LABEL: TEXT` if a second has passed since the run began or since the
  /// last line; `text` is only worked out then.
  mutating func report(_ text: () -> String) {
    let now = ContinuousClock.now
    guard now - last >= Self.interval else { return }
    last = now
    Console.err("tickplay: \(label): \(text())")
  }
}
