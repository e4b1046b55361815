import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM as a request to quit: play then stops as Esc stops it — the summary
/// line, `--screenshot`, and `--record`, `--events` and `--trace` flushed.
///
/// The handler only stores the signal's number in an atomic (an async-signal-safe store);
/// the loop reads it once a frame. A second signal after the first one is left to its
/// default action, so a wedged loop can still be killed with a second Ctrl+C.
enum QuitSignal {
  private static let raised = Atomic<Int32>(0)

  /// Installs the handlers. SDL's own are off (`SDL_HINT_NO_SIGNAL_HANDLERS`).
  static func install() {
    // Touch the atomic here: a static's first use runs its initialiser, which a signal
    // handler must never be the one to do.
    _ = raised.load(ordering: .relaxed)
    var set = sigset_t()
    sigemptyset(&set)
    for s in [SIGINT, SIGTERM] {
      signal(s) { number in
        QuitSignal.raised.store(number, ordering: .relaxed)
        signal(number, SIG_DFL)
      }
      sigaddset(&set, s)
    }
    // A parent may start us with them blocked (a child inherits its spawning thread's
    // mask, and libdispatch's worker threads block signals): then no handler would run.
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The signal that asked to quit, or nil.
  static var requested: Int32? {
    let s = raised.load(ordering: .relaxed)
    return s == 0 ? nil : s
  }
}
