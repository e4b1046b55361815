import Foundation
import TestSupport
import Testing
import TickSDL

/// Every output is written whole or not at all: to a part file beside it, renamed over it
/// when complete, so an interrupted export leaves the file it would have replaced (or
/// nothing); `render` writes the format its name says or refuses the name; and every
/// output's folder is checked before anything runs.
@Suite struct WholeFilesTests {
  /// The files in `dir` whose names end in `.part`.
  static func parts(in dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".part") }
  }

  @Test(arguments: [true, false])
  func anInterruptedExportLeavesThePreviousFileOrNothing(previous: Bool) throws {
    let dir = Tickplay.temporaryDirectory("interrupted-export")
    let out = dir.appendingPathComponent("styles.gif").path
    let before = Data("the previous styles.gif".utf8)
    if previous { try before.write(to: URL(fileURLWithPath: out)) }
    // The README's gallery: a few seconds of frames, written to the GIF as they come.
    let app = try ChildProcess(
      Tickplay.executable, ["export", "--style-rows", "all", "--cell", "48", "--out", out])
    let part = Tickplay.partFile(of: out, pid: app.process.processIdentifier)
    let writing = waitUntil(timeout: 30, while: { app.process.isRunning }) {
      let size = (try? FileManager.default.attributesOfItem(atPath: part))?[.size] as? Int
      return (size ?? 0) > 0
    }
    #expect(writing, "no frames written to \(part): \(app.stderr)")
    kill(app.process.processIdentifier, SIGINT)
    app.waitForExit(timeout: 30)
    // Ended by the signal, as a shell expects of an interrupted program.
    #expect(app.process.terminationReason == .uncaughtSignal, "\(app.stderr)")
    #expect(app.process.terminationStatus == SIGINT, "\(app.stderr)")
    #expect(FileManager.default.contents(atPath: out) == (previous ? before : nil))
    #expect(try Self.parts(in: dir).isEmpty)
  }

  @Test func renderWritesJPEGForAJPEGName() throws {
    let dir = Tickplay.temporaryDirectory("render-jpeg")
    let args = ["render", "--window", "120x80", "--grid", "2x1", "--select", "all"]
    let png = dir.appendingPathComponent("a.png").path
    let jpeg = dir.appendingPathComponent("a.jpg").path
    #expect(try Tickplay.run(args + ["--out", png]).status == 0)
    let r = try Tickplay.run(args + ["--out", jpeg])
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = try #require(FileManager.default.contents(atPath: jpeg))
    #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF], "JPEG's start of image")
    // The same picture, within JPEG's loss.
    let a = try RGBAImage(contentsOf: png)
    let b = try RGBAImage(contentsOf: jpeg)
    #expect(a.width == b.width && a.height == b.height)
    let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
    let mean = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / a.pixels.count
    #expect(worst < 128 && mean < 3, "worst \(worst), mean \(mean)")
    #expect(try Self.parts(in: dir).isEmpty)
  }

  @Test func renderReplacesAnEarlierFileWhole() throws {
    let dir = Tickplay.temporaryDirectory("render-replace")
    let out = dir.appendingPathComponent("a.png").path
    try Data("an earlier file, longer than nothing".utf8).write(to: URL(fileURLWithPath: out))
    let r = try Tickplay.run(["render", "--window", "60x60", "--out", out])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try RGBAImage(contentsOf: out).width == 60)
    #expect(try Self.parts(in: dir).isEmpty)
  }

  /// Each output option, given a file that cannot be written, is refused with exit 2
  /// before anything runs: with no display, `play` would otherwise exit 1.
  @Test func everyOutputIsCheckedBeforeTheWindowOpens() throws {
    let dir = Tickplay.temporaryDirectory("output-check")
    let file = dir.appendingPathComponent("a-file").path
    try Data().write(to: URL(fileURLWithPath: file))
    let places: [(path: String, reason: String)] = [
      ("/nonexistent/x.png", "No such file or directory"),
      ("\(file)/x.png", "Not a directory"),
    ]
    let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]
    for place in places {
      for option in ["--screenshot", "--record", "--trace"] {
        let path = option == "--trace" ? place.path + ".json" : place.path
        let r = try Tickplay.run(["play", option, path], environment: noDisplay, timeout: 20)
        #expect(r.status == 2, "\(option) \(path): \(r.stderr)")
        #expect(
          r.stderr == "tickplay: \(option) \(path): cannot write there: \(place.reason)\n",
          "\(r.stderr)")
      }
      let render = try Tickplay.run(["render", "--out", place.path])
      #expect(render.status == 2 && render.stderr.contains("--out \(place.path)"), "\(render)")
    }
    let folder = try Tickplay.run(["render", "--out", dir.appendingPathComponent("f.png").path])
    #expect(folder.status == 0, "\(folder.stderr)")
    let asFolder = dir.appendingPathComponent("sub.png")
    try FileManager.default.createDirectory(at: asFolder, withIntermediateDirectories: true)
    let refused = try Tickplay.run(["render", "--out", asFolder.path])
    #expect(refused.status == 2 && refused.stderr.contains("it is a folder"), "\(refused)")
    #expect(try Self.parts(in: dir).isEmpty)
  }

  @Test func aWholeFileIsRenamedIntoPlaceOrRemoved() throws {
    let dir = Tickplay.temporaryDirectory("whole-file")
    let path = dir.appendingPathComponent("out.txt").path
    try Data("before".utf8).write(to: URL(fileURLWithPath: path))
    func write(_ text: String, commit: Bool) throws {
      let file = try WholeFile(path)
      #expect(FileManager.default.fileExists(atPath: file.partPath))
      _ = text.utf8CString.withUnsafeBytes {
        Glibc.write(file.descriptor, $0.baseAddress, text.utf8.count)
      }
      if commit { try file.commit() } else { file.discard() }
    }
    try write("discarded", commit: false)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "before")
    try write("after", commit: true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "after")
    do { _ = try WholeFile(path) }  // dropped unfinished: its part is removed
    #expect(try Self.parts(in: dir).isEmpty)
    // A new file's permissions, as any other the umask lets through.
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o644 || mode == 0o664 || mode == 0o666, "\(String(mode ?? 0, radix: 8))")
  }
}
