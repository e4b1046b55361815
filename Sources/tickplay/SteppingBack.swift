import TickScene

/// What play takes while a step back is worked out on the seek's thread
/// (`StepBackSeek`): the step-back keys pressed meanwhile, which make the next step back,
/// and the inputs that answer at once (a pointer move, a wheel notch). Each is recorded
/// (`--record`) once the step back it came with lands, in the order taken: as it would
/// have been had the step back been taken at once.
struct SteppingBack {
  /// The inputs taken with the step back under way: its key, then what was answered.
  private var current: [InputEvent] = []
  /// The steps asked for after it, and the inputs taken since the first of those.
  private var queuedSteps = 0
  private var queued: [InputEvent] = []

  /// What a landing leaves to do.
  struct Landed {
    /// The inputs to record now, in order.
    var inputs: [InputEvent]
    /// The steps back to start next; 0: none.
    var nextSteps: Int
  }

  /// A step back started with `input`'s key.
  mutating func started(by input: InputEvent) { current = [input] }

  /// `input`'s key asks for `steps` more, after the step back under way.
  mutating func ask(_ steps: Int, by input: InputEvent) {
    queuedSteps += steps
    queued.append(input)
  }

  /// `input` was answered while a step back was under way.
  mutating func answered(_ input: InputEvent) {
    if queuedSteps > 0 { queued.append(input) } else { current.append(input) }
  }

  /// The step back under way landed: its inputs to record, and the steps asked for since,
  /// whose inputs are then the ones under way.
  mutating func landed() -> Landed {
    let done = Landed(inputs: current, nextSteps: queuedSteps)
    current = queued
    queued = []
    queuedSteps = 0
    return done
  }
}
