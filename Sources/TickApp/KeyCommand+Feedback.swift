import TickScene

extension KeyCommand {
  /// The settings a key's toast reports, as they are after the key.
  public struct Settings: Sendable {
    public var timeScale = 1.0
    public var paused = false
    public var rainRate = 0.0
    /// Rain's rate while it is off (what R brings back).
    public var lastRainRate = 0.0
    /// The path asked for, and the one `auto` picks on this renderer.
    public var path = RenderPath.auto
    public var automatic = RenderPath.compose
    public var hud = HUDMode.full

    public init() {}
  }

  /// The toast that answers this command, given the scene and settings after it: every
  /// key that changes something says what it changed. Nil for quit and help (the help
  /// answers for itself).
  public func feedback(scene: Scene, settings s: Settings) -> String? {
    switch self {
    case .style(let a):
      let n = a == .none ? 0 : (AnimationStyle.allCases.firstIndex(of: a) ?? 0) + 1
      return "style \(n): \(a.rawValue)"
    case .cycleTiming: return "timing: \(scene.style.timing.argument)"
    case .cycleDeselect: return "deselect: \(scene.style.deselect.rawValue)"
    case .toggleSlowMotion: return s.timeScale < 1 ? "slow motion ×0.1" : "normal speed"
    case .togglePause: return s.paused ? "paused (. steps once)" : "running"
    case .stepOnce: return s.paused ? "step \(scene.step)" : "steps only while paused (P)"
    case .toggleAll: return "toggled every view"
    case .toggleRain, .rainSlower, .rainFaster:
      return s.rainRate > 0
        ? "rain: \(Int(s.rainRate))/s" : "rain off (R: \(Int(s.lastRainRate))/s)"
    case .wave: return "wave"
    case .checkerboard: return "checkerboard"
    case .clear: return "cleared"
    case .cyclePath:
      return s.path == .auto
        ? "path: auto (picks \(s.automatic.rawValue) here)"
        : "path: \(s.path.rawValue) (auto picks \(s.automatic.rawValue) here)"
    case .toggleHUD:
      return s.hud == .off ? "HUD off (H shows it)" : "HUD: \(s.hud.rawValue)"
    case .toggleHelp, .quit: return nil
    }
  }
}
