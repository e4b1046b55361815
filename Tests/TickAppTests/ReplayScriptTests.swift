import Testing
import TickScene

@testable import TickCommandLine
@testable import TickFiles

@Suite struct ReplayScriptTests {
  func parse(_ s: String) throws(ReplayScriptError) -> ReplayScript { try ReplayScript.parse(s) }

  func failure(_ s: String) -> ReplayScriptError? {
    do {
      _ = try parse(s)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyVerbCommentsAndBlankLines() throws {
    let script = try parse(
      """
      # a comment line
      0 move 10 20
        0.1 click 25 25   # a trailing comment

      0.1 press 1.5 -2 right
      .25 release 3 4 middle
      0.5 key Space
      0.5 key keypad 0
      0.5 key "#"
      1. screenshot "out dir/frame 1.png"
      2 screenshot a#b.png
      3\tquit\r
      """)
    #expect(
      script.events.map(\.verb) == [
        .input(.move(x: 10, y: 20)), .click(x: 25, y: 25, button: .left),
        .input(.press(x: 1.5, y: -2, button: .right)),
        .input(.release(x: 3, y: 4, button: .middle)), .input(.key("space")),
        .input(.key("keypad 0")), .input(.key("#")), .screenshot("out dir/frame 1.png"),
        .screenshot("a#b.png"), .input(.quit),
      ])
    #expect(script.events.map(\.time) == [0, 0.1, 0.1, 0.25, 0.5, 0.5, 0.5, 1, 2, 3])
    #expect(script.events.map(\.line) == [2, 3, 5, 6, 7, 8, 9, 10, 11, 12])
  }

  @Test func stepsAtHzWithAClickAsPressAndRelease() throws {
    let script = try parse("0.1 click 5 6\n0.104 key a\n0.5 screenshot s.png\n1 quit\n")
    let steps = script.steps(hz: 120)
    #expect(
      steps == [
        .init(step: 12, action: .input(.press(x: 5, y: 6, button: .left)), line: 1),
        .init(step: 12, action: .input(.release(x: 5, y: 6, button: .left)), line: 1),
        .init(step: 12, action: .input(.key("a")), line: 2),
        .init(step: 60, action: .screenshot("s.png"), line: 3),
        .init(step: 120, action: .quit, line: 4),
      ])
    #expect(script.steps(hz: 60).map(\.step) == [6, 6, 6, 30, 60])
  }

  @Test func stepOfTimeIsTheLastStepAtOrBeforeIt() {
    #expect(ReplayScript.step(ofTime: 0.1, hz: 120) == 12)
    #expect(ReplayScript.step(ofTime: 0.1083, hz: 120) == 12)
    #expect(ReplayScript.step(ofTime: 0.10834, hz: 120) == 13)
    #expect(ReplayScript.step(ofTime: 0.3, hz: 10) == 3)  // 2.9999999999999996
    #expect(ReplayScript.step(ofTime: -1, hz: 120) == 0)
    #expect(ReplayScript.step(ofTime: .nan, hz: 120) == 0)
    #expect(ReplayScript.step(ofTime: 1e300, hz: 10_000) == 864_000_000)
  }

  @Test(arguments: [1, 7, 60, 120, 144, 1000, 10_000])
  func recordedTimesMapBackToTheirSteps(hz: Int) throws {
    var rng = SplitMix64(seed: UInt64(hz))
    var steps: [Int64] = Array(0..<300)
    for _ in 0..<300 { steps.append(Int64(rng.next() % UInt64(86_400 * hz))) }
    steps.append(Int64(86_400 * hz))
    for k in steps {
      let t = ReplayScript.time(ofStep: k, hz: hz)
      let line = ReplayScript.line(for: .init(time: t, verb: .input(.quit)))
      let back = try parse(line).events[0].time
      #expect(ReplayScript.step(ofTime: back, hz: hz) == k, "\(k) at \(hz) Hz: \(line)")
    }
    #expect(ReplayScript.time(ofStep: 1, hz: 120) == 0.008334)
    #expect(ReplayScript.time(ofStep: 12, hz: 120) == 0.1)
  }

  // MARK: - Errors name their line

  @Test(arguments: [
    ("0 click 1 2\nabc click 1 2", 2, "invalid time 'abc'"),
    ("\n\n-1 click 1 2", 3, "invalid time '-1'"),
    ("1e3 quit", 1, "invalid time"),
    ("inf quit", 1, "invalid time"),
    ("86401 quit", 1, "0 to 86400"),
    ("1.2.3 quit", 1, "invalid time"),
    ("\"1\" quit", 1, "invalid time"),
    ("0.5", 1, "expected a verb"),
    ("0.5   # just a time", 1, "expected a verb"),
    ("0 clik 1 2", 1, "unknown verb 'clik'"),
    ("0 CLICK 1 2", 1, "unknown verb"),
    ("0 click 1", 1, "X Y [BUTTON]"),
    ("0 click 1 2 left extra", 1, "got 4 arguments"),
    ("0 press a 2", 1, "invalid X 'a'"),
    ("0 release 1 1e5", 1, "invalid Y '1e5'"),
    ("0 click 1 2 top", 1, "left, middle or right"),
    ("0 move 1 2 left", 1, "move takes X Y"),
    ("0 key", 1, "key takes a NAME"),
    ("0 key #", 1, "key takes a NAME"),
    ("0 key \"\"", 1, "key takes a NAME"),
    ("0 screenshot", 1, "screenshot takes one FILE"),
    ("0 screenshot a b", 1, "got 2 arguments"),
    ("0 screenshot shot", 1, "FILE.png, FILE.jpg or FILE.jpeg, got 'shot'"),
    ("0 screenshot shot.gif", 1, "got 'shot.gif'"),
    ("0 quit now", 1, "quit takes no arguments"),
    ("1 quit\n0.5 quit", 2, "must not decrease"),
    ("0 key \"abc", 1, "unterminated"),
    ("0 key \"a\\q\"", 1, "invalid escape"),
    ("0 key \"\\x4\"", 1, "two hex digits"),
    ("0 key \"a\"b", 1, "space after the closing quote"),
    ("0.5 window 800 600", 1, "first, at time 0"),
    ("0 move 1 1\n0 hud full", 2, "first, at time 0"),
    ("0 window 800", 1, "window takes W H"),
    ("0 window 0 600", 1, "1–16384"),
    ("0 hud on", 1, "full, compact or off"),
    ("0 hud", 1, "full, compact or off"),
  ])
  func malformedLinesNameTheirNumber(text: String, line: Int, words: String) {
    guard let e = failure(text) else {
      Issue.record("'\(text)' parsed")
      return
    }
    #expect(e.line == line, "\(e)")
    #expect(e.message.contains(words), "\(e)")
    #expect(e.description.hasPrefix("line \(line): "))
  }

  @Test func invalidUTF8NamesItsLine() {
    let bytes = Array("0 quit\n".utf8) + [0x30, 0x20, 0xFF, 0x0A]
    do {
      _ = try ReplayScript.parse(bytes)
      Issue.record("parsed")
    } catch {
      #expect(error.line == 2 && error.message.contains("UTF-8"))
    }
  }

  /// A fuzz finding (docs/fuzzing.md): the scene converts a pointer's coordinates to whole
  /// pixels, which traps beyond `Int`'s range (a wheel at 1e23 in `render --replay`), so
  /// the parser refuses coordinates beyond a million pixels, with the line.
  @Test func coordinatesBeyondAMillionPixelsAreRefused() {
    let refused = [
      ("0 wheel 99999999999999999999999 10 1", "invalid X '99999999999999999999999' for wheel"),
      ("0 move 5 -1000000.5", "invalid Y '-1000000.5' for move"),
      ("0 click 1 1\n0 press 1000001 0 right", "invalid X '1000001' for press"),
    ]
    for (text, words) in refused {
      let e = failure(text)
      #expect(e?.line == text.split(separator: "\n").count, "\(text): \(String(describing: e))")
      #expect(e?.message.hasPrefix(words + ": expected") == true, "\(String(describing: e))")
      #expect(e?.message.contains("-1000000–1000000") == true, "\(String(describing: e))")
    }
    #expect(failure("0 press -1000000 1000000 right\n0 wheel 1000000 -1000000 -99999") == nil)
  }

  // MARK: - Writer

  @Test func writerOutputLooksLikeTheDesign() {
    let s = ReplayScript(events: [
      .init(time: 0.1, verb: .click(x: 120, y: 80, button: .left)),
      .init(time: 0.25, verb: .input(.press(x: 1.5, y: -2, button: .right))),
      .init(time: 0.00001, verb: .input(.move(x: 1e10, y: 0.000001))),
      .init(time: 0.5, verb: .input(.key("keypad 0"))),
      .init(time: 0.5, verb: .input(.key("#"))),
      .init(time: 1, verb: .screenshot("a b.png")),
      .init(time: 2, verb: .input(.quit)),
    ])
    #expect(
      s.text == """
        0.1 click 120 80
        0.25 press 1.5 -2 right
        0.00001 move 10000000000 0.000001
        0.5 key "keypad 0"
        0.5 key "#"
        1 screenshot "a b.png"
        2 quit

        """)
  }

  /// Zooms and pans below the smallest whole cell, recorded and replayed: the script's
  /// numbers read back exactly, and the scene decides the view from its inputs alone, so
  /// the replayed scene ends in the very layout the live one did.
  @Test func anOverviewZoomAndPanReplayIdentically() throws {
    let inputs: [InputEvent] = [
      .wheel(x: 123.4, y: 77.7, dy: -14), .wheel(x: 300.25, y: 10.5, dy: -1),
      .press(x: 200.3, y: 150.1, button: .right), .move(x: 190.9, y: 141.37),
      .move(x: 170.123, y: 160.8), .release(x: 170.123, y: 160.8, button: .right),
      .wheel(x: 51.9, y: 222.2, dy: 2), .key("f"), .wheel(x: 11.1, y: 9.9, dy: 3),
      .key("shift+right"),
    ]
    func scene() -> Scene {
      Scene(
        layout: GridLayout(
          windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 1000, rows: 1000))
    }
    var live = scene()
    var keyboard = Keyboard()
    var layouts: [GridLayout] = []
    for e in inputs {
      if case .key(let name) = e { keyboard.press(name, on: &live) } else { live.handle(e) }
      layouts.append(live.layout)
    }
    #expect(layouts.contains { $0.isOverview && $0.scale > $0.fitScale }, "the premise")
    let written = ReplayScript(
      events: inputs.enumerated().map {
        .init(time: Double($0) * 0.1, verb: .input($1))
      })
    var replayed = scene()
    var k = 0
    for step in try parse(written.text).steps(hz: 120) {
      guard case .input(let e) = step.action else { continue }
      if case .key(let name) = e {
        keyboard.press(name, on: &replayed, cause: .script)
      } else {
        replayed.handle(e, cause: .script)
      }
      #expect(replayed.layout == layouts[k], "after \(inputs[k])")
      k += 1
    }
    #expect(k == inputs.count)
  }

  @Test func writeThenParseGivesTheSameScript() throws {
    var rng = SplitMix64(seed: 42)
    let names = ["a", "space", "keypad 0", "#", "\"", "\\", "left shift", "é", " x ", "a\tb"]
    for _ in 0..<200 {
      var events: [ReplayScript.Event] = []
      var t = 0.0
      for _ in 0..<Int(rng.next() % 12) {
        t += Double(rng.next() % 1000) / Double(1 + rng.next() % 997)
        // Any magnitude a script accepts (below 2^19 pixels), from the smallest normal Float.
        let xs = Float(
          sign: rng.next() % 2 == 0 ? .plus : .minus, exponent: Int(rng.next() % 145) - 126,
          significand: 1 + Float(rng.next() % (1 << 23)) / Float(1 << 23))
        let y = Float(Int64(rng.next() % 4000) - 2000) / 8
        let b = [InputEvent.Button.left, .middle, .right][Int(rng.next() % 3)]
        let verbs: [ReplayScript.Verb] = [
          .click(x: xs, y: y, button: b), .input(.press(x: y, y: xs, button: b)),
          .input(.release(x: xs, y: xs, button: b)), .input(.move(x: y, y: y)),
          .input(.key(names[Int(rng.next() % UInt64(names.count))])),
          .input(.wheel(x: y, y: xs, dy: y / 4)),
          .input(.resize(width: 1 + Int(rng.next() % 16384), height: 1 + Int(rng.next() % 99))),
          .screenshot(randomText(&rng) + ".png"), .input(.quit),
        ]
        let verb = verbs[Int(rng.next() % UInt64(verbs.count))]
        events.append(.init(time: min(t, ReplayScript.maxTime), verb: verb))
      }
      let script = ReplayScript(events: events)
      let back = try parse(script.text)
      #expect(back == script, "\(script.text)")
    }
  }

  /// A non-empty string of awkward characters: quotes, escapes, controls, spaces, #.
  func randomText(_ rng: inout SplitMix64) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\t", "\n", "\r", "#", "\"", "\\", "\u{1}",
      "\u{7F}", "é", "😀", "-", ".", "/",
    ]
    var s = String.UnicodeScalarView()
    for _ in 0...(rng.next() % 10) { s.append(pool[Int(rng.next() % UInt64(pool.count))]) }
    return String(s)
  }

  /// A recording's launch lines: read back, taken as the launch and left out of the steps.
  @Test func launchLinesGiveTheLaunchAndNoStep() throws {
    let text = "0 window 800 600\n0 hud compact\n0 move 5 5\n1 key h\n"
    let script = try ReplayScript.parse(text)
    #expect(script.launch == .init(window: ViewArea(width: 800, height: 600), hud: .compact))
    #expect(script.text == text)
    #expect(script.steps(hz: 10).map(\.step) == [0, 10])
    #expect(try ReplayScript.parse("0 move 5 5\n").launch == .init())
  }

  /// A recording's launch is what the options start from: the command line's `--window`
  /// and `--hud` (and a scene file's) win over it, and what they leave unsaid it says.
  @Test func aRecordingsLaunchIsWhatTheOptionsStartFrom() throws {
    let script = Array("# a recording\n0 window 800 600\n0 hud compact\n0.5 key a\n".utf8)
    func parse(_ args: [String]) throws -> LaunchOptions {
      try LaunchOptions.parse(args) { (_) throws(UsageError) in script }
    }
    let bare = try parse(["render", "--replay", "r.txt", "--out", "a.png"])
    #expect(bare.windowWidth == 800 && bare.windowHeight == 600 && bare.launchHUD == .compact)
    #expect(bare.layout.count == 13 * 9, "800 × 578 above the strip: 13 × 9 views")
    let given = try parse(["render", "--replay", "r.txt", "--out", "a.png", "--window", "400x300"])
    #expect(given.windowWidth == 400 && given.windowHeight == 300)
    let hud = try parse(["play", "--replay", "r.txt", "--hud", "off"])
    #expect(hud.launchHUD == .off)
    #expect(try parse(["render", "--out", "a.png"]).launchHUD == .off)
    #expect(try parse(["play"]).launchHUD == .full)
  }

  /// Only the leading launch lines are read for the launch; a bad line ends them.
  @Test func theLaunchIsReadFromTheLeadingLinesOnly() {
    let launch = ReplayScript.launch(of: Array("0 window 300 200\n0 move 1 1\n0 hud off\n".utf8))
    #expect(launch == .init(window: ViewArea(width: 300, height: 200)))
    #expect(ReplayScript.launch(of: Array("0 windw 1 1\n0 hud off\n".utf8)) == .init())
  }
}
