import Testing
import TickAnimation
import TickScene

@testable import TickApp

@Suite struct ToastTests {
  @Test func holdsThenFadesOutByOneAndAHalfSeconds() {
    let t = Toast("style 3: bounce", shownAt: 10)
    #expect(t.alpha(at: 10) == 1 && t.alpha(at: 11.1) == 1)
    #expect(abs(t.alpha(at: 11.35) - 0.5) < 1e-9)
    #expect(!t.isGone(at: 11.49) && t.isGone(at: 11.5))
    #expect(t.alpha(at: 9) == 0, "not before it is shown")
  }

  @Test func everySettingsKeySaysWhatItChanged() {
    var scene = Scene(layout: GridLayout(windowWidth: 200, windowHeight: 200, cell: 50, gap: 10))
    var s = KeyCommand.Settings()
    #expect(KeyCommand(key: "3")!.feedback(scene: scene, settings: s) == "style 3: bounce")
    #expect(KeyCommand(key: "0")!.feedback(scene: scene, settings: s) == "style 0: none")
    scene.setTiming(.spring(Spring(stiffness: 300, damping: 20)))
    #expect(KeyCommand.cycleTiming.feedback(scene: scene, settings: s) == "timing: spring(300,20)")
    s.path = .atlas
    s.automatic = .compose
    #expect(
      KeyCommand.cyclePath.feedback(scene: scene, settings: s)
        == "path: atlas (auto picks compose here)")
    s.hud = .off
    #expect(KeyCommand.toggleHUD.feedback(scene: scene, settings: s) == "HUD off (H shows it)")
    s.rainRate = 400
    #expect(KeyCommand.rainFaster.feedback(scene: scene, settings: s) == "rain: 400/s")
    // Every key bound to a command but quit and help answers with a toast.
    let keys = ["1", "t", "d", "s", "p", ".", "a", "r", "[", "]", "w", "k", "c", "m", "h"]
    for k in keys {
      #expect(KeyCommand(key: k)?.feedback(scene: scene, settings: s) != nil, "\(k)")
    }
  }
}
