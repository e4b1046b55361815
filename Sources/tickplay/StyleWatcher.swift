import TickCommandLine
import TickFiles
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the style while `play` runs: when the scene file or the style file is saved,
/// the command line is parsed again (files included) and the poll reports the new style,
/// or why the save was refused. It reports only; play restyles the scene and draws the
/// error (`StyleReload`).
///
/// A poll reads every watched file and compares the bytes with those of the last report,
/// and parses exactly the bytes it compared. Modification times and sizes cannot be
/// trusted for this: an editor's save truncates, then writes, and two saves of the same
/// size within one tick of the file system's clock, or a file renamed over the old one,
/// leave them unchanged. So a poll that lands in the middle of a save reads a broken
/// file, and the next poll, seeing different bytes, reads it again. A refused save is
/// reported only once the same bytes have held still for a poll, so a save being
/// written shows no error; the error then stays until a save parses. A save that writes
/// the same bytes again is seen by the file's modification time and inode, read after
/// its bytes: the user saved, and is told so (a toast), even when nothing changes.
///
/// Each report names the files saved since the last one (those whose bytes or stamp
/// changed), so play's toast names the file the user saved — a base file of an
/// `extends` chain too.
///
/// Limits: it reads the files every `interval` seconds on the main thread (a style or
/// scene file is a few kilobytes: tens of microseconds; no thread, no inotify), so a save
/// shows within that time plus a frame, and a refused one within twice that; only the
/// style follows a save — a scene file's window, grid and selection take effect at the
/// next start.
final class StyleWatcher {
  /// Seconds between polls.
  static let interval = 0.25

  /// What reading a file gave: its bytes, or why it could not be read.
  enum Contents: Equatable {
    case bytes([UInt8], Stamp)
    case unreadable(UsageError)
  }

  /// When and as which file a file was last written: a save changes it even when it
  /// writes the same bytes.
  struct Stamp: Equatable {
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int
  }

  /// Each file's contents, by path.
  typealias Snapshot = [String: Contents]

  private let arguments: [String]
  private let interval: Double
  /// The files watched: those the last parse read (and, after a refused save, those
  /// watched before it).
  private var watched: [String]
  /// The files' contents at the last report; nil until the first poll, which parses
  /// whatever is on disk by then.
  private var reported: Snapshot?
  /// A refused snapshot seen once: reported if the next poll finds the same bytes.
  private var refused: Snapshot?
  private var lastPoll = -Double.infinity

  /// Watches the files `options` (parsed from `arguments`, the command line after the
  /// program's name) names, polling at most every `interval` seconds.
  init(arguments: [String], options: LaunchOptions, interval: Double = StyleWatcher.interval) {
    self.arguments = arguments
    self.interval = interval
    watched = [options.scene, options.stylePath].compactMap { $0 }
  }

  /// Polls the files (at most every `interval` seconds, by `now`) and, when one changed,
  /// parses the command line again: the style it gives, or why not.
  func poll(now: Double) -> StyleReload {
    guard !watched.isEmpty, now - lastPoll >= interval else { return .unchanged }
    lastPoll = now
    var snapshot = Snapshot(watched.map { ($0, Self.read($0)) }, uniquingKeysWith: { a, _ in a })
    guard snapshot != reported else {
      refused = nil  // a save in flight that came back to the reported bytes
      return .unchanged
    }
    // The first poll reports what the launch read: no file was saved yet.
    let saved = reported.map { r in watched.filter { r[$0] != snapshot[$0] } } ?? []
    var read: [String] = []
    do {
      let options = try LaunchOptions.parse(
        arguments,
        readingFilesWith: { (path) throws(UsageError) in
          read.append(path)
          return try Self.bytes(path, in: &snapshot)
        })
      refused = nil
      // The files this parse read: a saved scene file may name another style file.
      watched = read
      reported = snapshot.filter { read.contains($0.key) }
      var loaded = StyleReload.Loaded(options)
      loaded.saved = saved
      return .applied(loaded)
    } catch {
      // Half a save, perhaps: reported only once the same bytes hold still for a poll.
      guard snapshot == refused else {
        refused = snapshot
        return .unchanged
      }
      watched = Array(snapshot.keys)
      reported = snapshot
      return .failed(error.message, saved: saved)
    }
  }

  // MARK: - Private

  /// What reading `path` gives now.
  private static func read(_ path: String) -> Contents {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path)
    } catch {
      return .unreadable(error)
    }
    // After the bytes: a save between the two shows as new bytes at the next poll.
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .unreadable(UsageError("cannot read \(path): \(FileBytes.reason())"))
    }
    let stamp = Stamp(
      inode: UInt64(info.st_ino), seconds: info.st_mtim.tv_sec,
      nanoseconds: info.st_mtim.tv_nsec)
    return .bytes(bytes, stamp)
  }

  /// `path`'s bytes as `snapshot` holds them, read now (and kept) if it holds none.
  private static func bytes(_ path: String, in snapshot: inout Snapshot) throws(UsageError)
    -> [UInt8]
  {
    let contents = snapshot[path] ?? read(path)
    snapshot[path] = contents
    switch contents {
    case .bytes(let b, _): return b
    case .unreadable(let error): throw error
    }
  }
}

/// What a poll of the `StyleWatcher` found: a value for play to act on (restyle the scene,
/// show or clear the error); the watcher itself draws nothing.
enum StyleReload: Equatable {
  /// Nothing new: the poll was not due, or no file changed since the last report.
  case unchanged
  /// The files parse, and give this style.
  case applied(Loaded)
  /// A save was refused: why, as `FILE:LINE:COLUMN: key …: expected …`, and the files
  /// saved (as `Loaded.saved`). The last good style stays.
  case failed(String, saved: [String])

  /// A style as the files give it, and the file it was read from.
  struct Loaded: Equatable {
    var style: TickStyle
    /// The style file, or the scene file that holds the style inline; nil for a
    /// built-in style.
    var file: String?
    /// The files saved since the last report, in the order watched: the file the user
    /// saved, a base file of the style's chain say. Empty at the first poll.
    var saved: [String] = []

    init(_ options: LaunchOptions) {
      style = options.style
      file = options.styleFile
    }
  }
}
