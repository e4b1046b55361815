import Foundation
import Testing
import TickAnimation
import TickScene

@testable import TickApp
@testable import TickFiles

/// The replay verbs of touch and the gamepad — `finger down|move|up ID X Y`,
/// `pad press|release BUTTON`, `pad axis AXIS VALUE` — read, written back, refused with
/// their line, and replayed to the same scene as the live input.
@Suite struct DeviceScriptTests {
  func failure(_ s: String) -> ReplayScriptError? {
    do {
      _ = try ReplayScript.parse(s)
      return nil
    } catch {
      return error
    }
  }

  @Test func fingerAndPadLinesParse() throws {
    let script = try ReplayScript.parse(
      """
      0.2 finger down 1 35 35
      0.25 finger move 1 40.5 -3
      0.25 finger up 1 40.5 -3
      0.3 finger down -7 0 1000000
      0.4 pad press dpright
      0.4 pad release DPRIGHT
      0.5 pad press LeftShoulder
      0.6 pad axis leftx -0.5
      0.6 pad axis righttrigger 1
      0.7 pad axis lefty .25
      """)
    #expect(
      script.events.map(\.verb) == [
        .input(.finger(.down, id: 1, x: 35, y: 35)),
        .input(.finger(.move, id: 1, x: 40.5, y: -3)),
        .input(.finger(.up, id: 1, x: 40.5, y: -3)),
        .input(.finger(.down, id: -7, x: 0, y: 1_000_000)),
        .input(.padButton(.dpadRight, pressed: true)),
        .input(.padButton(.dpadRight, pressed: false)),
        .input(.padButton(.leftShoulder, pressed: true)),
        .input(.padAxis(.leftX, value: -0.5)), .input(.padAxis(.rightTrigger, value: 1)),
        .input(.padAxis(.leftY, value: 0.25)),
      ])
  }

  /// Every button and axis by SDL's name, and finger ids to 64 bits, write back to lines
  /// that read back to the same script.
  @Test func everyButtonAxisAndFingerWritesAndReadsBack() throws {
    var events: [ReplayScript.Event] = []
    for (k, b) in PadButton.allCases.enumerated() {
      events.append(.init(time: Double(k), verb: .input(.padButton(b, pressed: k % 2 == 0))))
    }
    for (k, a) in PadAxis.allCases.enumerated() {
      let value: Float = [-1, 1, 0, 0.123456, -0.99997, 0.5][k]
      events.append(.init(time: 20, verb: .input(.padAxis(a, value: value))))
    }
    for (phase, id) in zip(FingerPhase.allCases, [Int64.min, 0, Int64.max]) {
      events.append(.init(time: 30, verb: .input(.finger(phase, id: id, x: 0.1, y: -999.75))))
    }
    let script = ReplayScript(events: events)
    #expect(try ReplayScript.parse(script.text) == script)
    let lines = script.text.split(separator: "\n")
    #expect(lines.first == "0 pad press a" && lines.contains("14 pad press dpright"))
    #expect(lines.contains("20 pad axis righty 0.123456"))
    #expect(lines.last == "30 finger up 9223372036854775807 0.1 -999.75")
  }

  @Test(arguments: [
    ("0 finger", 1, "finger takes down|move|up ID X Y, got 0 arguments"),
    ("0 finger down 1 2", 1, "got 3 arguments"),
    ("0 quit\n0 finger dwn 1 2 3", 2, "invalid finger action 'dwn' (did you mean down?)"),
    ("0 finger down one 2 3", 1, "invalid finger ID 'one'"),
    ("0 finger down 1.5 2 3", 1, "invalid finger ID '1.5'"),
    ("0 finger down 9223372036854775808 2 3", 1, "invalid finger ID"),
    ("0 finger up 1 x 3", 1, "invalid X 'x' for finger"),
    ("0 finger move 1 2 2000000", 1, "invalid Y '2000000' for finger"),
    ("0 pad", 1, "pad takes press BUTTON, release BUTTON or axis AXIS VALUE, got nothing"),
    ("0 pad prss a", 1, "got 'prss' (did you mean press?)"),
    ("0 pad press", 1, "pad press takes one BUTTON, got 0 arguments"),
    ("0 pad release a b", 1, "got 2 arguments"),
    ("\n0 pad press dpleftt", 2, "invalid pad button 'dpleftt' (did you mean dpleft?)"),
    ("0 pad press triangle", 1, "expected one of a, b, x, y, back, guide, start"),
    ("0 pad axis leftx", 1, "pad axis takes AXIS VALUE, got 1 argument"),
    ("0 pad axis leftz 1", 1, "invalid pad axis 'leftz' (did you mean leftx?)"),
    ("0 pad axis leftx 1.5", 1, "invalid VALUE '1.5' for pad axis: expected a number from -1"),
    ("0 pad axis leftx 1e-3", 1, "invalid VALUE '1e-3'"),
    ("0 pad axis lefty nan", 1, "invalid VALUE 'nan'"),
    ("0 pad axis righty \"0\"", 1, "invalid VALUE '0'"),
  ])
  func malformedDeviceLinesNameTheirNumber(text: String, line: Int, words: String) {
    guard let e = failure(text) else {
      Issue.record("'\(text)' parsed")
      return
    }
    #expect(e.line == line && e.message.contains(words), "\(e)")
  }

  @Test func theGrammarNamesTheNewVerbs() {
    let e = failure("0 fnger down 1 2 3")
    #expect(e?.message.contains("(did you mean finger?)") == true, "\(String(describing: e))")
    #expect(ReplayScript.grammar.contains("finger down|move|up ID X Y"))
    #expect(ReplayScript.grammar.contains("pad press|release BUTTON, pad axis AXIS VALUE"))
  }

  /// The fuzz corpus's seeds of touch and the gamepad parse (other seeds hold errors on
  /// purpose), and between them hold every action of both verbs.
  @Test func theFuzzSeedsOfTheDevicesParseAndCoverTheirVerbs() throws {
    let folder = KeyTableTests.packageRoot.appendingPathComponent("Fuzz/corpus/replay")
    var verbs: Set<String> = []
    for name in ["touch.txt", "pad.txt", "devices-edges.txt"] {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      let script = try ReplayScript.parse(text)
      for e in script.events {
        let words = ReplayScript.line(for: e).split(separator: " ")
        verbs.insert(words.dropFirst().prefix(2).joined(separator: " "))
      }
    }
    let all = ["finger down", "finger move", "finger up", "pad press", "pad release", "pad axis"]
    for verb in all {
      #expect(verbs.contains(verb), "no seed has \(verb)")
    }
  }
  // MARK: - Replayed as played

  /// A session of touch and the gamepad: a tap, two fingers painting at once, a pinch,
  /// the D-pad held past its repeat, A and B, the right stick's pan, the shoulders.
  static let session: [(step: Int64, input: InputEvent)] = [
    (24, .finger(.down, id: 1, x: 35, y: 35)), (30, .finger(.up, id: 1, x: 35, y: 35)),
    (40, .finger(.down, id: 2, x: 35, y: 95)), (42, .finger(.move, id: 2, x: 95, y: 95)),
    (44, .finger(.down, id: 3, x: 35, y: 155)), (46, .finger(.move, id: 3, x: 155, y: 155)),
    (48, .finger(.move, id: 2, x: 155, y: 95)), (50, .finger(.up, id: 2, x: 155, y: 95)),
    (50, .finger(.up, id: 3, x: 155, y: 155)),
    (60, .finger(.down, id: 4, x: 150, y: 150)), (60, .finger(.down, id: 5, x: 250, y: 150)),
    (62, .finger(.move, id: 5, x: 290, y: 160)), (64, .finger(.move, id: 4, x: 90, y: 120)),
    (66, .finger(.up, id: 4, x: 90, y: 120)), (66, .finger(.up, id: 5, x: 290, y: 160)),
    (70, .padButton(.dpadRight, pressed: true)), (150, .padButton(.dpadRight, pressed: false)),
    (151, .padButton(.a, pressed: true)), (152, .padButton(.a, pressed: false)),
    (160, .padAxis(.rightX, value: 0.8)), (190, .padAxis(.rightX, value: 0.1)),
    (200, .padButton(.rightShoulder, pressed: true)), (210, .padAxis(.leftY, value: 1)),
    (260, .padAxis(.leftY, value: 0)), (261, .padButton(.y, pressed: true)),
    (270, .padButton(.b, pressed: true)),
  ]

  /// Plays `inputs` onto a 40×40 grid in a 400×300 window as play and `ScriptDriver` do:
  /// the gamepad's step before each fixed step, each input at its step to the scene and,
  /// for a button, its command to the controls; then runs to step 300.
  static func play(_ inputs: [(step: Int64, input: InputEvent)]) -> (Scene, Controls) {
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 40, rows: 40))
    var controls = Controls(seed: 3, rain: nil)
    var clock = FixedStepClock(hz: scene.hz)
    for (step, input) in inputs + [(300, .key("unbound"))] {
      while scene.step < step {
        scene.stepPad()
        scene.advance(steps: 1)
      }
      scene.handle(input, cause: .script)
      if let c = KeyCommand(input: input) {
        controls.apply(c, scene: &scene, clock: &clock, cause: .script)
      }
    }
    return (scene, controls)
  }

  /// Written as `--record` writes them and read back, the session's lines replay to the
  /// very scene the live inputs made: values, layout and focus.
  @Test func aTouchAndGamepadSessionReplaysToTheSameScene() throws {
    let hz = 120
    let text = Self.session.map { e in
      ReplayScript.line(
        for: .init(time: ReplayScript.time(ofStep: e.step, hz: hz), verb: .input(e.input)))
    }.joined(separator: "\n")
    let replayed = try ReplayScript.parse(text).steps(hz: hz).map { s in
      guard case .input(let input) = s.action else { fatalError("only inputs") }
      return (step: s.step, input: input)
    }
    #expect(replayed.map(\.step) == Self.session.map(\.step))
    let (live, liveControls) = Self.play(Self.session)
    let (again, againControls) = Self.play(replayed)
    #expect(again.sameTimeline(as: live) && again.layout == live.layout)
    #expect(again.pointer.focused == live.pointer.focused)
    #expect(againControls.stress.rainRate == liveControls.stress.rainRate)
    // The session did what it says: painted, pinched, steered, panned and zoomed.
    #expect((live.pointer.focused ?? 0) > 40 && live.layout.cell > 50)
    let fresh = Self.play([]).0
    #expect(live.layout.originX != fresh.layout.originX)
  }

  /// Two fingers painting at once are journalled by play's history like the mouse: every
  /// step back and forward again over them reaches the timeline reached forward.
  @Test func stepsBackOverFingerStrokesReachTheSameTimeline() {
    var p = StepHistoryTests.Player(
      scene: Scene(
        layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)),
      rain: nil, interval: 20)
    var states = [p.scene]
    let touches = Self.session.prefix(9)
    for step in 1...80 {
      p.step()
      for e in touches where e.step == Int64(step) {
        _ = p.history.handle(e.input, cause: .click, scene: &p.scene)
      }
      states.append(p.scene)
    }
    #expect((0..<p.scene.count).filter { p.scene.isSelected($0) }.count >= 5)
    for s in stride(from: 79, through: 0, by: -1) {
      _ = p.back(1)
      #expect(p.scene.sameTimeline(as: states[s]), "stepped back to \(s)")
    }
    for s in 1...80 {
      p.step()
      #expect(p.scene.sameTimeline(as: states[s]), "stepped forward to \(s)")
    }
  }
}
