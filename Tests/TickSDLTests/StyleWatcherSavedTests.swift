import Foundation
import TestSupport
import Testing
import TickApp
import TickGeometry

@testable import TickCommandLine
@testable import TickFiles
@testable import tickplay

/// Each report of the style watcher names the files saved since the last one, so play's
/// toast names the file the user saved: the style file, a base file it extends, and a
/// save that writes the same bytes again.
@Suite struct StyleWatcherSavedTests {
  typealias Race = StyleWatcherRaceTests

  /// A watcher of `play --style path` that polls whenever asked.
  static func watcher(_ path: String) throws -> StyleWatcher {
    let arguments = ["play", "--style", path]
    let options = try LaunchOptions.parse(
      arguments, readingFilesWith: { (p) throws(UsageError) in try FileBytes.read(p) })
    return StyleWatcher(arguments: arguments, options: options, interval: 0)
  }

  static func saved(_ result: StyleReload) -> [String]? {
    switch result {
    case .applied(let loaded): loaded.saved
    case .failed(_, let saved): saved
    case .unchanged: nil
    }
  }

  @Test func aSaveOfABaseFileNamesTheBase() throws {
    let dir = Tickplay.temporaryDirectory("watcher-saved-base")
    let base = dir.appendingPathComponent("base.json").path
    let pop = dir.appendingPathComponent("pop.json").path
    try Race.write(Race.text(0, .styleFile), to: base, as: .renameOver)
    try Race.write(#"{"extends": "base.json", "duration": 0.8}"#, to: pop, as: .renameOver)
    let w = try Self.watcher(pop)
    // The first poll reports what the launch read: nothing saved yet.
    #expect(Self.saved(w.poll(now: 1)) == [])
    try Race.write(Race.text(1, .styleFile), to: base, as: .truncateThenWrite)
    let reload = w.poll(now: 2)
    #expect(Race.applied(reload) == Race.fill(1))
    #expect(Self.saved(reload) == [base], "\(reload)")
    try Race.write(#"{"extends": "base.json", "duration": 0.9}"#, to: pop, as: .renameOver)
    #expect(Self.saved(w.poll(now: 3)) == [pop])
    // A broken base: refused once it holds still, naming the base as saved.
    try Race.write("{\"box\": ", to: base, as: .renameOver)
    #expect(w.poll(now: 4) == .unchanged)
    let refused = w.poll(now: 5)
    guard case .failed(let message, let saved) = refused else {
      Issue.record("the broken base is not reported: \(refused)")
      return
    }
    #expect(saved == [base] && message.hasPrefix(base + ":1:"), "\(refused)")
    #expect(
      ReloadToast.refused(saved: saved, error: message).hasPrefix("base.json not applied: line 1: ")
    )
  }

  /// An editor's save of an unchanged file writes the same bytes: the watcher reports it
  /// (by its time and inode), so the user sees the save was seen.
  @Test func aSaveOfTheSameBytesIsReported() throws {
    let path = Tickplay.temporaryDirectory("watcher-saved-same")
      .appendingPathComponent("mine.json").path
    let text = try Race.text(0, .styleFile)
    try Race.write(text, to: path, as: .renameOver)
    let w = try Self.watcher(path)
    #expect(Self.saved(w.poll(now: 1)) == [])
    #expect(w.poll(now: 2) == .unchanged)
    try Race.write(text, to: path, as: .renameOver)
    let again = w.poll(now: 3)
    #expect(Race.applied(again) == Race.fill(0) && Self.saved(again) == [path], "\(again)")
    #expect(w.poll(now: 4) == .unchanged)
  }
}
