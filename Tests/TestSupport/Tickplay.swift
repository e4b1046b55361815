import Foundation

/// Runs the real `tickplay` executable as a child process, the way a user would.
///
/// Tests that need a window or a video driver of their own go through here: SDL is not
/// thread-safe, and Swift Testing runs tests in parallel.
public enum Tickplay {
  /// The result of one run.
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The built executable: `$TICKPLAY_BIN`, else `tickplay` beside the test bundle.
  public static var executable: URL {
    if let p = ProcessInfo.processInfo.environment["TICKPLAY_BIN"] {
      return URL(fileURLWithPath: p)
    }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On Linux the test runner is `<build>/<Package>PackageTests.xctest`, beside tickplay.
    for _ in 0..<3 {
      let candidate = dir.appendingPathComponent("tickplay")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/tickplay")
  }

  /// The package's root folder, found from this source file's path.
  public static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The text of a built-in style's file in `assets/styles/`: the start of a style file a
  /// test edits and saves.
  public static func builtInStyleText(_ name: String) throws -> String {
    try String(
      contentsOf: packageRoot.appendingPathComponent("assets/styles/\(name).json"),
      encoding: .utf8)
  }

  /// Runs `tickplay args…` to completion (killed after `timeout` seconds).
  public static func run(
    _ args: [String], environment: [String: String] = [:], timeout: TimeInterval = 60
  ) throws -> Result {
    try run(executable, args, environment: environment, timeout: timeout)
  }

  /// The environment that has play compare every frame with the same state drawn from
  /// scratch (`TICKPLAY_CHECK_FRAMES`), writing a mismatch's images to `dir`.
  public static func checkingFrames(in dir: URL) -> [String: String] {
    ["TICKPLAY_CHECK_FRAMES": "1", "TICKPLAY_CHECK_DIR": dir.path]
  }

  /// Writes `script` to a replay file in `dir` and plays it, `tickplay play args…
  /// --replay FILE` on SDL's `driver`, every frame checked (`checkingFrames`).
  public static func playCheckingFrames(
    _ args: [String], replay script: String, in dir: URL, driver: String
  ) throws -> Result {
    let file = dir.appendingPathComponent("replay.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try run(
      ["play"] + args + ["--replay", file.path],
      environment: checkingFrames(in: dir).merging(["SDL_VIDEODRIVER": driver]) { $1 },
      timeout: 300)
  }

  /// Runs `program args…` to completion (killed after `timeout` seconds): a tool that runs
  /// tickplay in turn (`timeout`, a shell).
  public static func run(
    _ program: URL, _ args: [String], environment: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> Result {
    let p = Process()
    let (out, err) = p.configure(program, args, environment: environment)
    try p.run()
    // Read both pipes on their own threads so a chatty child never blocks on a full pipe.
    let outData = ReadAll(out.fileHandleForReading)
    let errData = ReadAll(err.fileHandleForReading)
    waitUntil(timeout: timeout) { !p.isRunning }
    stop(p)
    return Result(
      status: p.terminationStatus, stdout: outData.wait(), stderr: errData.wait())
  }

  /// The part file tickplay process `pid` writes `path` to while `path` is not complete:
  /// `.NAME.tickplay-PID.part` beside it, renamed over `path` once written whole.
  public static func partFile(of path: String, pid: Int32) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).tickplay-\(pid).part").path
  }

  /// What tickplay process `pid` has written to `path` so far: its part file while it
  /// writes (`partFile`), the file itself once renamed into place; "" when neither exists.
  public static func writtenSoFar(_ path: String, pid: Int32) -> String {
    let part = try? String(contentsOfFile: partFile(of: path, pid: pid), encoding: .utf8)
    return part ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// A fresh temporary folder for one test's files, in this run's folder (`runDirectory`).
  public static func temporaryDirectory(_ name: String) -> URL {
    let url = runDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `tickplay-tests/run-PID` in the system's temporary folder. When it is first made, the
  /// folders of earlier runs untouched for an hour are removed: a failed run's files stay
  /// long enough to look at, and a machine that runs the suite all day keeps one run's worth.
  static let runDirectory: URL = {
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("tickplay-tests")
    let stale = Date().addingTimeInterval(-3600)
    for old in (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
      let touched = (try? fm.attributesOfItem(atPath: old.path))?[.modificationDate] as? Date
      if let touched, touched < stale { try? fm.removeItem(at: old) }
    }
    return root.appendingPathComponent("run-\(ProcessInfo.processInfo.processIdentifier)")
  }()
}

/// Reads a file handle to its end on a background thread.
public final class ReadAll: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  public init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  /// Waits for end of file and returns what was read, as UTF-8.
  public func wait() -> String {
    done.wait()
    done.signal()
    return String(decoding: data, as: UTF8.self)
  }
}
