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
  @Test func steppingBackThroughAReplayReachesTheSameTimeline() throws {
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
}
