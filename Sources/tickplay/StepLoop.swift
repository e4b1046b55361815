import TickAnimation
import TickSDL
import TickScene

/// The one stepping loop: how `play`, `render`, `export` and `bench interact` take a
/// `Session`'s fixed steps and find the moment to draw.
///
/// A frame first schedules its steps — `advance(_:by:)` feeds the wall time that passed to
/// the session's clock (play, and bench interact's fixed 1/60 s), `seek(_:to:)` aims at an
/// exact scene time (render, export) — then `run` takes them one at a time: before each
/// step, and once after the last, the replay script's actions due at the scene's step
/// (`Session.applyDue`), then the stress drivers and the scene (`Session.step`). So every
/// action lands exactly at its step however the frames fall, and play and a headless
/// render of the same script reach the same scene.
///
/// A replayed `screenshot` (or quit) stops `run` at its own step: the caller draws that
/// frame (`presentStep` is then the step itself) and calls `run` again, or, in play, lets
/// the steps after it wait for the next frame (`pending`).
struct StepLoop {
  /// Steps due that are not taken yet: those after a script's stop wait for the next
  /// `run`.
  private(set) var pending: Int64 = 0
  /// How far the present lies past the last due step, in [0, 1): the clock's alpha (0
  /// while paused, when only the steps asked for one by one are taken).
  private var alpha = 0.0
  /// Whether the last `run` stopped at a script action: the frame then shows that step
  /// exactly.
  private var stopped = false

  /// Play: feeds `elapsed` wall seconds to the session's clock (none while paused) and
  /// schedules the whole steps that are due — while paused, the steps `.` asked for.
  mutating func advance(_ session: inout Session, by elapsed: Double) {
    let paused = session.controls.paused
    let clockSteps = session.clock.advance(by: paused ? 0 : elapsed)
    pending += Int64(paused ? session.controls.stepNow : clockSteps)
    session.controls.stepNow = 0
    alpha = paused ? 0 : session.clock.alpha
  }

  /// Headless: schedules the steps from the scene's step to the scene time `seconds`, and
  /// the fraction of a step past it, as a clock put at that time gives them.
  mutating func seek(_ session: Session, to seconds: Double) {
    var target = FixedStepClock(hz: session.scene.hz)
    target.seek(to: seconds)
    pending = max(target.step - session.scene.step, 0)
    alpha = target.alpha
  }

  /// Takes the pending steps one at a time, applying the script's actions due before each
  /// and after the last; `afterStep` follows each step (headless runs drop the value
  /// changes there, so memory stays flat however long the run).
  ///
  /// With `deadline` (play), once a step ends past it the steps still due are dropped:
  /// the scene's time falls behind the wall's rather than the frames stalling (see
  /// `StepDeadline`). At least one step is taken.
  ///
  /// Returns the script's stop — a screenshot to draw at this step, or a quit — with the
  /// steps after it still pending, or nil once every pending step is taken.
  mutating func run(
    _ session: inout Session, deadline: StepDeadline? = nil,
    afterStep: (inout Session) -> Void = { _ in }
  ) -> ScriptDriver.Stop? {
    while true {
      if let stop = session.applyDue() {
        stopped = true
        return stop
      }
      guard pending > 0 else { break }
      session.step()
      pending -= 1
      afterStep(&session)
      if let deadline, pending > 0, deadline.passed() {
        dropped += pending
        pending = 0
      }
    }
    stopped = false
    return nil
  }

  /// Steps dropped at a deadline since the start.
  private(set) var dropped: Int64 = 0

  /// The fractional step to draw the scene at: its step plus alpha once every due step is
  /// taken, or the step itself while steps wait or the run stopped at a script action (a
  /// replayed screenshot shows its own step).
  func presentStep(_ session: Session) -> Double {
    Double(session.scene.step) + (pending > 0 || stopped ? 0 : alpha)
  }
}

/// When play stops taking a frame's steps. The fixed-step clock gives as many steps as the
/// wall time that passed, up to a quarter of a second's (`FixedStepClock.maxFrameTime`):
/// when steps cost more than their share of a frame (A, K or C sweeping 16 million views
/// with `--events` written beside them: 15–30 ms a step), a slow frame brought more steps
/// the next, and frames grew to a second. Past the deadline the rest are dropped, so a
/// frame's steps take about `budget`, and the scene slows instead (Glenn Fiedler, "Fix
/// Your Timestep!", on the spiral of death).
struct StepDeadline {
  /// When the frame's steps began (`SDLSystem.now()`).
  var start: Double
  /// Seconds of steps a frame: half of a 60-Hz frame, the other half left to drawing.
  static let budget = 1.0 / 120

  /// Whether the frame's steps have had their time.
  func passed() -> Bool { SDLSystem.now() - start > Self.budget }
}
