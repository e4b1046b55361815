import Foundation

/// A child process that keeps running while the test talks to it, with its stdout collected
/// line by line.
public final class ChildProcess: @unchecked Sendable {
  public let process = Process()
  private let lock = NSLock()
  private var outText = ""
  private var errText = ""

  /// Starts `executable args…` with `environment` added to this process's own.
  public init(_ executable: URL, _ args: [String], environment: [String: String] = [:]) throws {
    let (out, err) = process.configure(executable, args, environment: environment)
    out.fileHandleForReading.readabilityHandler = { [weak self] h in
      let d = h.availableData
      guard let self, !d.isEmpty else { return }
      self.lock.withLock { self.outText += String(decoding: d, as: UTF8.self) }
    }
    err.fileHandleForReading.readabilityHandler = { [weak self] h in
      let d = h.availableData
      guard let self, !d.isEmpty else { return }
      self.lock.withLock { self.errText += String(decoding: d, as: UTF8.self) }
    }
    try process.run()
  }

  /// What the child has printed so far.
  public var stdout: String { lock.withLock { outText } }
  public var stderr: String { lock.withLock { errText } }

  /// Waits until a stdout line satisfies `predicate`; returns it, or nil after `timeout`
  /// (or once the child has exited without printing one).
  public func waitForLine(timeout: TimeInterval, _ predicate: (String) -> Bool) -> String? {
    waitFor(timeout: timeout, while: { process.isRunning }) {
      stdout.split(separator: "\n").map(String.init).first(where: predicate)
    }
  }

  /// Waits for the child to exit; terminates it after `timeout`. Returns its status.
  @discardableResult
  public func waitForExit(timeout: TimeInterval) -> Int32 {
    waitUntil(timeout: timeout) { !process.isRunning }
    stop(process)
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { stop(process) }
  }
}

/// Stops `process` if it still runs and waits for it: SIGTERM, then SIGKILL after a second.
///
/// A child started from a test thread can inherit a signal mask that blocks SIGTERM, so
/// SIGTERM alone may never end it; SIGKILL cannot be blocked.
public func stop(_ process: Process) {
  if process.isRunning {
    process.terminate()
    waitUntil(timeout: 1) { !process.isRunning }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  process.waitUntilExit()
}

/// Runs a short command-line tool (xdotool, import) and returns its status and stdout.
@discardableResult
public func shell(_ args: [String], timeout: TimeInterval = 20) throws -> (Int32, String) {
  let r = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), args)
  let status = r.waitForExit(timeout: timeout)
  return (status, r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Whether `tool` is on the PATH.
public func haveTool(_ tool: String) -> Bool {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
  }
}

extension Process {
  /// Sets the executable, its arguments and `environment` on top of this process's own,
  /// with stdout and stderr to new pipes, which it returns.
  func configure(_ executable: URL, _ args: [String], environment: [String: String])
    -> (out: Pipe, err: Pipe)
  {
    executableURL = executable
    arguments = args
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    self.environment = env
    let out = Pipe()
    let err = Pipe()
    standardOutput = out
    standardError = err
    return (out, err)
  }
}
