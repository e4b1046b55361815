import Testing
import TickApp

@Suite struct KeyCommandTests {
  @Test func keysMapToCommands() {
    #expect(KeyCommand(key: "1") == .style(.stroke))
    #expect(KeyCommand(key: "9") == .style(.dot))
    #expect(KeyCommand(key: "keypad 5") == .style(.oneStroke))
    #expect(KeyCommand(key: "0") == .style(.none))
    #expect(KeyCommand(key: "t") == .cycleTiming && KeyCommand(key: "s") == .toggleSlowMotion)
    #expect(KeyCommand(key: "p") == .togglePause && KeyCommand(key: ".") == .stepOnce)
    #expect(KeyCommand(key: "escape") == .quit && KeyCommand(key: "x") == nil)
  }
}
