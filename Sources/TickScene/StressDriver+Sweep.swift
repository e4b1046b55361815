/// A, K and C over a scene too large to change in one step: the command runs as a sweep
/// through the views in grid order, `sweepChunk` views a step, so that no frame carries
/// more than a share of it and each step's events stay bounded (docs/architecture.md,
/// "Input, groups and the window").
///
/// The sweep advances inside the fixed steps (`StressDriver.step`), so a replay, a render
/// and the step-back history see the same views change at the same steps. A scene of
/// `sweepChunk` views or fewer, or one with radio groups (whose rules make the command
/// one change a view across the whole grid), still changes at once, as one command.
extension StressDriver {
  /// What a sweep does to each view it reaches.
  public enum SweepKind: Sendable, Equatable {
    /// A: toggles it.
    case toggle
    /// K: the checkerboard, (0, 0) on.
    case checker
    /// C: clears it.
    case clear
  }

  /// A command under way over the views from `next` on.
  struct Sweep: Sendable {
    var kind: SweepKind
    var next: Int
  }

  /// The most views a sweep changes a step: a change costs about 30 ns on the 2-core
  /// machine of docs/performance.md (its event, dirty mark and animation), so this is
  /// about 4 ms a step, 8 ms of a 60-fps frame's two steps, and 3 MB of events; a
  /// 16,777,216-view scene is swept in 128 steps (about a second at 120 Hz).
  public static let sweepChunk = 1 << 17

  /// Starts `kind` over `scene`: at once when the scene is small or has radio groups,
  /// else its first share now and the rest in the steps to come, after any sweep
  /// already under way (so that every view sees the commands in the order given).
  public mutating func sweep(_ kind: SweepKind, in scene: inout Scene) {
    guard scene.count > Self.sweepChunk, scene.groups.isEmpty else {
      switch kind {
      case .toggle: Self.toggleAll(&scene)
      case .checker: Self.checkerboard(&scene)
      case .clear: Self.clear(&scene)
      }
      return
    }
    sweeps.append(Sweep(kind: kind, next: 0))
    if sweeps.count == 1 { advanceSweeps(&scene) }
  }

  /// Whether a sweep is under way.
  public var isSweeping: Bool { !sweeps.isEmpty }

  /// Changes the next `sweepChunk` views of the sweeps under way, the oldest first.
  mutating func advanceSweeps(_ scene: inout Scene) {
    var budget = Self.sweepChunk
    while budget > 0, var s = sweeps.first {
      // A resize can shrink the grid under a sweep: it ends at the views there are.
      let end = min(s.next + budget, scene.count)
      let cols = scene.layout.columns
      let range = s.next..<end
      scene.command { scene in
        for c in range {
          switch s.kind {
          case .toggle: scene.toggle(c, cause: .stress)
          case .checker:
            scene.setState(c, (c % cols + c / cols) % 2 == 0 ? .on : .off, cause: .stress)
          case .clear: scene.setState(c, .off, cause: .stress)
          }
        }
      }
      budget -= range.count
      s.next = end
      if s.next >= scene.count {
        sweeps.removeFirst()
      } else {
        sweeps[0] = s
        return
      }
    }
  }
}
