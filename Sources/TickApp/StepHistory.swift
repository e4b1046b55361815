import TickAnimation
import TickFiles
import TickScene

/// Play's timeline, to step back through while paused: checkpoints of the scene's timeline
/// (`SceneSnapshot`) and of the stress drivers, one every `interval` steps, and a journal of
/// the actions that changed the timeline between them (clicks and drags that changed a
/// value, the keys that change values, styles or the stress drivers, style reloads).
///
/// Stepping back restores the newest checkpoint at or before the step asked for and
/// re-simulates forward to it, applying each journalled action at its step with the
/// pointer and layout it was applied with; stepping forward while behind the newest step
/// reached (`head`) steps as play does and applies the journal's actions again (`stepped`).
/// So a step reached either way has the same timeline, and draws the same frame.
///
/// The state at step s is the one reached by stepping to s and then applying every action
/// at s. A checkpoint is taken on reaching its step, before any action at it; a checkpoint
/// waiting for its storage (`waitAboveBytes`) is taken at a later step, at most an interval
/// late, and the next is due an interval after the step it was taken at.
///
/// **The view is not part of the timeline.** Zoom, pan, the window, the dock and the
/// pointer (hover, press, focus) stay as they are live when the history moves, and
/// changing them neither is journalled nor drops anything.
///
/// **Changing the past drops the future**, as an editor's undo does: an action that changes
/// the timeline while behind `head` forgets every action and checkpoint after the present
/// step, and the present becomes the head.
///
/// **Memory.** `checkpointLimit` checkpoints at most, each `SceneSnapshot.byteCount` (a
/// quarter byte a view, 16 bytes an animating view, the side tables), and the journal's
/// actions since the oldest (each a few hundred bytes; user input, never per step).
public struct StepHistory: Sendable {
  /// One journalled action: what it was, with the cause its changes carried.
  public enum Action: Sendable {
    case input(InputEvent, ValueChange.Cause)
    case command(KeyCommand, ValueChange.Cause)
    case style(TickStyle)
  }

  /// What an action found when it was applied: re-applied the same way, it does the same.
  public struct Context: Sendable {
    public let step: Int64
    public let pointer: Pointer
    public let layout: GridLayout
    /// The value changes pending: more after the action means it changed a value.
    public let events: Int
  }

  struct Entry: Sendable {
    var step: Int64
    var action: Action
    var pointer: Pointer
    var layout: GridLayout
  }

  struct Checkpoint: Sendable {
    var scene: SceneSnapshot
    var stress: StressDriver
    /// The load (`--load`), a stress driver too; its arrays are shared with the live one
    /// until the load's size changes.
    var load: LoadDriver
  }

  /// How a step back went.
  public enum StepBack: Equatable, Sendable {
    /// Moved back from one step to another (fewer steps than asked when the history's
    /// start was reached on the way).
    case moved(from: Int64, to: Int64)
    /// Already at the oldest step kept: nothing moved.
    case atStart(Int64)
  }

  /// How far back the history reaches at least, in seconds: the 10.
  public static let horizonSeconds = 10

  /// Steps between checkpoints.
  public let interval: Int64
  /// Steps back from the head the history reaches at least.
  public let horizon: Int64
  /// The checkpoints, oldest first; never empty.
  private(set) var checkpoints: [Checkpoint]
  /// The journal, in the order the actions were applied (so by step).
  private(set) var journal: [Entry] = []
  /// Storage made on another thread for a checkpoint that waits for it.
  private let spares = SnapshotSpares()
  /// The fresh storage a checkpoint takes at once; one that needs more waits for a spare
  /// (`waitsForStorage`). 16 MB: the kernel clears new pages here at 0.5–3 ms a megabyte,
  /// so more would cost a frame's budget or several.
  public var waitAboveBytes = 16 << 20
  /// The newest step reached on this timeline.
  public private(set) var head: Int64
  /// While behind the head: every view's value at the head (`Scene.packedStates`), which is
  /// what the value changes reported so far tell of (those a re-simulation makes again are
  /// not reported twice). An action that drops the future reports first the changes back
  /// from these values (cause `history`), so that folding the reported changes in order
  /// gives the values on screen.
  private var told: [UInt8]?

  /// A history starting at `scene`'s present, reaching back `horizon` steps at least, with
  /// a checkpoint every `interval` steps. Play uses a second's steps: a step back
  /// re-simulates at most a second, and 11 checkpoints cover 10 s.
  public init(
    scene: Scene, stress: StressDriver, load: LoadDriver = LoadDriver(seed: 0),
    interval: Int64? = nil, horizon: Int64? = nil
  ) {
    self.interval = max(interval ?? Int64(scene.hz), 1)
    self.horizon = max(horizon ?? Int64(Self.horizonSeconds * scene.hz), 1)
    checkpoints = [Checkpoint(scene: scene.snapshot(), stress: stress, load: load)]
    head = scene.step
  }

  /// The most checkpoints kept: those within the horizon, and the newest before it.
  public var checkpointLimit: Int { Int((horizon + interval - 1) / interval) + 1 }

  /// The oldest step the history can go back to.
  public var oldestStep: Int64 { checkpoints[0].scene.step }

  /// Bytes the checkpoints hold (see `SceneSnapshot.byteCount`) and the journal's entries.
  public var byteCount: Int {
    checkpoints.reduce(journal.capacity * MemoryLayout<Entry>.stride) {
      $0 + $1.scene.byteCount + MemoryLayout<StressDriver>.size + MemoryLayout<LoadDriver>.size
    }
  }

  /// The step of the newest checkpoint.
  public var newestCheckpointStep: Int64 { checkpoints[checkpoints.count - 1].scene.step }

  /// The number of checkpoints held.
  public var checkpointCount: Int { checkpoints.count }

  /// What an action about to be applied to `scene` finds.
  public static func context(of scene: Scene) -> Context {
    Context(
      step: scene.step, pointer: scene.pointer, layout: scene.layout,
      events: scene.pendingEventCount)
  }

  /// Notes an action applied at `context`'s step. With `changed` (it changed the timeline)
  /// it is journalled, after dropping the future when the present is behind the head;
  /// returns whether it dropped any.
  @discardableResult
  public mutating func applied(_ action: Action, context c: Context, changed: Bool) -> Bool {
    guard changed else { return false }
    let dropped = c.step < head
    if dropped {
      journal.removeAll { $0.step > c.step }
      checkpoints.removeAll { $0.scene.step > c.step }
      head = c.step
    }
    journal.append(Entry(step: c.step, action: action, pointer: c.pointer, layout: c.layout))
    return dropped
  }

  // MARK: - Actions, journalled

  /// Applies a pointer or window input to `scene`; journalled when it changed a value.
  /// Returns whether it dropped the future.
  public mutating func handle(_ input: InputEvent, cause: ValueChange.Cause, scene: inout Scene)
    -> Bool
  {
    let c = Self.context(of: scene)
    let undone = scene.mayChangeValues(input) ? changesUndone(scene) : .nothing
    scene.handle(input, cause: cause)
    return report(
      undone,
      dropped: applied(
        .input(input, cause), context: c, changed: scene.pendingEventCount > c.events),
      context: c, scene: &scene)
  }

  /// Carries out a key command (`Controls.apply`); journalled when it changes the timeline
  /// (a scene key, Space or X, only when it changed a value). Returns whether it dropped
  /// the future.
  public mutating func apply(
    _ command: KeyCommand, cause: ValueChange.Cause, scene: inout Scene,
    controls: inout Controls, clock: inout FixedStepClock
  ) -> Bool {
    let c = Self.context(of: scene)
    // A command of the view or the loop changes no value (`KeyCommand.Traits`).
    let undone = command.traits.journalled ? changesUndone(scene) : .nothing
    controls.apply(command, scene: &scene, clock: &clock, cause: cause)
    let changed: Bool
    if case .scene = command {
      changed = scene.pendingEventCount > c.events
    } else {
      changed = command.traits.journalled
    }
    let dropped = applied(.command(command, cause), context: c, changed: changed)
    return report(undone, dropped: dropped, context: c, scene: &scene)
  }

  /// Restyles `scene` (a saved style file), journalled. Returns whether it dropped the
  /// future.
  public mutating func setStyle(_ style: TickStyle, scene: inout Scene) -> Bool {
    let c = Self.context(of: scene)
    let undone = changesUndone(scene)
    scene.setStyle(style)
    return report(
      undone, dropped: applied(.style(style), context: c, changed: true), context: c,
      scene: &scene)
  }

  /// The value changes from the values reported so far (`told`) to a scene's, which an
  /// action about to be applied reports first if it drops the future: listed where the
  /// scene lists its events, else only counted (listed at 16 million views they would
  /// take 400 MB, for a count).
  enum Undone {
    /// At the head, or an input that changes no value.
    case nothing
    case listed([ValueChange])
    case counted(Int)
  }

  /// What `scene`'s values undo of those told; nothing at the head.
  private func changesUndone(_ scene: Scene) -> Undone {
    guard let told, isBehind(scene) else { return .nothing }
    guard scene.eventKeeping == .listed else { return .counted(scene.changeCount(since: told)) }
    return .listed(scene.changes(since: told, cause: .history))
  }

  /// After an action: when it dropped the future, puts `undone` before the action's own
  /// value changes and forgets `told` (the present is the head). Returns `dropped`.
  private mutating func report(
    _ undone: Undone, dropped: Bool, context c: Context, scene: inout Scene
  ) -> Bool {
    guard dropped else { return false }
    switch undone {
    case .nothing: break
    case .listed(let changes): scene.insertEvents(changes, at: c.events)
    case .counted(let n): scene.countEvents(n)
    }
    told = nil
    return true
  }

  /// Whether the present step is behind the newest one reached.
  public func isBehind(_ scene: Scene) -> Bool { scene.step < head }

  /// Call after each fixed step, with the number of events pending before it. On a new
  /// step it becomes the head, with a checkpoint when one is due; behind the head it
  /// applies the journal's actions at the step again, and forgets the value changes the
  /// step made again (they were reported the first time).
  public mutating func stepped(_ scene: inout Scene, _ controls: inout Controls, eventsBefore: Int)
  {
    let s = scene.step
    guard s > head else {
      let live = scene.pointer
      var k = firstEntry(atOrAfter: s)
      apply(through: s, from: &k, &scene, &controls)
      scene.setPointer(live)
      scene.dropEvents(after: eventsBefore)
      return
    }
    head = s
    told = nil
    let due = (newestCheckpointStep / interval + 1) * interval
    guard s >= due else { return }
    let needs = scene.snapshotSize(withRoom: false)
    guard !waitsForStorage(needs, late: s - due, scene: scene) else { return }
    // The new checkpoint lies within the horizon, so those it pushes past it can go first,
    // and the newest of them lends its arrays to the new one, or else the spare does.
    var spent = forgetPastHorizon()
    // Moved, not copied: a second reference would make the arrays copy on the first write.
    var spare = spares.take()
    if spare != nil, !(spent?.holds(needs) ?? false) { swap(&spent, &spare) }
    checkpoints.append(
      Checkpoint(
        scene: scene.snapshot(reusing: &spent), stress: controls.stress, load: controls.load))
  }

  /// Whether the checkpoint due `late` steps ago waits a step for its storage: less than an
  /// interval late, it would need more than `waitAboveBytes` of fresh arrays (no checkpoint
  /// it forgets, nor a spare, holds `needs`). A spare of the scene's size is then started,
  /// unless one is being made. A scene that went from quiet to millions of animations
  /// within an interval (A on 16 million views) takes its checkpoint a few frames late,
  /// rather than stall a frame for 160–500 ms while the kernel clears fresh pages.
  private func waitsForStorage(_ needs: SnapshotArrays.Size, late: Int64, scene: Scene) -> Bool {
    guard late < interval, needs.byteCount > waitAboveBytes else { return false }
    if let i = newestForgotten(atHead: head), checkpoints[i].scene.holds(needs) { return false }
    guard !spares.readyHolds(needs) else { return false }
    spares.prepare(scene.snapshotSize(withRoom: true))
    return true
  }

  /// Steps back `steps` steps, or as far as the history reaches: `aim`, then `reach`. The
  /// view and the pending events stay as they are.
  public mutating func stepBack(
    _ steps: Int, scene: inout Scene, controls: inout Controls,
    step: (inout Scene, inout Controls) -> Void
  ) -> StepBack {
    let result = aim(back: steps, from: scene)
    if case .moved(_, let target) = result {
      reach(target, scene: &scene, controls: &controls, step: step)
    }
    return result
  }

  /// A step back's first half, on the live scene: where `steps` steps back from `scene`'s
  /// step lands, as far as the history reaches (`.moved`), or `.atStart` when it cannot
  /// move. Leaving the head, it keeps the values the events have told of, to say what the
  /// step back undid when the future is dropped.
  public mutating func aim(back steps: Int, from scene: Scene) -> StepBack {
    let from = scene.step
    let target = max(from - Int64(max(steps, 0)), oldestStep)
    guard target < from else { return .atStart(from) }
    if !isBehind(scene) { told = scene.packedStates() }
    return .moved(from: from, to: target)
  }

  /// A step back's second half: restores the newest checkpoint at or before `target` into
  /// `scene`, calls `restored` on it (a step back on another thread gives it threads of its
  /// own there), and re-simulates to `target` with `step` (the one fixed step play takes),
  /// applying the journal's actions on the way. The scene's timeline is replaced whole, so
  /// a scene that took the live one's view serves (`Scene.adoptView`); its view and
  /// pending events stay. Reads the history only: another thread may run it on a copy.
  public func reach(
    _ target: Int64, scene: inout Scene, controls: inout Controls,
    restored: (inout Scene) -> Void = { _ in }, step: (inout Scene, inout Controls) -> Void
  ) {
    let i = checkpoints.lastIndex { $0.scene.step <= target } ?? 0
    let live = scene.pointer
    let mark = scene.pendingEventCount
    scene.restore(checkpoints[i].scene)
    restored(&scene)
    controls.stress = checkpoints[i].stress
    controls.load = checkpoints[i].load
    var k = firstEntry(atOrAfter: scene.step)
    apply(through: scene.step, from: &k, &scene, &controls)
    while scene.step < target {
      step(&scene, &controls)
      apply(through: scene.step, from: &k, &scene, &controls)
    }
    scene.setPointer(live)
    scene.dropEvents(after: mark)
  }

  /// Where the present is, for a toast: `step 1188 (−0.10 s)` behind the head, `step 1200
  /// (newest)` at it.
  public func position(of scene: Scene) -> String { position(atStep: scene.step, hz: scene.hz) }

  /// Where step `step` is, as `position(of:)` says it (a step past the head will be the
  /// head once taken).
  public func position(atStep step: Int64, hz: Int) -> String {
    let behind = head - step
    guard behind > 0 else { return "step \(step) (newest)" }
    let seconds = Double(behind) / Double(hz)
    return "step \(step) (\u{2212}\(Decimals.text(seconds, places: 2)) s)"
  }

  /// The toast for a step back.
  public func feedback(_ result: StepBack, scene: Scene) -> String {
    switch result {
    case .moved(_, let to) where to == oldestStep && to > 0:
      return position(of: scene) + " — the oldest kept"
    case .moved: return position(of: scene)
    case .atStart(let s) where s == 0: return "step 0: nothing before the start"
    case .atStart(let s):
      return "step \(s): no history before it (the last \(horizon / Int64(scene.hz)) s are kept)"
    }
  }

  // MARK: - Private

  /// The index of the first journal entry at or after `step`.
  private func firstEntry(atOrAfter step: Int64) -> Int {
    var lo = 0
    var hi = journal.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if journal[mid].step < step { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Applies the journal's entries from index `k` whose step is `step` or earlier,
  /// advancing `k`, each with the pointer and layout it found.
  private func apply(
    through step: Int64, from k: inout Int, _ scene: inout Scene, _ controls: inout Controls
  ) {
    while k < journal.count, journal[k].step <= step {
      let e = journal[k]
      k += 1
      scene.setPointer(e.pointer)
      scene.withLayout(e.layout) { s in
        switch e.action {
        case .input(let input, let cause): s.handle(input, cause: cause)
        case .command(let command, let cause):
          var clock = FixedStepClock(hz: s.hz)
          controls.apply(command, scene: &s, clock: &clock, cause: cause)
        case .style(let style): s.setStyle(style)
        }
      }
    }
  }

  /// The index of the newest checkpoint forgotten once `step` is the head: the one before
  /// the newest at or before the horizon; nil when none is.
  private func newestForgotten(atHead step: Int64) -> Int? {
    let edge = step - horizon
    guard let keep = checkpoints.lastIndex(where: { $0.scene.step <= edge }), keep > 0 else {
      return nil
    }
    return keep - 1
  }

  /// Drops the checkpoints older than the newest one at or before the horizon, and the
  /// journal's entries before the oldest kept. Returns the arrays of the newest snapshot
  /// dropped, no longer referenced from here, for their storage.
  private mutating func forgetPastHorizon() -> SnapshotArrays? {
    guard let newest = newestForgotten(atHead: head) else { return nil }
    let keep = newest + 1
    var dropped = Array(checkpoints[..<keep])
    checkpoints.removeFirst(keep)
    let oldest = oldestStep
    journal.removeAll { $0.step < oldest }
    return dropped.popLast()?.scene.spend()
  }
}
