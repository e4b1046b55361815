import Testing
import TickScene

@testable import tickplay

/// What play keeps while a step back is worked out on the seek's thread: each landing
/// hands back the inputs taken with it, in order, and the steps asked for meanwhile,
/// whose inputs then go with the next.
@Suite struct SteppingBackTests {
  @Test func eachLandingRecordsItsInputsInOrderAndStartsTheStepsAskedSince() {
    let back = InputEvent.key(",")
    let tenth = InputEvent.key("shift+,")
    let move = InputEvent.move(x: 10, y: 20)
    let wheel = InputEvent.wheel(x: 10, y: 20, dy: 1)
    var s = SteppingBack()
    s.started(by: back)
    s.answered(move)
    s.ask(12, by: tenth)
    s.answered(wheel)
    s.ask(1, by: back)
    let first = s.landed()
    #expect(first.inputs == [back, move])
    #expect(first.nextSteps == 13)
    let second = s.landed()
    #expect(second.inputs == [tenth, wheel, back])
    #expect(second.nextSteps == 0)
    #expect(s.landed().inputs.isEmpty)
  }
}
