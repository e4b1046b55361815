import Foundation
import TestSupport
import Testing
import TickSDL

/// Touch and the gamepad without hardware: `finger` and `pad` lines of a replay script
/// through the real binary — `play` on SDL's offscreen driver, reporting `--events` and
/// recording with `--record`, and `render` headless.
///
/// The window is 400×200 with the default 50-px cells and 10-px gaps: 6 × 3 views from
/// (25, 15), so view 0 spans (25…75, 15…65) and view 1 starts at x = 85.
@Suite(.serialized) struct DeviceReplayTests {
  static let window = ["--window", "400x200", "--hud", "off"]
  static let offscreen = ["SDL_VIDEODRIVER": "offscreen"]

  typealias Folder = SceneReplayTests.Folder

  /// The `--events` lines of a `play` run of `script` (its value changes), each as the
  /// cell, the new value and the cause.
  func played(_ script: String, in dir: Folder, extra: [String] = []) throws -> [String] {
    let path = try dir.write("script.txt", script)
    let r = try Tickplay.run(
      ["play"] + Self.window + ["--replay", path, "--events"] + extra,
      environment: Self.offscreen, timeout: 30)
    #expect(r.status == 0, "\(r.stderr)")
    return r.stdout.split(separator: "\n").compactMap { line in
      guard
        let data = line.data(using: .utf8),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let cell = json["cell"] as? Int, let new = json["new"] as? String,
        let cause = json["cause"] as? String
      else { return nil }
      return "\(cell) \(new) \(cause)"
    }
  }

  /// The issue's first case: a finger down and up at (35, 35) selects the view under it.
  @Test func aReplayedTapSelectsTheViewUnderTheFinger() throws {
    let dir = Folder("tap")
    let script = "0.2 finger down 1 35 35\n0.25 finger up 1 35 35\n0.5 quit\n"
    #expect(try played(script, in: dir) == ["0 on script"])
    let path = try dir.write("tap.txt", script)
    let r = try Tickplay.run(
      ["render"] + Self.window + ["--replay", path, "--time", "1", "--out", dir.path("t.png")])
    #expect(r.status == 0, "\(r.stderr)")
    let image = try RGBAImage(contentsOf: dir.path("t.png"))
    let fill = image.pixel(50, 22)  // inside view 0's disc, above the tick
    #expect(abs(Int(fill.g) - 0xcb) < 8 && abs(Int(fill.r) - 0x2e) < 8, "\(fill)")
  }

  /// The issue's second case: the D-pad's right, then A, toggles the focused view — the
  /// first, as the first arrow key focuses it.
  @Test func aReplayedDPadAndAToggleTheFocusedView() throws {
    let dir = Folder("pad")
    let script = """
      0.1 pad press dpright
      0.15 pad release dpright
      0.2 pad press a
      0.25 pad release a
      0.3 pad press dpright
      0.35 pad release dpright
      0.4 pad press a
      0.45 pad release a
      0.5 quit

      """
    #expect(try played(script, in: dir) == ["0 on script", "1 on script"])
  }

  /// A session of both devices — a paint with two fingers, a pinch, the stick held past
  /// its repeat, the right stick's pan, the shoulders, B — plays in the window to the frame
  /// `render --replay` draws of it, twice byte for byte, and `--record` writes its lines
  /// back as they were.
  @Test func touchAndPadReplayAsPlayedAndAreRecorded() throws {
    let dir = Folder("devices")
    let shot = dir.path("play.png")
    let lines = [
      "0.1 finger down 1 35 35", "0.15 finger move 1 95 35", "0.2 finger down 2 35 95",
      "0.25 finger move 2 155 95", "0.3 finger move 1 215 35", "0.35 finger up 1 215 35",
      "0.35 finger up 2 155 95", "0.4 finger down 3 100 100", "0.4 finger down 4 200 100",
      "0.45 finger move 4 260 110", "0.5 finger up 3 100 100", "0.5 finger up 4 260 110",
      "0.6 pad axis leftx 0.8", "1.3 pad axis leftx 0", "1.3 pad press a",
      "1.35 pad release a", "1.4 pad axis righty 0.6", "1.6 pad axis righty 0",
      "1.7 pad press leftshoulder", "1.75 pad release leftshoulder",
    ]
    let script = try dir.write(
      "s.txt", (lines + ["2 screenshot \"\(shot)\"", "2.1 quit"]).joined(separator: "\n"))
    let record = dir.path("rec.txt")
    let r = try Tickplay.run(
      ["play"] + Self.window + ["--replay", script, "--record", record],
      environment: Self.offscreen, timeout: 30)
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return }
    let recorded = try String(contentsOfFile: record, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    // The launch lines first: the window and HUD the replay started with.
    #expect(recorded == ["0 window 400 200", "0 hud off"] + lines + ["2.1 quit"], "\(recorded)")

    var renders: [Data] = []
    for k in 0..<2 {
      let out = dir.path("render\(k).png")
      let rr = try Tickplay.run(
        ["render"] + Self.window + ["--replay", script, "--time", "2", "--out", out])
      #expect(rr.status == 0, "\(rr.stderr)")
      renders.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(!renders[0].isEmpty && renders[0] == renders[1], "two renders differ")
    let diff = ImageDiff(channelTolerance: 2, pixelBudget: 0).compare(
      try RGBAImage(contentsOf: shot), golden: try RGBAImage(contentsOf: dir.path("render0.png")))
    #expect(diff?.differing == 0, "play and render differ: \(String(describing: diff?.differing))")
  }

  @Test func aMalformedDeviceLineExits2NamingItsLine() throws {
    let dir = Folder("bad")
    for (text, words) in [
      ("0 finger down 1 35 35\n0.1 finger lift 1 35 35\n", "s.txt:2: invalid finger action"),
      ("0 pad press a\n\n0.2 pad press triangle\n", "s.txt:3: invalid pad button 'triangle'"),
      ("0 pad axis leftx 2\n", "s.txt:1: invalid VALUE '2' for pad axis"),
    ] {
      let path = try dir.write("s.txt", text)
      for sub in ["play", "render"] {
        let out = sub == "render" ? ["--out", dir.path("x.png")] : []
        let r = try Tickplay.run(
          [sub, "--replay", path] + out, environment: Self.offscreen, timeout: 30)
        #expect(r.status == 2 && r.stderr.contains(words), "\(sub): \(r.stderr)")
      }
    }
  }
}
