import TickAnimation
import TickScene

/// Small helpers for play's live controls.
enum Controls {
  /// The timing curve after `t` in T's cycle (the first when `t` is not in it).
  static func next(after t: TimingCurve) -> TimingCurve {
    let cycle = TimingCurve.cycle
    guard let i = cycle.firstIndex(of: t) else { return cycle[0] }
    return cycle[(i + 1) % cycle.count]
  }

  /// The deselect mode after `d`.
  static func next(after d: DeselectMode) -> DeselectMode {
    let all = DeselectMode.allCases
    return all[(all.firstIndex(of: d)! + 1) % all.count]
  }

  /// The window title: view counts and the live settings. Built only when they change.
  static func title(scene: Scene, renderer: String, paused: Bool, slow: Bool) -> String {
    let s = scene.style
    var t =
      "TickPlayground — \(scene.count) views — \(s.animation.rawValue), "
      + "\(s.timing.argument), deselect \(s.deselect.rawValue) — \(renderer)"
    if slow { t += " — slow ×0.1" }
    if paused { t += " — paused" }
    return t
  }
}
