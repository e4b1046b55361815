import Foundation
import TestSupport
import Testing
import TickSDL

/// `--scene`, `--replay` and `--record` through the real binary: `render` headless, and
/// `play` on SDL's offscreen driver, so no display is needed.
///
/// The grid is two 50-px views in a 120×60 window (origin 5, 5): view 0 is centred on
/// (30, 30), view 1 on (90, 30).
@Suite(.serialized) struct SceneReplayTests {
  static let grid = ["--window", "120x60", "--cell", "50", "--gap", "10", "--grid", "2x1"]

  /// A fresh folder, and a way to write a file in it.
  struct Folder {
    let url: URL
    init(_ name: String) { url = Tickplay.temporaryDirectory(name) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
      try text.write(toFile: path(name), atomically: true, encoding: .utf8)
      return path(name)
    }
  }

  /// Whether a pixel is the seed's fill colour (#2ecb94).
  func isFill(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
    abs(Int(p.r) - 0x2e) < 8 && abs(Int(p.g) - 0xcb) < 8 && abs(Int(p.b) - 0x94) < 8
  }

  /// Whether view `n` (0 or 1) shows its fill: a point inside the disc, clear of the tick.
  func selected(_ image: RGBAImage, view n: Int) -> Bool {
    isFill(image.pixel(30 + 60 * n, 18))
  }

  func render(_ args: [String], out: String) throws -> RGBAImage? {
    let r = try Tickplay.run(["render"] + args + ["--out", out])
    #expect(r.status == 0, "\(r.stderr)")
    return r.status == 0 ? try RGBAImage(contentsOf: out) : nil
  }

  // MARK: - Scene files

  @Test func renderReadsASceneFileAndFlagsWin() throws {
    let dir = Folder("scene")
    let scene = try dir.write(
      "s.json",
      #"{"window": "120x60", "cell": 50, "gap": 10, "grid": "2x1", "select": "all", "#
        + #""animate": false, "hz": 60}"#)
    let a = try #require(try render(["--scene", scene], out: dir.path("a.png")))
    #expect(a.width == 120 && a.height == 60)
    #expect(selected(a, view: 0) && selected(a, view: 1))
    // A flag after --scene and one before it both override the file.
    let b = try #require(
      try render(["--scene", scene, "--select", "checker"], out: dir.path("b.png")))
    #expect(selected(b, view: 0) && !selected(b, view: 1))
    let c = try #require(try render(["--select=none", "--scene=\(scene)"], out: dir.path("c.png")))
    #expect(!selected(c, view: 0) && !selected(c, view: 1))
  }

  @Test func badSceneFilesExit2NamingTheFileAndKey() throws {
    let dir = Folder("bad-scene")
    let cases: [(String?, [String])] = [
      (nil, ["--scene: cannot read", "missing.json", "No such file"]),
      (#"{"window": "120x60", "cel": 40}"#, [":1:22: key \"cel\"", "unknown option", "cell"]),
      (#"{"cell": "wide"}"#, [":1:2: key \"cell\"", "--cell", "1–4096"]),
      (#"{"animate": "yes"}"#, ["key \"animate\"", "true or false"]),
      ("{\n  \"cell\": 40,\n}", [":3:1: invalid JSON", "trailing comma"]),
      (#"{"scene": "other.json"}"#, ["key \"scene\"", "another scene"]),
      ("[]", ["expected a JSON object"]),
    ]
    for (n, (text, words)) in cases.enumerated() {
      let path = try text.map { try dir.write("s\(n).json", $0) } ?? dir.path("missing.json")
      let r = try Tickplay.run(["render", "--scene", path, "--out", dir.path("x.png")])
      #expect(r.status == 2, "\(r.stderr)")
      #expect(r.stderr.contains(path), "\(r.stderr)")
      for w in words { #expect(r.stderr.contains(w), "'\(w)' not in: \(r.stderr)") }
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path("x.png")))
  }

  // MARK: - Replay scripts

  @Test func badReplayScriptsExit2NamingTheLine() throws {
    let dir = Folder("bad-script")
    let script = try dir.write("r.txt", "# fine\n0.1 click 30 30\n0.2 clik 30 30\n")
    for sub in ["render", "play"] {
      let out = sub == "render" ? ["--out", dir.path("x.png")] : []
      let r = try Tickplay.run(
        [sub, "--replay", script] + out, environment: ["SDL_VIDEODRIVER": "offscreen"])
      #expect(r.status == 2, "\(sub): \(r.stderr)")
      #expect(r.stderr.contains("\(script):3: unknown verb 'clik'"), "\(r.stderr)")
      #expect(r.stderr.contains("click X Y"), "\(r.stderr)")
    }
    let missing = try Tickplay.run(["render", "--replay", dir.path("no.txt"), "--out", "x.png"])
    #expect(missing.status == 2 && missing.stderr.contains("--replay: cannot read"))
    let record = try Tickplay.run(["render", "--record", dir.path("r.txt"), "--out", "x.png"])
    #expect(
      record.status == 2
        && record.stderr.contains("--record does not apply to render (it works with play;"))
  }

  @Test func aReplayedClickSelectsTheViewAtItsTime() throws {
    let dir = Folder("click")
    let script = try dir.write("r.txt", "0.1 click 30 30\n0.5 click 90 30\n")
    let at1 = try #require(
      try render(Self.grid + ["--replay", script, "--time", "1.0"], out: dir.path("t1.png")))
    #expect(selected(at1, view: 0) && selected(at1, view: 1))
    // Before its time an event has not happened: at 0.4 only the first click has.
    let at04 = try #require(
      try render(Self.grid + ["--replay", script, "--time", "0.4"], out: dir.path("t04.png")))
    #expect(selected(at04, view: 0) && !selected(at04, view: 1))
    let at005 = try #require(
      try render(Self.grid + ["--replay", script, "--time", "0.05"], out: dir.path("t005.png")))
    #expect(!selected(at005, view: 0))
  }

  @Test func renderReplayGivesTheSameBytesEveryTime() throws {
    let dir = Folder("determinism")
    let script = try dir.write(
      "r.txt",
      """
      0.05 move 30 30
      0.1 click 30 30
      0.2 key 3
      0.3 press 90 30
      0.35 release 90 30
      0.4 key tab
      0.45 key space
      0.5 screenshot "\(dir.path("mid.png"))"
      """)
    let args = Self.grid + ["--replay", script, "--time", "0.6"]
    _ = try #require(try render(args, out: dir.path("a.png")))
    let mid = try Data(contentsOf: URL(fileURLWithPath: dir.path("mid.png")))
    _ = try #require(try render(args, out: dir.path("b.png")))
    let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.png")))
    let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("b.png")))
    #expect(!a.isEmpty && a == b)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("mid.png"))) == mid)
    #expect(mid != a)  // the frame at 0.5 is another frame
  }

  @Test func playReplaysSavesScreenshotsQuitsAndRecords() throws {
    let dir = Folder("play")
    let shot = dir.path("play-0.3.png")
    let script = try dir.write(
      "r.txt", "0.1 click 30 30\n0.3 screenshot \"\(shot)\"\n0.4 key 2\n0.45 quit\n")
    let record = dir.path("rec.txt")
    let r = try Tickplay.run(
      ["play"] + Self.grid + ["--hud", "off", "--replay", script, "--record", record],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 30)
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return }
    // The frame play saved at 0.3 is the frame render draws at 0.3.
    let played = try RGBAImage(contentsOf: shot)
    let rendered = try #require(
      try render(
        Self.grid + ["--replay", script, "--time", "0.3"], out: dir.path("render-0.3.png")))
    let diff = ImageDiff(channelTolerance: 2, pixelBudget: 0).compare(played, golden: rendered)
    #expect(diff?.differing == 0, "play and render differ: \(String(describing: diff?.differing))")
    #expect(selected(played, view: 0) && !selected(played, view: 1))
    // The recording holds what the scene received, at the same times, in the same format.
    let recorded = try String(contentsOfFile: record, encoding: .utf8)
    let lines = recorded.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      lines == [
        "0 window 120 60", "0 hud off", "0.1 press 30 30", "0.1 release 30 30", "0.4 key 2",
        "0.45 quit",
      ], "\(recorded)")
  }
}
