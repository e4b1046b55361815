import Foundation
import TickSDL

/// `tickplay play` in a real X window, driven with xdotool and seen through screenshots the
/// X server takes (ImageMagick's `import`), the way a user drives and sees it.
///
/// The window is found by the child's process id, so a window of another run never
/// answers for this one. Every wait polls with a deadline; nothing sleeps blindly.
public final class PlayWindow {
  /// A step of the end-to-end run that did not happen.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// One `--events` line.
  public struct ValueEvent: Decodable, Equatable, Sendable {
    public var cell: Int
    public var old: String
    public var new: String
    public var cause: String
    public var step: Int
  }

  public let app: ChildProcess
  /// What play was started with (after `play`).
  public let arguments: [String]
  /// The X window id, as xdotool prints it.
  public let id: String
  /// A folder for this run's screenshots.
  public let directory: URL
  private var shots = 0

  /// Starts `tickplay play args…` and waits (up to `timeout`) for its window to be mapped.
  ///
  /// SDL's video driver is pinned to x11: should the X server refuse the connection, SDL
  /// would otherwise fall back to its headless offscreen driver and play would run with no
  /// window at all. Pinned, play exits 1 at once ("x11 not available"). Xvfb has been seen to
  /// refuse connections for a moment on a loaded machine running other Xvfb servers, so
  /// such a start is tried again until `timeout` has passed; any other failure ends it.
  public init(
    _ args: [String], name: String, environment: [String: String] = [:],
    timeout: TimeInterval = 20
  ) throws {
    directory = Tickplay.temporaryDirectory(name)
    var failures: [String] = []
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      let app = try ChildProcess(
        Tickplay.executable, ["play"] + args,
        environment: environment.merging(["SDL_VIDEODRIVER": "x11"]) { _, x11 in x11 })
      if let id = try Self.window(of: app, timeout: timeout) {
        self.app = app
        self.id = id
        self.arguments = args
        return
      }
      let failure = "exit \(app.waitForExit(timeout: 2)): \(app.stderr)"
      failures = Array((failures + [failure]).suffix(Self.attemptsShown))
      guard failure.contains(Self.refused) else { break }
    } while Date() < deadline
    throw Failure("no window appeared for play \(args): \(failures)")
  }

  /// What play says when SDL's x11 driver cannot open the display.
  static let refused = "x11 not available"
  /// The failed starts a failure's message quotes (the last ones).
  static let attemptsShown = 3

  /// The id of `app`'s window once it is mapped; nil if `app` exits or `timeout` passes.
  private static func window(of app: ChildProcess, timeout: TimeInterval) throws -> String? {
    let pid = "\(app.process.processIdentifier)"
    return try waitFor(timeout: timeout, while: { app.process.isRunning }) {
      let (status, out) = try shell(["xdotool", "search", "--onlyvisible", "--pid", pid])
      return status == 0 ? out.split(separator: "\n").first.map(String.init) : nil
    }
  }

  deinit {
    app.waitForExit(timeout: 0)
  }

  /// Runs `xdotool VERB ARGS…`; throws when it fails.
  public func xdotool(_ args: [String]) throws {
    let x = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["xdotool"] + args)
    let status = x.waitForExit(timeout: 20)
    guard status == 0 else {
      throw Failure(
        "xdotool \(args) failed (\(status)): \(x.stdout) \(x.stderr); tickplay "
          + (app.process.isRunning ? "runs" : "exited \(app.process.terminationStatus)")
          + ": \(app.stderr)")
    }
  }

  /// Moves the pointer to window point (`x`, `y`): real motion events.
  public func move(_ x: Int, _ y: Int) throws {
    try xdotool(["mousemove", "--window", id, "\(x)", "\(y)"])
  }

  /// A left click at window point (`x`, `y`).
  public func click(_ x: Int, _ y: Int) throws {
    try xdotool(["mousemove", "--window", id, "\(x)", "\(y)", "click", "1"])
  }

  /// One wheel notch at window point `at`: up zooms in, down zooms out.
  ///
  /// Input needs no pause after it: each xdotool run has the X server take its events
  /// before it exits, so the app receives them in the order they were sent, each with
  /// its own position, however many arrive in one frame.
  public func wheel(up: Bool, at p: (x: Int, y: Int)) throws {
    try xdotool(["mousemove", "--window", id, "\(p.x)", "\(p.y)", "click", up ? "4" : "5"])
  }

  /// A drag with `button` (1 left, 2 middle, 3 right) from one window point to another,
  /// through a point between them.
  public func drag(from a: (x: Int, y: Int), to b: (x: Int, y: Int), button: Int) throws {
    try xdotool(["mousemove", "--window", id, "\(a.x)", "\(a.y)", "mousedown", "\(button)"])
    try move((a.x + b.x) / 2, (a.y + b.y) / 2)
    try move(b.x, b.y)
    try xdotool(["mouseup", "\(button)"])
  }

  /// Presses keys in turn (X key names: `a`, `Tab`, `Right`, `space`, `Return`).
  public func key(_ names: String...) throws {
    try xdotool(["key", "--window", id] + names)
  }

  /// The window as the X server shows it now.
  public func screenshot() throws -> RGBAImage {
    shots += 1
    let path = directory.appendingPathComponent("shot-\(shots).png").path
    let (status, out) = try shell(["import", "-window", id, path])
    guard status == 0 else { throw Failure("import -window \(id) failed: \(out)") }
    return try RGBAImage(contentsOf: path)
  }

  /// Takes screenshots until one satisfies `predicate` and returns it; after `timeout`
  /// throws, naming `what` and the last screenshot's file.
  @discardableResult
  public func waitForFrame(
    _ what: String, timeout: TimeInterval = 10, _ predicate: (RGBAImage) -> Bool
  ) throws -> RGBAImage {
    let found = try waitFor(timeout: timeout, while: { app.process.isRunning }) {
      let image = try screenshot()
      return predicate(image) ? image : nil
    }
    guard let found else {
      throw Failure(
        "\(what): not on screen after \(timeout) s (last screenshot "
          + "\(directory.appendingPathComponent("shot-\(shots).png").path)); "
          + "stderr: \(app.stderr)")
    }
    return found
  }

  /// Every `--events` line printed so far.
  public var events: [ValueEvent] {
    app.stdout.split(separator: "\n").compactMap {
      try? JSONDecoder().decode(ValueEvent.self, from: Data($0.utf8))
    }
  }

  /// Waits until at least `count` events have been printed; returns them all.
  public func waitForEvents(_ count: Int, timeout: TimeInterval = 10) throws -> [ValueEvent] {
    let found = waitFor(timeout: timeout, while: { app.process.isRunning }) {
      let e = events
      return e.count >= count ? e : nil
    }
    guard let found else {
      throw Failure(
        "expected \(count) value events, got \(events.count): \(app.stdout) \(app.stderr)")
    }
    return found
  }

  /// The latest scene step an `--events` line has reported; nil before the first line.
  public var latestStep: Int? { events.map(\.step).max() }

  /// Waits until an `--events` line reports a change at a scene step past `step` (any step
  /// when nil), and returns the latest step reported: evidence that scene time has
  /// reached it (with rain on, changes keep coming).
  @discardableResult
  public func waitForStep(after step: Int?, timeout: TimeInterval = 10) throws -> Int {
    let found = waitFor(timeout: timeout, while: { app.process.isRunning }) {
      latestStep.flatMap { $0 > step ?? -1 ? $0 : nil }
    }
    guard let found else {
      throw Failure("no value event after step \(step ?? -1): \(app.stdout) \(app.stderr)")
    }
    return found
  }

  /// Waits until the `--record` file play was started with holds a line ending in
  /// `suffix` (`" key p"`, `" resize 330 260"`): evidence that play has taken that input.
  /// The recorder writes each input as play takes it, on its own thread, into the file's
  /// part file until play ends (`Tickplay.writtenSoFar`).
  public func waitForRecorded(_ suffix: String, timeout: TimeInterval = 10) throws {
    guard let i = arguments.firstIndex(of: "--record"), i + 1 < arguments.count else {
      throw Failure("waitForRecorded needs play started with --record FILE")
    }
    let path = arguments[i + 1]
    let seen = waitUntil(timeout: timeout, while: { app.process.isRunning }) {
      let text = written(path)
      return text.split(separator: "\n").contains { $0.hasSuffix(suffix) }
    }
    guard seen else {
      throw Failure("\(path) has no line ending in \"\(suffix)\" after \(timeout) s")
    }
  }

  /// What play has written to its output `path` so far (`Tickplay.writtenSoFar`).
  public func written(_ path: String) -> String {
    Tickplay.writtenSoFar(path, pid: app.process.processIdentifier)
  }

  /// Waits until the window's title (`_NET_WM_NAME`) satisfies `predicate`; returns it.
  @discardableResult
  public func waitForTitle(
    _ what: String, timeout: TimeInterval = 10, _ predicate: (String) -> Bool
  ) throws -> String {
    let found = try waitFor(timeout: timeout, while: { app.process.isRunning }) {
      let title = try netWMName()
      return predicate(title) ? title : nil
    }
    guard let found else {
      throw Failure("\(what): the title is \((try? netWMName()) ?? "unreadable")")
    }
    return found
  }

  /// The window's title as the window manager reads it: `_NET_WM_NAME`, UTF-8.
  public func netWMName() throws -> String {
    let (status, out) = try shell(["xprop", "-id", id, "_NET_WM_NAME"])
    guard status == 0 else { throw Failure("xprop -id \(id) failed: \(out)") }
    return out
  }

  /// Sends the process `signal` (SIGINT, SIGTERM) and waits for the exit status.
  public func signal(_ signal: Int32, timeout: TimeInterval = 10) -> Int32 {
    kill(app.process.processIdentifier, signal)
    return app.waitForExit(timeout: timeout)
  }

  /// Presses Escape and waits for the exit status.
  ///
  /// xdotool's status is ignored: the window may close between the key's press and its
  /// release, and sending the release to a closed window fails.
  public func quit(timeout: TimeInterval = 10) throws -> Int32 {
    try shell(["xdotool", "key", "--window", id, "Escape"])
    return app.waitForExit(timeout: timeout)
  }
}

/// One pixel as `RGBAImage.pixel` returns it.
public typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

/// Colour tests for screenshots, in the seed's colours.
public enum Looks {
  /// Whether `p` is within `tolerance` of `0xRRGGBB` in each channel.
  public static func near(_ p: Pixel, _ rgb: UInt32, tolerance: Int = 8) -> Bool {
    abs(Int(p.r) - Int(rgb >> 16 & 0xff)) <= tolerance
      && abs(Int(p.g) - Int(rgb >> 8 & 0xff)) <= tolerance
      && abs(Int(p.b) - Int(rgb & 0xff)) <= tolerance
  }

  /// The seed's fill, `#2ecb94`.
  public static func isFill(_ p: Pixel) -> Bool { near(p, 0x2e_cb94) }

  /// The background, white.
  public static func isWhite(_ p: Pixel) -> Bool { p.r > 245 && p.g > 245 && p.b > 245 }
}
