import Foundation

/// How often a wait looks at its condition again. Short against the conditions waited for
/// (a frame is 16.7 ms, an xdotool or `import` run tens of ms), long enough that a test
/// polling a file or a pipe leaves the CPU to the app it waits for.
public let pollInterval: TimeInterval = 0.02

/// Looks at `probe` until it gives a value, and returns that value; nil once `timeout`
/// seconds have passed without one.
///
/// This is the one way tests wait: for a condition (a file, a window property, a pixel, an
/// output line) with a deadline, never for a fixed time. The probe runs at least once, and
/// once more at the deadline, so a slow machine that overruns the deadline between two
/// looks still gets its last look. `while` stops the wait early (a child that exited can
/// no longer make the condition true), after a last look.
public func waitFor<T>(
  timeout: TimeInterval, while alive: () -> Bool = { true }, _ probe: () throws -> T?
) rethrows -> T? {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline && alive() {
    if let value = try probe() { return value }
    usleep(useconds_t(pollInterval * 1_000_000))
  }
  return try probe()
}

/// Looks at `condition` until it holds (true) or `timeout` seconds pass (false).
@discardableResult
public func waitUntil(
  timeout: TimeInterval, while alive: () -> Bool = { true }, _ condition: () throws -> Bool
) rethrows -> Bool {
  try waitFor(timeout: timeout, while: alive) { try condition() ? true : nil } ?? false
}
