import Testing
import TickAnimation

@Suite struct FixedStepClockTests {
  /// Feeds `frames` frames of `seconds` each; returns the steps of each frame and checks alpha.
  func feed(_ clock: inout FixedStepClock, _ seconds: Double, frames: Int) -> [Int] {
    (0..<frames).map { _ in
      let n = clock.advance(by: seconds)
      #expect(clock.alpha >= 0 && clock.alpha < 1)
      return n
    }
  }

  @Test func fiftyFiveHzFramesGiveTwoOrThreeStepsAndAllOfThem() {
    var clock = FixedStepClock(hz: 120)
    let steps = feed(&clock, 1.0 / 55, frames: 55)
    #expect(steps.allSatisfy { $0 == 2 || $0 == 3 })
    #expect(steps.reduce(0, +) == 120)
    #expect(clock.step == 120)
  }

  @Test func twoHundredFortyHzFramesAlternate() {
    var clock = FixedStepClock(hz: 120)
    let steps = feed(&clock, 1.0 / 240, frames: 240)
    #expect(steps.allSatisfy { $0 == 0 || $0 == 1 })
    #expect(steps.reduce(0, +) == 120)
    // Half-step frames leave the present half-way between steps every other frame.
    _ = clock.advance(by: 1.0 / 240)
    #expect(abs(clock.alpha - 0.5) < 1e-9)
  }

  @Test func spikeIsClamped() {
    var clock = FixedStepClock(hz: 120, maxFrameTime: 0.25)
    #expect(clock.advance(by: 0.5) == 30)
    #expect(clock.advance(by: 1.0 / 120) == 1)
    #expect(clock.advance(by: -1) == 0)
    #expect(clock.advance(by: .nan) == 0)
    #expect(clock.advance(by: .infinity) == 0)  // a bogus measurement counts as none
  }

  @Test func timeScaleSlowsTimeNotFrames() {
    var clock = FixedStepClock(hz: 120)
    clock.timeScale = 0.1
    let steps = feed(&clock, 1.0 / 60, frames: 600)
    #expect(steps.reduce(0, +) == 120)
  }

  @Test func seekPutsTheClockAtAnExactTime() {
    var clock = FixedStepClock(hz: 120)
    clock.seek(to: 0.25)
    #expect(clock.step == 30 && clock.alpha == 0)
    clock.seek(to: 1.0 / 240)
    #expect(clock.step == 0 && abs(clock.alpha - 0.5) < 1e-9)
    #expect(abs(clock.presentStep - 0.5) < 1e-9)
  }
}
