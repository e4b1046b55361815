import Foundation
import TestSupport
import Testing
import TickSDL

/// Bad input through the real binary, generated: every option with values it must refuse,
/// in both spellings (`--opt value`, `--opt=value`), with no value, as a flag given a value,
/// inside a scene file; unknown options and subcommands; unreadable and malformed files.
///
/// Each must exit 2 at once with one line on stderr that names the option (or file and
/// line) and what it accepts, print nothing on stdout, and write no file. Lines run a few
/// at a time; each has a deadline, so a hang fails instead of stalling the suite.
@Suite struct BadInputTests {
  /// One command line and the words its message must hold.
  struct BadLine: Sendable, CustomStringConvertible {
    var args: [String]
    var words: [String]
    var description: String { args.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ") }
  }

  /// Options with values, what their message says they accept, and values to refuse.
  static let refused: [(option: String, accepts: String, values: [String])] = [
    (
      "--window", "1–16384",
      [
        "0x0", "0x100", "100x0", "-5x10", "10x-5", "100", "100x", "x100", "100x100x100",
        "16385x10", "10x16385", "axb", "1.5x2", "", " 100x100", "99999999999999999999x1",
        "100X100", "１００x１００",
      ]
    ),
    (
      "--cell", "1–4096",
      ["0", "-1", "4097", "1.5", "ten", "", "0x10", "1e2", "99999999999999999999", "+-1", "٣"]
    ),
    ("--gap", "0–4096", ["-1", "4097", "1.5", "x", "", "-0x1"]),
    (
      "--grid", "16777216",
      [
        "0x5", "5x0", "100000x100000", "4097x4096", "16777217x1", "-1x-1", "5", "ax5",
        "16777216x2", "2x16777216", "9223372036854775807x9223372036854775807",
      ]
    ),
    (
      "--select", "random:P",
      [
        "half", "random", "random:", "random:1.5", "random:-0.1", "random:nan", "random:inf",
        "random:x", "ALL", "", "checkers", "random:0.5:1",
      ]
    ),
    ("--renderer", "software", ["vulkan", "OpenGL", "", "gl", "metal", "auto "]),
    ("--aa", "on or off", ["yes", "1", "ON", ""]),
    ("--hz", "1–10000", ["0", "-60", "10001", "60.5", "fast", ""]),
    ("--seed", "whole number", ["-1", "1.5", "abc", "18446744073709551616", ""]),
    ("--frames", "0–100000000", ["-1", "100000001", "ten", "1.0"]),
    ("--time", "seconds", ["-1", "nan", "inf", "-inf", "86401", "1e9", "soon", ""]),
    ("--duration", "seconds", ["-0.5", "nan", "inf", "3601", "long", ""]),
    ("--animation", "stroke", ["wobble", "Stroke", "", "11"]),
    ("--deselect", "instant", ["never", "", "INSTANT"]),
    (
      "--timing", "cubic-bezier(x1,y1,x2,y2)",
      [
        "linear2", "cubic-bezier(1.5,0,0.5,1)", "cubic-bezier(-0.1,0,1,1)",
        "cubic-bezier(0,0,1.01,1)", "cubic-bezier(0,0,-1,1)", "cubic-bezier(0,0,1)",
        "cubic-bezier(0,0,1,1,1)", "cubic-bezier(a,b,c,d)", "cubic-bezier(0,nan,1,1)",
        "cubic-bezier(nan,0,1,1)", "cubic-bezier(0,inf,1,1)", "cubic-bezier(0,1e300,1,1)",
        "spring(1,1,1e300)", "spring(1e39,10)", "cubic-bezier()",
        "cubic-bezier(0,0,1,1", "spring(0,0)", "spring(-1,10)", "spring(100,-1)",
        "spring(nan,1)", "spring(1)", "spring(1,1,nan)", "",
      ]
    ),
    ("--shape", "circle", ["triangle", "", "Circle"]),
    ("--hud", "on or off", ["maybe", ""]),
    ("--rain", "toggles per second", ["0", "-5", "nan", "inf", "1000001", "lots", ""]),
    (
      "--group", "COL,ROW,COLSxROWS",
      ["0,0", "-1,0,2x2", "0,0,0x0", "0,0,2x2,hold", "a,b,cxd", "", "0,0,2x2,keep,keep"]
    ),
    ("--views", "1–16777216", ["0", "-1", "16777217", "nan", "1e9", "99999999999999999999"]),
    ("--animating", "0–16777216", ["-1", "16777217", "nan", "inf"]),
    ("--stagger", "seconds", ["-1", "nan", "inf", "3601", "-inf"]),
    ("--out", "file name", ["", "-x.png"]),
    ("--screenshot", "file name", ["", "--events"]),
    ("--scene", "file name", [""]),
    ("--replay", "file name", ["", "-"]),
    ("--record", "file name", [""]),
  ]
  /// Colour options share their refusals.
  static let colours = ["--fill-color", "--tick-color", "--ring-color", "--background"]
  static let badColours = [
    "red", "#12345", "#1234567", "#gggggg", "2ecb94", "#", "#2ecb94ff00", "#+1+2+3", "#2ecb9",
    "", "# 2ecb94",
  ]
  static let flags = ["--animate", "--events", "--help", "--version"]

  /// A folder for files the lines name; no line may write into it.
  static let folder = Tickplay.temporaryDirectory("bad-input")
  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Every generated command line, cycling through the three subcommands. `render` is
  /// given an output file and `play` a one-frame limit first, so a line wrongly accepted
  /// ends at once and shows up as a wrong exit status rather than a hang.
  static func commandLines() -> [BadLine] {
    var lines: [BadLine] = []
    func add(_ args: [String], _ words: [String]) {
      // The option a line gives badly is not given first as well: twice, it is refused as
      // repeated before its value is looked at.
      let name = args.first.map { $0.split(separator: "=")[0] } ?? ""
      switch lines.count % 3 {
      case 0:
        let out = name == "--out" ? [] : ["--out", path("never.png")]
        lines.append(BadLine(args: ["render"] + out + args, words: words))
      case 1:
        let frames = name == "--frames" ? [] : ["--frames", "1"]
        lines.append(BadLine(args: ["play"] + frames + args, words: words))
      default: lines.append(BadLine(args: ["bench"] + args, words: words))
      }
    }
    let all = refused + colours.map { ($0, "#rrggbb", badColours) }
    for (option, accepts, values) in all {
      for (n, v) in values.enumerated() {
        // Alternate the spellings; a value that starts with - only works after =.
        let together = n % 2 == 1 || v.hasPrefix("-")
        add(together ? ["\(option)=\(v)"] : [option, v], [option, accepts])
      }
      add([option], [option, "needs a value"])
    }
    for flag in flags {
      add(["\(flag)=yes"], [flag, "is a flag"])
    }
    for unknown in ["--nope", "--Cell", "--cell_size", "--windows", "---cell", "--"] {
      add([unknown, "5"], ["unknown option", "'\(unknown)'", "--help"])
    }
    for stray in ["-c", "cell", "5"] {
      add(["--cell", "5", stray], ["unexpected argument '\(stray)'", "--"])
    }
    lines.append(BadLine(args: ["draw"], words: ["unknown subcommand 'draw'", "render"]))
    lines.append(BadLine(args: ["keys", "--html"], words: ["keys", "'--html'", "--markdown"]))
    lines.append(BadLine(args: ["bench", "soaks"], words: ["unknown bench 'soaks'", "soak"]))
    lines.append(BadLine(args: ["Render", "--out", "x.png"], words: ["'Render'", "render"]))
    lines.append(BadLine(args: ["--cell", "5", "render"], words: ["'render'"]))
    lines.append(BadLine(args: ["render"], words: ["--out"]))
    return lines
  }

  /// Scene files holding one bad value each: the message names the file, the key and
  /// what the option accepts.
  static func sceneLines() throws -> [BadLine] {
    var lines: [BadLine] = []
    let all =
      refused.filter { !["--scene", "--record"].contains($0.option) }
      + colours.map { ($0, "#rrggbb", badColours) }
    for (option, accepts, values) in all {
      for v in values.prefix(3) {
        let key = String(option.dropFirst(2))
        let file = path("scene-\(lines.count).json")
        let escaped = v.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"")
        try "{\n  \"\(key)\": \"\(escaped)\"\n}\n".write(
          toFile: file, atomically: true, encoding: .utf8)
        lines.append(
          BadLine(
            args: ["render", "--scene", file, "--out", path("never.png")],
            words: ["\(file):2:3: key \"\(key)\"", accepts]))
      }
    }
    return lines
  }

  /// Files that cannot be read or are not what they claim, for `--scene` and `--replay`.
  static func fileLines() throws -> [BadLine] {
    var lines: [BadLine] = []
    let out = ["--out", path("never.png")]
    for option in ["--scene", "--replay"] {
      let missing = path("missing-\(option.dropFirst(2))")
      lines.append(
        BadLine(
          args: ["render", option, missing] + out,
          words: [option, missing, "No such file or directory"]))
      lines.append(
        BadLine(
          args: ["render", option, folder.path] + out,
          words: [option, folder.path, "Is a directory"]))
    }
    // Random bytes, a truncated object, a text that is not an object.
    var rng = SystemRandomNumberGenerator()
    // Noise after a control byte, so the first error is always at 1:1.
    let noise = [1] + (0..<512).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let scenes: [(String, [UInt8], String)] = [
      ("noise.json", noise, ":1:"),
      ("truncated.json", Array("{\"cell\": 40, \"gap\"".utf8), ":1:19:"),
      ("list.json", Array("[1, 2]".utf8), ": expected a JSON object"),
      ("deep.json", Array((String(repeating: "[", count: 5000)).utf8), ":1:"),
    ]
    for (name, bytes, word) in scenes {
      let file = path(name)
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      lines.append(BadLine(args: ["render", "--scene", file] + out, words: [file + word]))
    }
    // Scripts whose one bad line sits among good ones: the message names that line.
    let badScriptLines = [
      "0.5 click", "0.5 click x y", "-1 click 1 1", "nan click 1 1", "0.5 key", "0.5 screenshot",
      "abc", "0.5 quit now", "1e400 click 1 1", "0.5 wheel 1 1", "0.5 resize 0 0",
      "0.5 move 1 1 thumb", "0.5 \"cl ick\" 1 1", "0.1 click 1 1", "0.5 click 1 1 \"",
      "0.5 screenshot \"unterminated",
    ]
    for (n, bad) in badScriptLines.enumerated() {
      var text = ["# generated", "0.2 move 10 10", "0.3 click 10 10"]
      let at = n % 3 + 1
      text.insert(bad, at: at)
      text.append("0.9 quit")
      let file = path("script-\(n).txt")
      try text.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
      lines.append(
        BadLine(args: ["render", "--replay", file] + out, words: ["\(file):\(at + 1):"]))
    }
    // Not UTF-8, and a line cut short at the end of the file.
    let binary = path("script-binary.txt")
    try Data([0x30, 0x2E, 0x31, 0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: binary))
    lines.append(BadLine(args: ["render", "--replay", binary] + out, words: ["\(binary):1:"]))
    let cut = path("script-cut.txt")
    try "0.1 click 10 10\n0.2 cli".write(toFile: cut, atomically: true, encoding: .utf8)
    lines.append(BadLine(args: ["render", "--replay", cut] + out, words: ["\(cut):2:"]))
    return lines
  }

  /// Runs every line (two at a time) and checks each outcome.
  func check(_ lines: [BadLine]) {
    let results = Results(count: lines.count)
    DispatchQueue.concurrentPerform(iterations: lines.count) { i in
      let r = try? Tickplay.run(
        lines[i].args, environment: ["SDL_VIDEODRIVER": "dummy"], timeout: 10)
      results.set(i, r)
    }
    for (line, result) in zip(lines, results.all) {
      guard let r = result else {
        Issue.record("\(line): could not run")
        continue
      }
      #expect(r.status == 2, "\(line): exit \(r.status), stderr: \(r.stderr)")
      let message = r.stderr.trimmingCharacters(in: .newlines)
      #expect(
        message.hasPrefix("tickplay: ") && !message.contains("\n"),
        "\(line): not one clear line: \(r.stderr)")
      for word in line.words {
        #expect(r.stderr.contains(word), "\(line): '\(word)' not in: \(r.stderr)")
      }
      #expect(r.stdout.isEmpty, "\(line): stdout: \(r.stdout)")
    }
    #expect(!FileManager.default.fileExists(atPath: Self.path("never.png")))
  }

  @Test func everyOptionRefusesBadValues() {
    let lines = Self.commandLines()
    #expect(lines.count >= 200, "\(lines.count) lines")
    check(lines)
  }

  @Test func badSceneFilesAndScripts() throws {
    check(try Self.sceneLines() + Self.fileLines())
  }

  /// Values each option accepts on its own, but that together ask for what cannot be
  /// done — a group off the grid, too many views, days of rain, an image too large — with
  /// the words the refusal must hold: the option and the limit.
  static func limitLines() -> [BadLine] {
    let png = ["--out", path("never.png")]
    let gif = ["--out", path("never.gif")]
    return [
      BadLine(
        args: ["render", "--group", "99,99,5x1"] + png,
        words: ["--group", "99,99,5x1", "21x13"]),
      // Play counts its views beside the HUD's panel: 16 of 50 px in the 980 px left of it.
      BadLine(args: ["play", "--group", "0,0,100x1"], words: ["--group", "0,0,100x1", "16x13"]),
      BadLine(
        args: ["render", "--grid", "3x2", "--group", "2,1,1x2,keep"] + png,
        words: ["--group", "2,1,1x2,keep", "3x2"]),
      BadLine(
        args: ["export", "--group", "0,1,1x1"] + gif, words: ["--group", "0,1,1x1", "1x1"]),
      BadLine(
        args: ["render", "--group", "9223372036854775807,0,1x1"] + png,
        words: ["--group", "9223372036854775807"]),
      BadLine(
        args: ["render", "--time", "86400", "--rain", "1000000"] + png,
        words: ["--rain", "--time", "1000000000"]),
      BadLine(
        args: ["bench", "soak", "--time", "86400", "--rain", "1000000"],
        words: ["--rain", "--time", "1000000000"]),
      BadLine(
        args: ["render", "--window", "16384x16384", "--cell", "1", "--gap", "0"] + png,
        words: ["--window", "16777216"]),
      BadLine(
        args: ["bench", "--window", "16384x16384", "--cell", "1", "--gap", "0"],
        words: ["--window", "16777216"]),
      BadLine(
        args: ["export", "--cell", "4096", "--gap", "4096", "--style-rows", "all"] + gif,
        words: ["--cell", "--style-rows", "16384"]),
      BadLine(
        args: ["bench", "tessellate", "--views", "1000000", "--cell", "4096"],
        words: ["--views", "--cell", "10000000"]),
      BadLine(
        args: ["bench", "frame", "--grid", "3x3", "--views", "9"], words: ["--grid", "--views"]),
      // Too few views for an overview: nothing to time.
      BadLine(args: ["bench", "overview", "--views", "100"], words: ["--views", "100", "4-px"]),
      BadLine(args: ["export", "--window", "100x100"] + gif, words: ["--window", "export"]),
      BadLine(args: ["export", "--grid", "2x2"] + gif, words: ["--grid", "export"]),
      BadLine(args: ["export", "--select", "all"] + gif, words: ["--select", "export"]),
      BadLine(args: ["render", "--trace", path("t.json")] + png, words: ["--trace", "render"]),
    ]
  }

  @Test func valuesThatCannotBeDoneTogetherAreRefusedWithTheLimitNamed() {
    check(Self.limitLines())
  }

  /// Extreme values that are allowed: each run ends, by itself, with exit 0 — no fatal
  /// error, no signal.
  @Test func extremeValuesThatAreAllowedWork() {
    let png = ["--out", Self.path("extreme.png")]
    let lines: [[String]] = [
      ["render", "--duration", "0", "--select", "all", "--animate", "--time", "1"] + png,
      ["render", "--hz", "1", "--duration", "0.0001", "--select", "all", "--time", "1"] + png,
      ["render", "--hz", "10000", "--duration", "3600", "--select", "all", "--animate"] + png,
      ["render", "--stagger", "3600", "--select", "all", "--animate", "--time", "10"] + png,
      ["render", "--seed", "18446744073709551615", "--select", "random:0.5"] + png,
      ["render", "--timing", "spring(1e30,1)", "--select", "all", "--animate"] + png,
      ["render", "--timing", "spring(1e-30,1e30)", "--select", "all", "--animate"] + png,
      ["render", "--grid", "1000x1000", "--cell", "4096", "--gap", "4096", "--select", "all"]
        + png,
      ["render", "--cell", "4096", "--window", "64x64"] + png,
      ["export", "--duration", "0", "--hz", "1", "--out", Self.path("extreme.gif")],
      ["bench", "soak", "--frames", "100000000", "--time", "1"],
    ]
    let results = Results(count: lines.count)
    DispatchQueue.concurrentPerform(iterations: lines.count) { i in
      results.set(i, try? Tickplay.run(lines[i], timeout: 60))
    }
    for (line, result) in zip(lines, results.all) {
      #expect(result?.status == 0, "\(line): exit \(result?.status ?? -1), \(result?.stderr ?? "")")
    }
  }

  @Test func aGridThatCannotFitIsRefusedAtOnce() throws {
    // 10^10 views: refused by the parser, before any allocation (which would be killed by
    // the timeout, or by the memory it asks for, rather than exit 2).
    let r = try Tickplay.run(
      ["render", "--grid", "100000x100000", "--out", Self.path("never.png")], timeout: 10)
    #expect(r.status == 2 && r.stderr.contains("--grid") && r.stderr.contains("16777216"))
  }
}

/// Results filled in from several threads.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Tickplay.Result?]
  init(count: Int) { values = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ r: Tickplay.Result?) { lock.withLock { values[i] = r } }
  var all: [Tickplay.Result?] { lock.withLock { values } }
}
