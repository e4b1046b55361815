import TickApp
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the style while `play` runs: when the scene file or the style file is saved,
/// the command line is parsed again (files included) and the poll reports the new style,
/// or why the save was refused. It reports only; play restyles the scene and draws the
/// error (`StyleReload`).
///
/// Limits: it polls each file's modification time and size with `stat` every
/// `interval` seconds on the main thread (two system calls, no thread, no inotify), so a
/// save shows within that time plus a frame; only the style follows a save — a scene
/// file's window, grid and selection take effect at the next start.
final class StyleWatcher {
  /// Seconds between polls.
  static let interval = 0.25

  private let arguments: [String]
  private let interval: Double
  /// The files watched and what `stat` said of each (nil: missing).
  private var watched: [(path: String, signature: Signature?)] = []
  private var lastPoll = -Double.infinity

  /// A file's modification time and size.
  struct Signature: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
  }

  /// Watches the files `options` (parsed from `arguments`, the command line after the
  /// program's name) names, polling at most every `interval` seconds.
  init(arguments: [String], options: LaunchOptions, interval: Double = StyleWatcher.interval) {
    self.arguments = arguments
    self.interval = interval
    watch(options)
  }

  /// Polls the files (at most every `interval` seconds, by `now`) and, when one changed,
  /// parses the command line again: the style it gives, or why not.
  func poll(now: Double) -> StyleReload {
    guard !watched.isEmpty, now - lastPoll >= interval else { return .unchanged }
    lastPoll = now
    let changed = watched.contains { Self.signature($0.path) != $0.signature }
    guard changed else { return .unchanged }
    let options: LaunchOptions
    do {
      options = try LaunchOptions.parse(
        arguments, readingFilesWith: { (path) throws(UsageError) in try FileBytes.read(path) })
    } catch {
      // Watch what was read, so the same broken save is reported once.
      watched = watched.map { ($0.path, Self.signature($0.path)) }
      return .failed(error.message)
    }
    watch(options)
    return .applied(StyleReload.Loaded(options))
  }

  // MARK: - Private

  private func watch(_ options: LaunchOptions) {
    let paths = [options.scene, options.stylePath].compactMap { $0 }
    watched = paths.map { ($0, Self.signature($0)) }
  }

  private static func signature(_ path: String) -> Signature? {
    var s = stat()
    guard stat(path, &s) == 0 else { return nil }
    return Signature(
      seconds: Int(s.st_mtim.tv_sec), nanoseconds: Int(s.st_mtim.tv_nsec), size: Int(s.st_size))
  }
}

/// What a poll of the `StyleWatcher` found: a value for play to act on (restyle the scene,
/// show or clear the error); the watcher itself draws nothing.
enum StyleReload: Equatable {
  /// Nothing new: the poll was not due, or no file changed since the last report.
  case unchanged
  /// The files parse, and give this style.
  case applied(Loaded)
  /// A save was refused: why, as `FILE:LINE:COLUMN: key …: expected …`. The last good
  /// style stays.
  case failed(String)

  /// A style as the files give it, and the file it was read from.
  struct Loaded: Equatable {
    var style: TickStyle
    /// The style file, or the scene file that holds the style inline; nil for a
    /// built-in style.
    var file: String?

    init(_ options: LaunchOptions) {
      style = options.style
      file = options.styleFile
    }
  }
}
