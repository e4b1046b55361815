/// Keeps a number of animations running at all times (`--load N`): each of its views that
/// finishes starts again at once, the way `bench frame --animating` keeps its views going.
///
/// The load's views are the first `target` of a fixed order: the views visible when the
/// load was first set, shuffled, then the others, shuffled (`--seed`), so that what is on
/// screen carries the load first. Finished views restart through the scene's own restart:
/// `startDue` gives the views for the step's `Scene.advance(restarting:)`, which restarts
/// these views only.
/// Views that join start over the next transition's length, a share each step, so their
/// phases spread evenly; views that leave finish what they run and rest.
///
/// A view of the load can come to rest without finishing: a click or C stopped it, or a
/// radio group's rule turned it off at once. A sweep in grid order, a transition's length
/// per round, starts such views again, so the load recovers within a transition.
///
/// In a radio group a restart is a toggle under the group's rules, like a click: turning a
/// view on turns the group's selected one off. So a group runs one entering view at a time
/// (and the exits its deselect mode animates), and the selected view of a `keep` group,
/// which no toggle turns off, rests until another view of its group is selected. The actual
/// count (`Scene.animatingCount`) then falls short of the target, and the HUD shows both.
///
/// Deterministic: it acts only inside fixed steps, with choices from `--seed`.
public struct LoadDriver: Sendable {
  /// The animations asked for; 0 when off. At most the scene's view count.
  public private(set) var target = 0
  /// The order views join the load in, made when the load is first set (4 bytes a view).
  private var order: [Int32] = []
  /// Whether each view is in the load: `order`'s first `target`.
  private var members: [Bool] = []
  /// How many of the load's views the ramp has started (or found running).
  private var started = 0
  /// The step by which every view that joined has been started.
  private var rampEnd: Int64 = 0
  /// The next cell the sweep looks at.
  private var sweep = 0
  private let seed: UInt64

  /// The load a raise from 0 goes to: enough to see and to measure, little enough for
  /// any window.
  public static let startingLoad = 1_000

  public init(seed: UInt64) { self.seed = seed }

  /// Whether a load is set.
  public var isActive: Bool { target > 0 }

  /// Sets the load to `n` (clamped to the scene's views; 0 turns it off).
  public mutating func setTarget(_ n: Int, in scene: Scene) {
    let n = min(max(n, 0), scene.count)
    guard n != target else { return }
    if order.isEmpty && n > 0 { makeOrder(scene) }
    if n > target {
      for k in target..<n { members[Int(order[k])] = true }
      rampEnd = scene.step + max(scene.durationSteps, 1)
    } else {
      for k in n..<target { members[Int(order[k])] = false }
      started = min(started, n)
    }
    target = n
  }

  /// Doubles the load (from 0: `startingLoad`), up to the scene's views.
  public mutating func raise(in scene: Scene) {
    setTarget(target == 0 ? Self.startingLoad : target * 2, in: scene)
  }

  /// Halves the load; below 1 it is off.
  public mutating func lower(in scene: Scene) { setTarget(target / 2, in: scene) }

  /// What a scene's step restarts of the views that finish: each `only` marks, toggled
  /// `toggles` times with `cause` (`Scene.advance(steps:togglingFinished:cause:only:)`).
  public struct Restarts: Sendable {
    public var toggles: Int
    public var cause: ValueChange.Cause
    /// The views restarted, by cell; nil with no toggles.
    public var only: [Bool]?

    /// Nothing restarted: the scene's step is exactly `advance(steps: 1)`.
    public static let none = Restarts(toggles: 0, cause: .stress, only: nil)
  }

  /// The load's part of one fixed step, before the scene steps: starts the views due to
  /// join, or sweeps for views at rest, and returns the views the scene's step then
  /// restarts as they finish. With no load (or an instant style), `Restarts.none`.
  public mutating func startDue(_ scene: inout Scene) -> Restarts {
    guard target > 0, !scene.style.definition.isInstant else { return .none }
    if started < target {
      ramp(&scene)
    } else {
      sweepStep(&scene)
    }
    // Toggled twice when deselecting is instant: the first toggle settles at once.
    let toggles = scene.style.deselect == .instant ? 2 : 1
    return Restarts(toggles: toggles, cause: .stress, only: members)
  }

  // MARK: - Private

  /// Starts this step's share of the views waiting to join, so that all have started by
  /// `rampEnd`.
  private mutating func ramp(_ scene: inout Scene) {
    let stepsLeft = Int(max(rampEnd - scene.step, 1))
    let waiting = target - started
    let now = (waiting + stepsLeft - 1) / stepsLeft
    for k in started..<(started + now) { Self.start(Int(order[k]), &scene) }
    started += now
  }

  /// Looks at this step's share of the grid (all of it once a transition) and starts the
  /// load's views found at rest.
  private mutating func sweepStep(_ scene: inout Scene) {
    let n = scene.count
    let share = (n + Int(max(scene.durationSteps, 1)) - 1) / Int(max(scene.durationSteps, 1))
    let end = min(sweep + share, n)
    for c in sweep..<end where members[c] && !scene.isAnimating(c) { Self.start(c, &scene) }
    sweep = end == n ? 0 : end
  }

  /// Starts an animation in `cell` if it rests: toggled once, or twice when the first
  /// toggle settles at once (deselecting is instant), as a restart does.
  private static func start(_ cell: Int, _ scene: inout Scene) {
    guard !scene.isAnimating(cell) else { return }
    scene.toggle(cell, cause: .stress)
    if !scene.isAnimating(cell) { scene.toggle(cell, cause: .stress) }
  }

  /// The join order: the visible views shuffled, then the rest shuffled.
  private mutating func makeOrder(_ scene: Scene) {
    let l = scene.layout
    var rng = SplitMix64(seed: seed ^ Self.seedSalt)
    var isVisible = [Bool](repeating: false, count: scene.count)
    var visible: [Int32] = []
    visible.reserveCapacity(l.visibleCount)
    for r in l.visibleRows {
      for c in l.visibleColumns {
        visible.append(Int32(r * l.columns + c))
        isVisible[r * l.columns + c] = true
      }
    }
    var rest: [Int32] = []
    rest.reserveCapacity(scene.count - visible.count)
    for c in 0..<scene.count where !isVisible[c] { rest.append(Int32(c)) }
    visible.shuffle(using: &rng)
    rest.shuffle(using: &rng)
    order = visible + rest
    members = [Bool](repeating: false, count: scene.count)
  }

  /// Mixed into `--seed` so that the load's order is not rain's sequence.
  private static let seedSalt: UInt64 = 0x10AD_10AD
}

extension Scene {
  /// One fixed step that restarts, as they finish, the views `restarts` names (a load's,
  /// from `LoadDriver.startDue`); with `Restarts.none`, exactly `advance(steps: 1)`.
  public mutating func advance(restarting restarts: LoadDriver.Restarts) {
    advance(
      steps: 1, togglingFinished: restarts.toggles, cause: restarts.cause, only: restarts.only)
  }
}
