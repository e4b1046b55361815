import Testing
import TickAnimation
import TickScene

@testable import TickCommandLine
@testable import TickFiles
@testable import tickplay

/// The one stepping loop (`StepLoop`) on a real `Session` with a real replay script: where
/// a replayed screenshot stops the steps, what waits for the next frame, the moment each
/// frame shows, and that play's frames of any length and a headless render of the same
/// script reach the same scene. No window is needed: stepping never touches SDL.
@Suite struct StepLoopTests {
  /// Fixed steps per second, the default.
  static let hz = 120

  /// A session of a 16×12 grid of 20-px views with `script` replayed.
  func session(_ script: String, seed: UInt64 = 7) throws -> Session {
    let options = try LaunchOptions.parse([
      "--window", "400x300", "--cell", "20", "--gap", "5", "--seed", "\(seed)",
      "--select", "random:0.3",
    ])
    let replay = try ReplayScript.parse(script)
    return Session(
      options: options, softwareRenderer: false,
      script: ScriptDriver(script: replay, hz: options.hz))
  }

  @Test func aScreenshotStopsAtItsStepAndTheStepsAfterItWaitForTheNextFrame() throws {
    var s = try session("0.125 screenshot a.png\n")
    var loop = StepLoop()
    loop.advance(&s, by: 0.25)  // 30 steps due (a frame is clamped to 0.25 s)
    #expect(loop.run(&s) == .screenshot("a.png", line: 1))
    #expect(s.scene.step == 15 && loop.pending == 15)
    #expect(loop.presentStep(s) == 15, "the screenshot shows its own step, no alpha")
    // The next frame takes the 15 carried steps and its own: half a step's time.
    loop.advance(&s, by: 0.5 / Double(Self.hz))
    #expect(loop.pending == 15)
    #expect(loop.run(&s) == nil)
    #expect(s.scene.step == 30 && loop.pending == 0)
    #expect(abs(loop.presentStep(s) - 30.5) < 1e-9, "\(loop.presentStep(s))")
  }

  /// Play's deadline: steps due after it has passed are dropped, not carried to the next
  /// frame (which would only be slower), and a script's action still lands on its step.
  @Test func stepsPastTheDeadlineAreDropped() throws {
    var s = try session("0.1 screenshot a.png\n")
    var loop = StepLoop()
    loop.advance(&s, by: 0.25)  // 30 steps due
    #expect(loop.run(&s, deadline: StepDeadline(start: -.infinity)) == nil)
    #expect(s.scene.step == 1 && loop.pending == 0 && loop.dropped == 29)
    loop.advance(&s, by: 0.25)
    #expect(loop.run(&s, deadline: StepDeadline(start: .infinity)) == .screenshot("a.png", line: 1))
    #expect(s.scene.step == 12, "the screenshot's step, reached later in wall time")
    #expect(loop.run(&s, deadline: StepDeadline(start: .infinity)) == nil)
    #expect(s.scene.step == 31 && loop.dropped == 29)
  }

  @Test func aFrameWhoseStepsWaitShowsTheStepItReached() throws {
    var s = try session("0.1 screenshot a.png\n0.1 screenshot b.png\n")
    var loop = StepLoop()
    loop.advance(&s, by: 0.2 + 0.25 / Double(Self.hz))
    #expect(loop.run(&s) == .screenshot("a.png", line: 1))
    // Two screenshots at one step: the second is the next stop, at the same step.
    #expect(loop.run(&s) == .screenshot("b.png", line: 2))
    #expect(s.scene.step == 12 && loop.presentStep(s) == 12)
    #expect(loop.run(&s) == nil && s.scene.step == 24)
    #expect(abs(loop.presentStep(s) - 24.25) < 1e-9)
  }

  @Test func whilePausedOnlyTheStepsAskedForAreTakenWithNoAlpha() throws {
    var s = try session("")
    var loop = StepLoop()
    s.controls.paused = true
    s.apply(.stepOnce)
    s.apply(.stepOnce)
    loop.advance(&s, by: 1)
    #expect(loop.pending == 2 && s.controls.stepNow == 0, "the asked-for steps are taken once")
    #expect(loop.run(&s) == nil && s.scene.step == 2)
    #expect(loop.presentStep(s) == 2)
    loop.advance(&s, by: 1)
    #expect(loop.run(&s) == nil && s.scene.step == 2, "paused: the clock's time is not stepped")
  }

  @Test func headlessAQuitEndsTheScriptNotSceneTime() throws {
    var s = try session("0.1 quit\n0.2 click 12 12\n")
    var loop = StepLoop()
    loop.seek(s, to: 0.5 + 0.5 / Double(Self.hz))
    #expect(loop.pending == 60)
    #expect(loop.run(&s) == .quit && s.scene.step == 12)
    #expect(loop.run(&s) == nil && s.scene.step == 60)
    #expect(abs(loop.presentStep(s) - 60.5) < 1e-9)
    #expect(!s.scene.drainEvents().contains { $0.cause == .script }, "nothing after the quit")
  }

  /// Everything the script does to the views, and rain's and a wave's random toggles.
  static let busyScript = """
    0.05 click 12 12
    0.1 key r
    0.2 key a
    0.3 screenshot a.png
    0.31 key 2
    0.45 key r
    0.5 press 37 12
    0.52 move 87 12
    0.54 release 87 37
    0.6 move 112 62
    0.62 key w
    0.8 key k
    0.8 screenshot b.png
    0.9 key d
    1.0 key a

    """

  /// What a scene is at `step`: each view's value and look there, and whether it animates.
  struct Picture: Equatable {
    var states: [ViewState] = []
    var looks: [Look] = []
    var animating: [Bool] = []

    init(_ scene: Scene, at step: Double) {
      for cell in 0..<scene.count {
        states.append(scene.state(cell))
        looks.append(scene.look(cell, atStep: step))
        animating.append(scene.isAnimating(cell))
      }
    }
  }

  /// Play's frames — frames of random length, some shorter than a step, each one's steps
  /// stopped at a screenshot and carried — and render's one seek to the step play reached
  /// give the same value changes at the same steps, and the same picture.
  @Test(arguments: [UInt64(1), 2, 3])
  func playAndRenderReachTheSameScene(frameSeed: UInt64) throws {
    var play = try session(Self.busyScript)
    var loop = StepLoop()
    var rng = SplitMix64(seed: frameSeed)
    var playChanges: [ValueChange] = []
    var stops = 0
    while play.scene.step < 150 {
      // 0 to 50 ms a frame: many frames take no step, some take six.
      loop.advance(&play, by: Double(rng.next() % 51) / 1000)
      if loop.run(&play) != nil { stops += 1 }
      playChanges += play.scene.drainEvents()
    }
    #expect(stops == 2, "each screenshot stopped play's steps once")
    let end = play.scene.step

    var render = try session(Self.busyScript)
    var headless = StepLoop()
    headless.seek(render, to: Double(end) / Double(Self.hz))
    #expect(headless.pending == end)
    var renderChanges: [ValueChange] = []
    while headless.run(&render, afterStep: { renderChanges += $0.scene.drainEvents() }) != nil {}
    renderChanges += render.scene.drainEvents()

    #expect(render.scene.step == end)
    #expect(playChanges.count > 100, "rain, the wave and the keys changed views")
    #expect(renderChanges.count == playChanges.count)
    let firstDifference = zip(renderChanges, playChanges).enumerated().first { $1.0 != $1.1 }?
      .offset
    #expect(firstDifference == nil, "value change \(firstDifference ?? 0) differs")
    let same = Picture(render.scene, at: Double(end)) == Picture(play.scene, at: Double(end))
    #expect(same, "the views' values, looks or animations differ")
    #expect(render.scene.style == play.scene.style, "key 2 and D restyled both alike")
  }
}
