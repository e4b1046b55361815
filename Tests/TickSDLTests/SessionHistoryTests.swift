import Foundation
import TestSupport
import Testing
import TickScene

@testable import TickCommandLine
@testable import tickplay

/// Play's session with its history over a `--replay` run: the script's clicks and keys
/// are journalled as they are applied, so `,` steps back through them and `.` forward
/// again to exactly the timeline the replay reached.
@Suite struct SessionHistoryTests {
  /// The session after 100 steps of a script of clicks, A, a style key and a wave, with
  /// rain; and the scene before each step and after the last.
  static func steppedSession() throws -> (Session, [Scene]) {
    let dir = Tickplay.temporaryDirectory("session-history")
    let script = dir.appendingPathComponent("s.txt").path
    try """
    0.1 click 85 95
    0.2 key a
    0.25 click 145 95
    0.3 key 3
    0.45 click 85 95
    0.6 key w
    """.write(toFile: script, atomically: true, encoding: .utf8)
    var options = LaunchOptions()
    options.replay = script
    options.rain = 30
    options.style.deselect = .reverse
    var session = Session(
      options: options, softwareRenderer: false, script: try ScriptDriver(options),
      history: true)
    var states: [Scene] = []
    for _ in 0..<100 {
      #expect(session.applyDue() == nil)
      states.append(session.scene)
      session.step()
    }
    #expect(session.applyDue() == nil)
    states.append(session.scene)
    #expect(states[100].selectedCount != states[0].selectedCount, "the script acted")
    return (session, states)
  }

  @Test func steppingBackThroughAReplayReachesTheSameTimeline() throws {
    var (session, states) = try Self.steppedSession()
    session.controls.paused = true
    for s in stride(from: 99, through: 0, by: -1) {
      session.apply(.stepBack)
      #expect(session.scene.sameTimeline(as: states[s]), "back to \(s)")
    }
    for s in 1...100 {
      session.step()
      #expect(session.applyDue() == nil)
      #expect(session.scene.sameTimeline(as: states[s]), "forward to \(s)")
    }
  }

  /// Play's step back on the seek's thread lands on the timeline the step back on the
  /// main thread reaches, keeping the live view: one step and a tenth of a second at a
  /// time, from a copy of the scene and then from the spare each landing leaves (first,
  /// with `spareAhead`, from the spare made when play pauses, `prepareStepBack`), and
  /// after the spares are let go of; and forward again, the same timeline as before.
  @Test(arguments: [false, true])
  func steppingBackOnTheSeeksThreadLandsOnTheSameTimeline(spareAhead: Bool) throws {
    var (session, states) = try Self.steppedSession()
    session.controls.paused = true
    if spareAhead {
      session.prepareStepBack(fromViews: 0)
      #expect(session.seek?.hasSpare == true)
    }
    let zoomed = session.scene.layout
    var s = 100
    for steps in [1, 12, 1, 1, 12, 12, 1] {
      session.startStepBack(steps: steps)
      // The present stays until the landing; the pointer answers meanwhile.
      #expect(session.scene.sameTimeline(as: states[s]), "still at \(s)")
      session.handle(.move(x: 200, y: 150))
      let landed = session.landStepBack(waiting: true)
      #expect(landed, "a step back landed")
      s -= steps
      #expect(session.scene.sameTimeline(as: states[s]), "back to \(s)")
      #expect(session.scene.layout == zoomed && session.scene.pointer.hovered != nil)
      #expect(session.historyToast?.hasPrefix("step \(s)") == true, "\(session.historyToast!)")
    }
    #expect(!session.stepBackInFlight && session.seekSpare != nil)
    #expect(session.seek?.hasSpare == false, "the spare made ahead was taken")
    session.dropStepBackSpare()
    #expect(session.seekSpare == nil)
    session.startStepBack(steps: 1)
    _ = session.landStepBack(waiting: true)
    s -= 1
    #expect(session.scene.sameTimeline(as: states[s]), "back to \(s) from a fresh copy")
    for step in s + 1...100 {
      session.step()
      #expect(session.applyDue() == nil)
      #expect(session.scene.sameTimeline(as: states[step]), "forward to \(step)")
    }
  }
}
