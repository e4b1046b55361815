import TickApp
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// Reloads the style while `play` runs: when the scene file or the style file is saved,
/// the command line is parsed again (files included) and the scene takes the new style
/// (`Scene.setStyle`: running animations carry on without a jump).
///
/// A save that does not parse keeps the last good style, and the error — `FILE:LINE:
/// COLUMN: key …: expected …` — stays on screen until a save parses again.
///
/// Limits: it polls each file's modification time and size with `stat` every
/// `interval` seconds on the main thread (two system calls, no thread, no inotify), so a
/// save shows within that time plus a frame; only the style follows a save — a scene
/// file's window, grid and selection take effect at the next start.
final class StyleWatcher {
  /// Seconds between polls.
  static let interval = 0.25

  private let arguments: [String]
  private let screen: Screen
  /// The files watched and what `stat` said of each (nil: missing).
  private var watched: [(path: String, signature: Signature?)] = []
  private var lastPoll = -Double.infinity
  /// Why the last save was refused, shown until a save parses.
  private(set) var error: String?
  /// The error overlay's own text renderer, made at the first error (play may run with
  /// no HUD).
  private var overlay: HUD?

  /// A file's modification time and size.
  struct Signature: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
  }

  init(arguments: [String], options: LaunchOptions, screen: Screen) {
    self.arguments = arguments
    self.screen = screen
    watch(options)
  }

  /// Polls the files (at most every `interval` seconds) and, when one changed, parses
  /// the command line again and restyles `scene`, or records why not.
  func poll(_ scene: inout Scene, now: Double) {
    guard !watched.isEmpty, now - lastPoll >= Self.interval else { return }
    lastPoll = now
    let changed = watched.contains { Self.signature($0.path) != $0.signature }
    guard changed else { return }
    let options: LaunchOptions
    do {
      options = try LaunchOptions.parse(
        arguments, readingFilesWith: { (path) throws(UsageError) in try FileBytes.read(path) })
    } catch {
      // Watch what was read, so the same broken save is reported once.
      watched = watched.map { ($0.path, Self.signature($0.path)) }
      if self.error != error.message {
        Console.err("tickplay: style not reloaded, keeping the last good one: \(error.message)")
      }
      self.error = error.message
      return
    }
    watch(options)
    var style = options.style
    style.antialias = scene.style.antialias  // decided by the renderer at start
    if style != scene.style { scene.setStyle(style) }
    if error != nil { Console.err("tickplay: style reloaded") }
    error = nil
  }

  /// Draws the refused save's error over `scene`'s views, if there is one.
  func drawError(in scene: Scene) {
    guard let error else { return }
    if overlay == nil { overlay = try? HUD(screen: screen) }
    // About 8 px a character at the HUD's 13 pt; the panel keeps a margin.
    let columns = max(20, (screen.width - 48) / 8)
    overlay?.drawCentered(
      ["Style not reloaded (the last good one stays):"] + Self.wrap(error, columns: columns),
      in: scene)
  }

  /// `text` in lines of at most `columns` characters, broken at spaces where it can be
  /// (a longer word, a path say, is cut).
  static func wrap(_ text: String, columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var w = Substring(word)
      if !line.isEmpty && line.count + 1 + w.count > columns {
        lines.append(line)
        line = ""
      }
      while w.count > columns {
        lines.append(String(w.prefix(columns)))
        w = w.dropFirst(columns)
      }
      line += (line.isEmpty ? "" : " ") + w
    }
    if !line.isEmpty { lines.append(line) }
    return lines
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
