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
    var c = Controls(seed: 0, rain: nil)
    func toast(_ command: KeyCommand?) -> String? {
      command?.feedback(scene: scene, controls: c, timeScale: 1, automatic: .compose)
    }
    #expect(toast(KeyCommand(key: "3")) == "style 3: bounce")
    #expect(toast(KeyCommand(key: "0")) == "style 0: none")
    scene.setTiming(.spring(Spring(stiffness: 300, damping: 20)))
    #expect(toast(.cycleTiming) == "timing: spring(300,20)")
    c.path = .atlas
    #expect(toast(.cyclePath) == "path: atlas (auto picks compose here)")
    c.hud = .off
    #expect(toast(.toggleHUD) == "HUD off (H shows it)")
    c.stress.rainRate = 400
    #expect(toast(.rainFaster) == "rain: 400/s")
    #expect(
      KeyCommand.toggleSlowMotion.feedback(
        scene: scene, controls: c, timeScale: 0.1, automatic: .compose) == "slow motion ×0.1")
    #expect(toast(KeyCommand(key: "home")) == "view reset (Home)")
    #expect(toast(KeyCommand(key: "f")) == "whole grid (F)")
    // Every key bound to a command but quit and help answers with a toast.
    let keys = ["1", "t", "d", "s", "p", ".", "a", "r", "[", "]", "w", "k", "c", "m", "h"]
    for k in keys {
      #expect(toast(KeyCommand(key: k)) != nil, "\(k)")
    }
  }
}
