import CSignals

/// SIGINT, SIGTERM and SIGHUP (the terminal closing). In play, a request to quit: play
/// then stops as Esc stops it — the summary line, `--screenshot`, and `--record`,
/// `--events` and `--trace` written. In every other command they end the process at once,
/// with the part files of unfinished outputs removed (`WholeFile`), so an interrupted
/// `export` or `render` leaves the file it would have replaced, or nothing.
///
/// The handlers are C's (`CSignals`). In play, signals within a second of the first are
/// the same request (`timeout` sends SIGTERM to its child and again to the group); one
/// later ends the process as in the other commands, so a wedged loop can still be killed
/// with a second Ctrl+C. SDL's own handlers are off (`SDL_HINT_NO_SIGNAL_HANDLERS`).
enum QuitSignal {
  /// Play's handlers: the first signal asks the loop to quit.
  static func install() {
    csignals_install(CSIGNALS_QUIT)
  }

  /// The other commands' handlers: a signal removes the part files and ends the process.
  static func installDying() {
    csignals_install(CSIGNALS_DIE)
  }

  /// The signal that asked to quit, or nil.
  static var requested: Int32? {
    let s = csignals_requested()
    return s == 0 ? nil : s
  }
}
