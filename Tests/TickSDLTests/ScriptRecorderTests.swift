import Foundation
import TestSupport
import Testing
import TickScene

@testable import TickCommandLine
@testable import TickFiles
@testable import tickplay

/// `--record` with play's history: when a change after stepping back drops the future,
/// the recording drops its lines after the present; inputs taken behind the head are held
/// back and written, in order, where the timeline goes on. So a recording's times never
/// decrease, and it parses as a replay script.
@Suite struct ScriptRecorderTests {
  static func lines(_ path: String) throws -> [Substring] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
      !$0.hasPrefix("#")
    }
  }

  @Test func droppingTheFutureCutsTheRecordingBack() throws {
    let path = Tickplay.temporaryDirectory("recorder").appendingPathComponent("r.txt").path
    do {
      let recorder = try ScriptRecorder(
        path: path, hz: 10, launch: .init(window: ViewArea(width: 400, height: 300), hud: .compact))
      for step in [0, 10, 20, 30] {
        recorder.record(InputEvent.move(x: Float(step), y: 1), step: Int64(step))
      }
      recorder.drop(after: 15)
      recorder.record(InputEvent.move(x: 99, y: 1), step: 15)
      recorder.drop(after: 40)  // nothing past 40: nothing cut
    }
    #expect(
      try Self.lines(path) == [
        "0 window 400 300", "0 hud compact", "0 move 0 1", "1 move 10 1", "1.5 move 99 1",
      ], "the launch lines stay")
  }

  @Test func inputBehindTheHeadIsWrittenWhereTheTimelineGoesOn() throws {
    let path = Tickplay.temporaryDirectory("recorder").appendingPathComponent("d.txt").path
    var options = LaunchOptions()
    options.record = path
    options.hz = 10
    do {
      let driver = try ScriptDriver(options)
      driver.record([.move(x: 1, y: 1)], step: 50)
      // Stepped back to 30: a hover and a press are held; the release drops the future.
      driver.record(
        [.move(x: 2, y: 2), .press(x: 2, y: 2, button: .left)], step: 30, atHead: false)
      driver.dropRecorded(after: 30)
      driver.record([.release(x: 2, y: 2, button: .left)], step: 30)
    }
    let lines = try Self.lines(path)
    #expect(
      lines == [
        "0 window 1280 800", "0 hud full", "3 move 2 2", "3 press 2 2", "3 release 2 2",
      ])
    let script = try ReplayScript.parse(Array(lines.joined(separator: "\n").utf8))
    #expect(script.events.count == 5)
    #expect(script.launch == .init(window: ViewArea(width: 1280, height: 800), hud: .full))
  }
}
