import TickFrame
import TickScene

extension KeyCommand {
  /// The toast that answers this command, given the scene and controls after it, the
  /// clock's time scale and the path `auto` picks on this renderer: every key that changes
  /// a setting says what it changed. Nil for quit, help (the help answers for itself), the
  /// screenshot (its save answers) and the focus keys (the ring shows).
  public func feedback(
    scene: Scene, controls c: Controls, timeScale: Double, automatic: RenderPath
  ) -> String? {
    switch self {
    case .style(let a):
      let n = a == .none ? 0 : (AnimationStyle.allCases.firstIndex(of: a) ?? 0) + 1
      return "style \(n): \(a.rawValue)"
    case .cycleTiming: return "timing: \(scene.style.timing.argument)"
    case .cycleDeselect: return "deselect: \(scene.style.deselect.rawValue)"
    case .toggleSlowMotion: return timeScale < 1 ? "slow motion ×0.1" : "normal speed"
    case .togglePause: return c.paused ? "paused (. and , step on and back)" : "running"
    case .stepOnce, .stepTenth:
      return c.paused ? "step \(scene.step + Int64(c.stepNow))" : "steps only while paused (P)"
    case .stepBack, .stepBackTenth: return c.paused ? nil : "steps back only while paused (P)"
    case .toggleAll: return "toggled every view"
    case .toggleRain, .rainSlower, .rainFaster:
      let rain = c.stress
      return rain.rainRate > 0
        ? "rain: \(Int(rain.rainRate))/s" : "rain off (R: \(Int(rain.lastRainRate))/s)"
    case .loadLower, .loadHigher:
      let n = c.load.target
      return n == 0
        ? "load off (= starts \(HUDModel.count(LoadDriver.startingLoad)))"
        : "load \(HUDModel.count(n)) animations" + (n == scene.count ? " (every view)" : "")
    case .findLimit:
      guard let f = c.limit else { return "limit search stopped" }
      return "finding the limit: \(HUDModel.count(f.load ?? 0)) first, a probe every "
        + "2–3 s (L stops)"
    case .wave: return "wave"
    case .checkerboard: return "checkerboard"
    case .clear: return "cleared"
    case .cyclePath:
      return c.path == .auto
        ? "path: auto (picks \(automatic.rawValue) here)"
        : "path: \(c.path.rawValue) (auto picks \(automatic.rawValue) here)"
    case .toggleHUD:
      return c.hud == .off ? "HUD off (H shows it)" : "HUD: \(c.hud.rawValue)"
    case .scene(.resetView): return "view reset (Home)"
    case .scene(.fitView): return "whole grid (F)"
    case .scene, .toggleHelp, .screenshot, .quit: return nil
    }
  }
}
