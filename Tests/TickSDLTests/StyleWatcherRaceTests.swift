import Foundation
import TestSupport
import Testing
import TickGeometry

@testable import TickCommandLine
@testable import TickFiles
@testable import tickplay

/// The style watcher against an editor's saves on the real file system, with a thread
/// polling as fast as it can while the file is written: every save, however it is
/// written, ends with the watcher on that save's style and no error, and an error is
/// reported only while the file on disk is really broken.
@Suite struct StyleWatcherRaceTests {
  /// Saves per way of saving.
  static let saves = 200
  /// How long one save may take to show: generous, for a shared, loaded machine.
  static let settleTimeout: TimeInterval = 10

  /// The ways editors write a file.
  enum Save: String, CaseIterable, Sendable {
    /// Truncate, a pause (the poll may land on the empty file), then the whole text.
    case truncateThenWrite
    /// Truncate, then the text in several writes with pauses between: partial files.
    case partialWrites
    /// The text to a temporary file, renamed over the file: never broken on disk.
    case renameOver
  }

  /// Save `i`'s fill: a distinct colour per save, every one the same length in hex, so
  /// that every save has the same size and only the contents tell them apart.
  static func fill(_ i: Int) -> Color {
    Color(r: UInt8(i % 256), g: UInt8(255 - i % 256), b: UInt8(i * 37 % 256))
  }

  static func hex(_ c: Color) -> String {
    let digits = Array("0123456789abcdef")
    return "#"
      + [c.r, c.g, c.b].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
  }

  /// The file saved: a style file, or a scene file holding the style inline.
  enum Saved: String, CaseIterable, Sendable {
    case styleFile
    case sceneFile
  }

  /// The stroke style with save `i`'s fill, as the file `saved` holds it.
  static func text(_ i: Int, _ saved: Saved) throws -> String {
    let style = try Tickplay.builtInStyleText("stroke")
      .replacingOccurrences(of: "#2ecb94", with: hex(fill(i)))
    return saved == .styleFile ? style : "{\"cell\": 40, \"style\": \(style)}"
  }

  @Test(arguments: Save.allCases, Saved.allCases)
  func everySaveEndsOnItsOwnStyle(_ kind: Save, _ saved: Saved) throws {
    let dir = Tickplay.temporaryDirectory("watcher-\(kind.rawValue)")
    let path = dir.appendingPathComponent("mine.json").path
    #expect(try Self.text(0, saved) != Self.text(1, saved))
    try Self.write(Self.text(0, saved), to: path, as: .renameOver)
    let arguments = ["play", saved == .styleFile ? "--style" : "--scene", path]
    let options = try LaunchOptions.parse(
      arguments, readingFilesWith: { (p) throws(UsageError) in try FileBytes.read(p) })
    #expect(options.styleFile == path)
    let poller = Poller(StyleWatcher(arguments: arguments, options: options, interval: 0))
    poller.start()
    defer { poller.stop() }

    for i in 1...Self.saves {
      try Self.write(Self.text(i, saved), to: path, as: kind)
      let seen = poller.wait(timeout: Self.settleTimeout) {
        $0.fill == Self.fill(i) && $0.error == nil
      }
      let shows = seen.fill.map(Self.hex) ?? "nothing"
      try #require(
        seen.fill == Self.fill(i) && seen.error == nil,
        "\(kind) of the \(saved), save \(i): the watcher shows \(shows), error \(seen.error ?? "none")"
      )
    }
    let seen = poller.seen
    if kind == .renameOver {
      // The file on disk is never broken, so no error may ever show.
      #expect(seen.failures.isEmpty, "\(seen.failures.prefix(3))")
    }
    // Otherwise the only broken file on disk is a save cut short: an error names that.
    let others = seen.failures.filter { !$0.contains("unexpected end of input") }
    #expect(others.isEmpty, "\(others.prefix(3))")
    // Every style applied is one that was saved, whole.
    #expect(seen.foreign.isEmpty, "\(seen.foreign.prefix(3).map(Self.hex))")
  }

  /// The fill of the style `result` applies; nil when it applies none.
  static func applied(_ result: StyleReload) -> Color? {
    guard case .applied(let loaded) = result else { return nil }
    return loaded.style.fillColor
  }

  @Test func aRefusedSaveIsReportedOnceItHoldsStill() throws {
    let path = Tickplay.temporaryDirectory("watcher-refused").appendingPathComponent("a.json").path
    try Self.write(Self.text(0, .styleFile), to: path, as: .renameOver)
    let arguments = ["play", "--style", path]
    let options = try LaunchOptions.parse(
      arguments, readingFilesWith: { (p) throws(UsageError) in try FileBytes.read(p) })
    let watcher = StyleWatcher(arguments: arguments, options: options, interval: 0)
    #expect(Self.applied(watcher.poll(now: 1)) == Self.fill(0))
    #expect(watcher.poll(now: 2) == .unchanged)
    let broken = try Self.text(1, .styleFile).replacingOccurrences(
      of: "\"fill\": \"\(Self.hex(Self.fill(1)))\"", with: "\"fill\": \"red\"")
    try Self.write(broken, to: path, as: .renameOver)
    // Seen once: perhaps half a save, so not yet an error.
    #expect(watcher.poll(now: 3) == .unchanged)
    guard case .failed(let message, _) = watcher.poll(now: 4) else {
      Issue.record("the broken save, held still, is not reported")
      return
    }
    #expect(message.hasPrefix("\(path):4:") && message.contains("key \"box.fill\""), "\(message)")
    #expect(watcher.poll(now: 5) == .unchanged)
    try Self.write(Self.text(2, .styleFile), to: path, as: .truncateThenWrite)
    #expect(Self.applied(watcher.poll(now: 6)) == Self.fill(2))
    // Not due: polls come at most every `interval` seconds.
    let slow = StyleWatcher(arguments: arguments, options: options, interval: 0.25)
    #expect(Self.applied(slow.poll(now: 10)) == Self.fill(2))
    try Self.write(Self.text(3, .styleFile), to: path, as: .renameOver)
    #expect(slow.poll(now: 10.2) == .unchanged)
    #expect(Self.applied(slow.poll(now: 10.25)) == Self.fill(3))
  }

  @Test func aSavedSceneFileThatNamesAnotherStyleFileWatchesThatOne() throws {
    let dir = Tickplay.temporaryDirectory("watcher-scene")
    let scene = dir.appendingPathComponent("scene.json").path
    let a = dir.appendingPathComponent("a.json").path
    let b = dir.appendingPathComponent("b.json").path
    try Self.write(Self.text(0, .styleFile), to: a, as: .renameOver)
    try Self.write(Self.text(1, .styleFile), to: b, as: .renameOver)
    try Self.write("{\"style\": \"\(a)\"}", to: scene, as: .renameOver)
    let arguments = ["play", "--scene", scene]
    let options = try LaunchOptions.parse(
      arguments, readingFilesWith: { (p) throws(UsageError) in try FileBytes.read(p) })
    let watcher = StyleWatcher(arguments: arguments, options: options, interval: 0)
    #expect(Self.applied(watcher.poll(now: 1)) == Self.fill(0))
    try Self.write("{\"style\": \"\(b)\"}", to: scene, as: .truncateThenWrite)
    guard case .applied(let loaded) = watcher.poll(now: 2) else {
      Issue.record("the scene file's new style file is not applied")
      return
    }
    #expect(loaded.style.fillColor == Self.fill(1) && loaded.file == b)
    try Self.write(Self.text(2, .styleFile), to: a, as: .renameOver)
    #expect(watcher.poll(now: 3) == .unchanged, "a.json is no longer the style")
    try Self.write(Self.text(3, .styleFile), to: b, as: .renameOver)
    #expect(Self.applied(watcher.poll(now: 4)) == Self.fill(3))
  }

  /// Writes `text` to `path` as an editor saving in the way `kind` does.
  static func write(_ text: String, to path: String, as kind: Save) throws {
    let bytes = Array(text.utf8)
    switch kind {
    case .truncateThenWrite:
      let fd = try openTruncated(path)
      defer { close(fd) }
      pause()
      try writeAll(fd, bytes[...])
    case .partialWrites:
      let fd = try openTruncated(path)
      defer { close(fd) }
      let parts = 4
      let size = (bytes.count + parts - 1) / parts
      for start in stride(from: 0, to: bytes.count, by: size) {
        try writeAll(fd, bytes[start..<min(start + size, bytes.count)])
        pause()
      }
    case .renameOver:
      let temporary = path + ".saving"
      let fd = try openTruncated(temporary)
      try writeAll(fd, bytes[...])
      close(fd)
      guard rename(temporary, path) == 0 else { throw Failure("rename \(temporary)") }
    }
  }

  /// An editor's pause between two writes of one save: long enough for fast polls to land
  /// in it, short enough for 600 saves to take seconds.
  static func pause() { usleep(300) }

  static func openTruncated(_ path: String) throws -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure("open \(path): errno \(errno)") }
    return fd
  }

  static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws {
    var rest = bytes
    while !rest.isEmpty {
      let n = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { throw Failure("write: errno \(errno)") }
      rest = rest.dropFirst(n)
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// What the watcher has reported so far.
  struct Seen: Sendable {
    /// The fill of the last style applied.
    var fill: Color?
    /// The error shown: the last failure, until a style is applied.
    var error: String?
    /// Every failure reported.
    var failures: [String] = []
    /// Fills applied that no save wrote (a torn file that parsed).
    var foreign: [Color] = []
  }

  /// Polls a watcher on a thread of its own, as fast as it can, and keeps what it reports
  /// as play would: the style applied, and the error shown until a style applies.
  final class Poller: @unchecked Sendable {
    private let watcher: StyleWatcher
    private let lock = NSLock()
    private let done = NSCondition()
    private var state = Seen()
    private var stopped = false
    private var finished = false

    init(_ watcher: StyleWatcher) { self.watcher = watcher }

    var seen: Seen { lock.withLock { state } }

    func start() {
      Thread { [self] in
        var polls = 0.0
        while !lock.withLock({ stopped }) {
          polls += 1
          record(watcher.poll(now: polls))
        }
        done.withLock {
          finished = true
          done.signal()
        }
      }.start()
    }

    func stop() {
      lock.withLock { stopped = true }
      done.withLock { while !finished { done.wait() } }
    }

    /// Waits until what was seen satisfies `condition` (checked as each report lands), or
    /// `timeout` passes; returns what was seen last.
    func wait(timeout: TimeInterval, _ condition: (Seen) -> Bool) -> Seen {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        let s = seen
        if condition(s) || Date() >= deadline { return s }
        usleep(200)
      }
    }

    private func record(_ result: StyleReload) {
      lock.withLock {
        switch result {
        case .unchanged: break
        case .applied(let loaded):
          let fill = loaded.style.fillColor
          if !(0...StyleWatcherRaceTests.saves).contains(where: {
            StyleWatcherRaceTests.fill($0) == fill
          }) {
            state.foreign.append(fill)
          }
          state.fill = fill
          state.error = nil
        case .failed(let message, _):
          state.error = message
          state.failures.append(message)
        }
      }
    }
  }
}
