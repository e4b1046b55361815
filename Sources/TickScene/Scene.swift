import TickAnimation
import TickGeometry
import TickThreads

/// Every tick view of the grid, its state and its animation, as a struct of arrays.
///
/// The scene never reads a clock: it is advanced by whole fixed steps, and input is applied
/// at the current step, so the same inputs at the same steps give the same frames.
///
/// Each view is a 12-byte record inline in grid order (`ViewRecord`: its state, dirty flag
/// and animation), so an idle view costs `bytesPerIdleView` (12) bytes and a running fresh
/// animation adds only its entry in the completion wheel (`bytesPerAnimation`, 16 with the
/// record). Stepping costs what finishes, not what runs: completions come from a timing
/// wheel keyed by the step they are due (`CompletionWheel`). Drawing costs what is
/// visible: the frame builder reads the records of the visible cells.
///
/// It is a facade over named parts, each holding one thing: the `viewport` (where the grid
/// lies in the window), the `views` and their timelines (records, interruptions, the
/// completion wheel), the `outbox` of changes and events not yet taken, and the `pointer`
/// (with the radio groups); the style and the step are the scene's own. Callers read the
/// parts through the scene (`layout`, `animatingCount`, `events`, …,
/// `Scene+Parts.swift`), and change them only through its operations.
public struct Scene: Sendable {
  /// Fixed steps per second.
  public let hz: Int
  public private(set) var style: TickStyle
  /// A transition's full length in steps.
  public private(set) var durationSteps: Int64
  /// Whole steps taken.
  public private(set) var step: Int64 = 0

  // MARK: - Parts

  /// Where the grid lies in the window and what is docked beside it.
  public internal(set) var viewport: Viewport
  /// The views: their states and animations, and the wheel their ends are due in.
  public internal(set) var views: ViewTimelines
  /// What changed and has not been taken yet: value-change events and views to redraw.
  public internal(set) var outbox = Outbox()

  // MARK: - Style

  private var resolved: ResolvedStyle
  /// Per-row styles (a gallery), cycling down the rows; empty when every row uses `style`.
  private(set) var rowStyles: [ResolvedStyle] = []
  /// The built-in styles behind `rowStyles`, for `animation(ofRow:)`.
  private var rowAnimations: [AnimationStyle] = []
  /// The unit-velocity twin of a spring `--timing` curve (see `SpringPair`).
  private var userImpulse: Spring?

  // MARK: - Pointer, focus and groups

  /// The pointer, the keyboard focus and any drag under way.
  public internal(set) var pointer = Pointer()
  /// Radio groups: rectangles of cells of which at most one is on.
  public internal(set) var groups: [RadioGroup] = []
  /// The threads a step's ranges of views are retired on (`setWorkers`); nil: the calling
  /// thread alone.
  public internal(set) var workers: WorkerPool?
  /// The fewest entries a step's bucket takes to the workers (`parallelRetireMinimum`;
  /// the tests lower it, to take small scenes through the parallel pass).
  var parallelMinimum = Self.parallelRetireMinimum
  /// The changes to views in radio groups of the command under way (see `command(_:)`).
  var pending = PendingChanges()

  /// When an animation interrupts another, a change the style makes instantly is spread
  /// over this fraction of the transition instead, so the presented look never jumps.
  public static let interruptionRamp: Float = 0.15

  public init(layout: GridLayout, style: TickStyle = TickStyle(), hz: Int = 120) {
    precondition(hz > 0)
    self.style = style
    self.hz = hz
    viewport = Viewport(layout: layout)
    resolved = ResolvedStyle(style.definition)
    userImpulse = Self.impulse(of: style.timing)
    durationSteps = Self.transitionSteps(style, hz: hz)
    let n = layout.count
    views = ViewTimelines(count: n, covering: durationSteps)
  }

  /// The longest transition, in steps: 2²⁹, so that a record's 32-bit start step, with a
  /// start shift of up to `longestStartShift` before it, still tells the elapsed time. It
  /// is far beyond the longest `--duration` (3,600 s) at the highest `--hz` (10,000).
  static let longestTransition: Int64 = 1 << 29
  /// The furthest a staggered start (`applyInitialSelection`) reaches into the past, 2³⁰
  /// steps: an animation started longer ago than it lasts has ended, and shows its end
  /// look at any step near the present however long ago it started.
  static let longestStartShift: Int64 = 1 << 30

  /// A style's transition length in steps at `hz`.
  private static func transitionSteps(_ style: TickStyle, hz: Int) -> Int64 {
    min(Transition.steps(seconds: style.duration, hz: hz), longestTransition)
  }

  /// The number of views.
  @inlinable public var count: Int { layout.count }

  /// Calls `body` with every animating cell, in grid order.
  ///
  /// It reads every view's record, O(views): for rare operations (`setStyle`, finishing
  /// every animation, the soak's checks), never for a frame. A frame visits the visible
  /// cells (`forEachAnimating(rows:columns:_:)`).
  public func forEachAnimating(_ body: (Int) -> Void) {
    guard views.animatingCount > 0 else { return }
    views.records.withUnsafeBufferPointer { r in
      for c in r.indices where r[c].animation.isRunning { body(c) }
    }
  }

  /// Calls `body` with every animating cell of `rows` × `columns`, in grid order: the
  /// records of those cells only, O(rows × columns).
  func forEachAnimating(rows: Range<Int>, columns: Range<Int>, _ body: (Int) -> Void) {
    guard views.animatingCount > 0, !columns.isEmpty else { return }
    let width = layout.columns
    views.records.withUnsafeBufferPointer { r in
      for row in rows {
        let first = row * width
        for c in (first + columns.lowerBound)..<(first + columns.upperBound)
        where r[c].animation.isRunning {
          body(c)
        }
      }
    }
  }

  /// View `cell`'s value.
  public func state(_ cell: Int) -> ViewState { views.records[cell].state }

  /// Whether view `cell` is on.
  public func isSelected(_ cell: Int) -> Bool { views.records[cell].state == .on }

  /// Whether view `cell` has a running animation.
  public func isAnimating(_ cell: Int) -> Bool { views.records[cell].animation.isRunning }

  /// The look of `cell` at fractional step `present`.
  ///
  /// A fresh animation's looks are the settled looks of the state it left and of the
  /// view's state, with no velocity: the same values an interrupted one keeps in the side
  /// table, so both give the look the transition's tracks compute.
  public func look(_ cell: Int, atStep present: Double) -> Look {
    let r = views.records[cell].animation
    let resolved = resolvedStyle(cell)
    guard r.isRunning else { return resolved.look(views.records[cell].state) }
    let u = Float(min(max((present - Double(startStep(of: r))) / Double(r.length), 0), 1))
    if r.isInterrupted, let i = views.interruptions[Int32(cell)] {
      let motion = Track.Motion(
        user: style.timing, userImpulse: userImpulse, ramp: Self.interruptionRamp,
        velocity: i.velocity)
      return resolved.look(r.kind, from: i.from, to: i.to, at: u, motion: motion)
    }
    let motion = Track.Motion(user: style.timing, userImpulse: userImpulse)
    return resolved.look(
      r.kind, from: resolved.look(r.from), to: resolved.look(views.records[cell].state), at: u,
      motion: motion)
  }

  /// The step a running animation started on (see `AnimationRecord.start`).
  @inline(__always) func startStep(of r: AnimationRecord) -> Int64 {
    step - Int64(Int32(truncatingIfNeeded: step) &- r.start)
  }

  // MARK: - Changing state

  /// Applies the initial selection at step 0; with `animate`, views start their on
  /// animation at time 0. Fires no events: nothing changed from a user's point of view.
  ///
  /// With `stagger` (in steps), the view in column c starts c·stagger steps early, so a row
  /// shows its animation's progress from left to right (the styles gallery).
  public mutating func applyInitialSelection(
    _ selection: Selection, animate: Bool, seed: UInt64 = 0, stagger: Int64 = 0
  ) {
    var rng = SplitMix64(seed: seed)
    for i in 0..<count {
      let on: Bool
      switch selection {
      case .none: on = false
      case .all: on = true
      case .checker:
        let (c, r) = layout.position(of: i)
        on = (c + r) % 2 == 0
      case .random(let p): on = rng.nextUnit() < p
      }
      guard on, group(of: i).map({ groups[$0].selected == nil }) ?? true else { continue }
      if animate {
        transition(i, to: .on, startShift: Int64(layout.position(of: i).column) * stagger)
      } else {
        views.stopAnimation(i)
        views.assign(i, .on)
      }
      if let g = group(of: i) { groups[g].selected = Int32(i) }
    }
    outbox.changedEverything = true
  }

  /// Toggles `cell`: off → on; on or mixed → off. In a radio group that keeps one
  /// selected, the selected view stays on (see `setState`).
  public mutating func toggle(_ cell: Int, cause: ValueChange.Cause) {
    guard cell >= 0, cell < count else { return }
    setState(cell, views.records[cell].state.toggled, cause: cause)
  }

  /// Sets `cell`'s value (compatibility with two-state callers).
  public mutating func setSelected(_ cell: Int, _ value: Bool, cause: ValueChange.Cause) {
    setState(cell, value ? .on : .off, cause: cause)
  }

  /// Sets `cell`'s value and animates the change. Setting the value it already has does
  /// nothing and fires nothing.
  ///
  /// In a radio group the group's rules hold (`setMember`): selecting a view deselects the
  /// one selected before, and the selected view of a group that keeps one stays on until
  /// another is selected.
  public mutating func setState(_ cell: Int, _ new: ViewState, cause: ValueChange.Cause) {
    guard cell >= 0, cell < count, views.records[cell].state != new else { return }
    if !groups.isEmpty, let g = group(of: cell) {
      return setMember(cell, of: g, to: new, cause: cause)
    }
    let old = views.records[cell].state
    transition(cell, to: new)
    markDirty(cell)
    let (c, r) = layout.position(of: cell)
    outbox.note(
      ValueChange(cell: cell, column: c, row: r, old: old, new: new, cause: cause, step: step))
  }

  /// Switches the animation style. Running animations jump to their end: a look from one
  /// style's timeline means nothing in another's.
  public mutating func setAnimation(_ a: AnimationStyle) {
    finishAll()
    style.animation = a
    style.custom = nil
    resolved = ResolvedStyle(a)
    rowStyles = []
    rowAnimations = []
    outbox.changedEverything = true
  }

  /// Replaces the whole style — looks, tracks, colours, widths, shape, duration, timing —
  /// while views keep animating (a style file saved while `play` runs).
  ///
  /// Unlike `setAnimation`, running animations do not jump to their end: each carries on
  /// from the look it presents now toward its state's look in the new style, over the
  /// time it had left, as an interruption does (so the new style's instant changes are
  /// short ramps). Settled views take the new style's looks at once.
  ///
  /// It visits every view's record (`forEachAnimating`), and every running animation takes
  /// an entry in the side table: a rare operation.
  public mutating func setStyle(_ new: TickStyle) {
    var running: [(cell: Int32, left: Int64, presented: Look)] = []
    running.reserveCapacity(views.animatingCount)
    forEachAnimating { c in
      let r = views.records[c].animation
      let left = max(startStep(of: r) + Int64(r.length) - step, 1)
      running.append((Int32(c), left, look(c, atStep: Double(step))))
    }
    let oldLength = durationSteps
    style = new
    resolved = ResolvedStyle(new.definition)
    rowStyles = []
    rowAnimations = []
    userImpulse = Self.impulse(of: new.timing)
    durationSteps = Self.transitionSteps(new, hz: hz)
    outbox.changedEverything = true
    guard !resolved.isInstant else { return finishAll() }
    for a in running {
      let c = Int(a.cell)
      // The time left, in the new duration's proportion (a longer duration slows it down).
      let length = max(a.left * durationSteps / max(oldLength, 1), 1)
      views.interruptions[a.cell] = Interruption(
        from: a.presented, to: resolved.look(views.records[c].state), velocity: .zero)
      start(
        c,
        AnimationRecord(
          start: step, length: length, kind: views.records[c].animation.kind,
          from: views.records[c].state,
          interrupted: true, cached: false))
    }
  }

  /// Gives row r the style `styles[r % styles.count]` (a gallery); an empty list gives
  /// every row the scene's style again.
  public mutating func setRowStyles(_ styles: [AnimationStyle]) {
    finishAll()
    rowStyles = styles.map(ResolvedStyle.init)
    rowAnimations = styles
    outbox.changedEverything = true
  }

  /// The style row `row` animates with.
  public func animation(ofRow row: Int) -> AnimationStyle {
    rowAnimations.isEmpty ? style.animation : rowAnimations[row % rowAnimations.count]
  }

  @inline(__always) private func resolvedStyle(_ cell: Int) -> ResolvedStyle {
    rowStyles.isEmpty ? resolved : rowStyles[(cell / layout.columns) % rowStyles.count]
  }

  /// The settled look of state `s` in `cell`'s style, read in place (a style held across
  /// the scene's mutations would be retained and released for every transition).
  @inline(__always) private func settledLook(_ cell: Int, _ s: ViewState) -> Look {
    resolvedStyle(cell).look(s)
  }

  /// Sets the timing curve for transitions that start from now on (and running ones).
  public mutating func setTiming(_ t: TimingCurve) {
    style.timing = t
    userImpulse = Self.impulse(of: t)
  }

  /// A spring curve's twin started one unit per second faster, or nil for other curves.
  private static func impulse(of t: TimingCurve) -> Spring? {
    guard case .spring(let s) = t else { return nil }
    return Spring(
      mass: s.mass, stiffness: s.stiffness, damping: s.damping,
      initialVelocity: s.initialVelocity + 1)
  }

  /// Sets what deselecting does from now on.
  public mutating func setDeselect(_ d: DeselectMode) {
    style.deselect = d
  }

  /// Bytes an idle view costs: its record (12: its state, its dirty flag and its animation
  /// record), inline in grid order, so that drawing reads the visible views' records in
  /// sequence with no slot to chase into a side array, and a change of state touches one
  /// cache line.
  public static let bytesPerIdleView = MemoryLayout<ViewRecord>.stride

  /// Bytes a running fresh animation costs: its view's record (which an idle view pays too,
  /// since it is inline) and its entry in the completion wheel. An interrupted animation
  /// adds an `Interruption` in the side table.
  public static let bytesPerAnimation = MemoryLayout<ViewRecord>.stride + MemoryLayout<Int32>.stride

  /// Advances `n` whole steps and retires the animations that have finished.
  ///
  /// It visits the wheel's bucket of each step taken (every bucket once, for a jump of a
  /// whole round or more), and in them only the views due then: O(finishing + stale
  /// entries) plus one bucket a step.
  public mutating func advance(steps n: Int) {
    advance(steps: n, restarting: nil)
  }

  /// Advances `n` whole steps, then toggles each view of `finished` in turn (those `only`
  /// marks, when given), `times` times over, with `cause`: exactly `advance(steps: n)`
  /// followed by those `toggle` calls, in states, looks, events and their order (a stress
  /// that keeps views animating restarts each as it finishes).
  ///
  /// For a single step with no radio groups, each view is toggled as soon as it is retired,
  /// while its record is in cache: a million views animating restart tens of thousands a
  /// step, and toggling them afterwards would read each record from memory a second time.
  public mutating func advance(
    steps n: Int, togglingFinished times: Int, cause: ValueChange.Cause, only: [Bool]? = nil
  ) {
    precondition(only.map { $0.count == count } ?? true, "`only` has one entry per view")
    advance(
      steps: n, restarting: times > 0 ? Restart(toggles: times, cause: cause, only: only) : nil)
  }

  private mutating func advance(steps n: Int, restarting restart: Restart?) {
    views.finished.removeAll(keepingCapacity: true)
    views.finishedDue.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    let previous = step
    step += Int64(n)
    // With nothing running, every entry left is stale: it is dropped when its bucket next
    // comes round with something running.
    guard views.animatingCount > 0 else { return }
    // Toggling a view as it retires is the same as toggling it after the advance when the
    // toggle touches no other view (no groups, no command under way), grows no wheel, and
    // `finished` needs no reordering (a single bucket, with no view filed overdue in it).
    let inline =
      n == 1 && groups.isEmpty && pending.depth == 0 && !views.wheel.isTooSmall(for: durationSteps)
      && views.lastOverdueFiling != previous
    let planned = inline ? restart.map(planRestart) : nil
    if inline, retireInParallel(after: previous, planned) { return }
    for t in (previous + 1)...(previous + min(Int64(n), Int64(views.wheel.size))) {
      // Part after part, each bucket in view order: the views of a step in view order,
      // whatever the number of parts (docs/architecture.md, "Threads").
      for k in 0..<views.wheel.parts {
        retire(part: k, bucket: views.wheel.bucket(of: t), after: previous, restarting: planned)
      }
    }
    sortFinished()
    guard let restart, planned == nil else { return }
    for c in views.finished where restart.restarts(c) {
      for _ in 0..<restart.toggles { toggle(Int(c), cause: restart.cause) }
    }
  }

  /// Puts `finished` in the order of the step each view was due, then view order, when it
  /// is not: after a jump of a whole round or more, or with an animation that began
  /// already past its end.
  private mutating func sortFinished() {
    let f = views.finished
    let d = views.finishedDue
    func before(_ i: Int, _ j: Int) -> Bool { (d[i], f[i]) < (d[j], f[j]) }
    guard f.indices.dropFirst().contains(where: { before($0, $0 - 1) }) else { return }
    let order = f.indices.sorted(by: before)
    views.finished = order.map { f[$0] }
    views.finishedDue = order.map { d[$0] }
  }

  /// Finishes the views of part `k`'s wheel bucket `index` due by the scene's step, in view
  /// order, and those whose end had passed when they started (a staggered start, filed for
  /// the step after `previous`); keeps those due in a later round; drops stale entries (a
  /// view stopped, or restarted with another due step).
  ///
  /// With `restart`, each finished view is toggled as its chunk of the bucket is retired.
  private mutating func retire(
    part k: Int, bucket index: Int, after previous: Int64, restarting restart: Restart?
  ) {
    views.wheel.take(part: k, index, into: &views.retiring)
    guard !views.retiring.isEmpty else { return }
    views.stepWork += views.retiring.count
    // Mostly sorted already: a bucket is filed in view order by the step that restarted
    // its views, and the sort finds those runs.
    views.retiring.sortIntoViewOrder()
    if let restart, index == views.wheel.bucket(of: step),
      let plan = LeanRestart(restart, scene: self)
    {
      retireRestarting(part: k, bucket: index, after: previous, restart, plan)
      return
    }
    let end = step
    var first = 0
    while first < views.retiring.count {
      let chunk = first..<min(first + Self.retiringChunk, views.retiring.count)
      views.reserveFinished(for: views.retiring[chunk])
      let firstFinished = views.finished.count
      for c32 in views.retiring[chunk] {
        // Read now, not in `countRunning`: a view may have several entries, and the first
        // may have stopped or restarted it.
        retireEntry(c32, bucket: index, after: previous, end: end)
      }
      // The chunk's views are toggled once it is retired, while their records are still in
      // cache: the same as toggling each as it retires, since a toggle touches only its own
      // view and files it in another bucket (see `restartFinished`).
      if let restart { restartFinished(from: firstFinished, part: k, restart) }
      first = chunk.upperBound
    }
  }

  /// Views retired per pass: their records' cache lines (16 KB) stay in the first-level
  /// cache (48 KB) from `countRunning` to the retiring loop, and they are enough for
  /// `countRunning` to keep many misses in flight.
  static let retiringChunk = 256

  /// Retires one wheel entry of bucket `index`: a running view due by `end` (and filed
  /// here, or overdue since `previous`) is stopped and listed as finished; one filed here
  /// for a later turn of the wheel is filed again. Returns whether it finished.
  @discardableResult
  mutating func retireEntry(_ c32: Int32, bucket index: Int, after previous: Int64, end: Int64)
    -> Bool
  {
    let r = views.records[Int(c32)].animation
    guard r.isRunning else { return false }
    let c = Int(c32)
    let due = startStep(of: r) + Int64(r.length)
    let filedHere = views.wheel.bucket(of: due) == index
    if due <= end && (filedHere || due <= previous) {
      views.stopAnimation(c)
      views.finished.append(c32)
      views.finishedDue.append(due)
      markDirty(c)
      return true
    }
    if filedHere && due > end { views.wheel.add(c32, due: due) }
    return false
  }

  /// Returns and forgets the pending value-change events.
  ///
  /// The pending list is handed over whole and a new one starts: keeping its capacity
  /// would copy it, since the caller holds the old storage. The new one has room for as
  /// many, which a stress of many toggles a step fills again, instead of growing it by
  /// doubling (copying it a dozen times). With nothing pending, nothing is allocated (most
  /// frames). While they are only counted, the count is forgotten and the list is empty.
  public mutating func drainEvents() -> [ValueChange] {
    outbox.counted = 0
    guard !outbox.events.isEmpty else { return [] }
    let drained = outbox.events
    outbox.events = []
    outbox.events.reserveCapacity(drained.count)
    return drained
  }

  // MARK: - Private

  /// Starts the animation from the presented look to `new`'s look, or settles at once.
  ///
  /// An animation that starts from a settled view is fresh and keeps only its record; one
  /// that interrupts a running animation keeps its looks and velocity in the side table.
  mutating func transition(
    _ cell: Int, to new: ViewState, kind forced: Transition.Kind? = nil, startShift: Int64 = 0
  ) {
    guard views.records[cell].animation.isRunning else {
      return transitionFromRest(cell, to: new, kind: forced, startShift: startShift)
    }
    let running = views.records[cell].animation
    let old = views.records[cell].state
    let from = look(cell, atStep: Double(step))
    // The presented motion over the last step, for springs to carry on.
    let perStep = from.values - look(cell, atStep: Double(step - 1)).values
    views.assign(cell, new)
    guard let (kind, length) = plan(to: new, forced: forced, interrupting: running),
      !resolvedStyle(cell).isInstant
    else {
      views.stopAnimation(cell)
      return
    }
    views.interruptions[Int32(cell)] = Interruption(
      from: from, to: settledLook(cell, new), velocity: perStep * Float(length))
    start(
      cell,
      AnimationRecord(
        start: step - min(startShift, Self.longestStartShift), length: length, kind: kind,
        from: old, interrupted: true, cached: false))
  }

  /// `transition` from a settled view, which presents its state's look: a fresh animation,
  /// whose record alone says how it looks.
  @inline(__always) private mutating func transitionFromRest(
    _ cell: Int, to new: ViewState, kind forced: Transition.Kind?, startShift: Int64
  ) {
    let old = views.records[cell].state
    views.assign(cell, new)
    guard
      let record = freshAnimation(
        cell, from: old, to: new, kind: forced, startShift: startShift)
    else { return }
    start(cell, record)
  }

  /// The animation a settled `cell` starts when its value goes from `old` to `new` now, or
  /// nil when it settles at once. No look is read unless the frame cache's test needs one
  /// (most transitions, the stress's restarts among them).
  @inline(__always) func freshAnimation(
    _ cell: Int, from old: ViewState, to new: ViewState, kind forced: Transition.Kind?,
    startShift: Int64
  ) -> AnimationRecord? {
    guard let (kind, length) = plan(to: new, forced: forced, interrupting: nil),
      !resolvedStyle(cell).isInstant
    else { return nil }
    // A fresh transition between the two settled looks a frame cache holds (the same state
    // has the same look; another state may too, in a style of one's own).
    let (first, last) = kind == .enter ? (ViewState.off, ViewState.on) : (.on, .off)
    let cached =
      length == durationSteps && rowStyles.isEmpty
      && (old == first || settledLook(cell, old) == settledLook(cell, first))
      && (new == last || settledLook(cell, new) == settledLook(cell, last))
    return AnimationRecord(
      start: step - min(startShift, Self.longestStartShift), length: length, kind: kind,
      from: old, interrupted: false, cached: cached)
  }

  /// The kind and length in steps of a transition to `new`, or nil when it settles at
  /// once: the style's on animation, or for `off` what `--deselect` says (`forced`
  /// overrides the kind); a reverse plays back only as far as the on animation it
  /// interrupts got.
  @inline(__always) private func plan(
    to new: ViewState, forced: Transition.Kind?, interrupting running: AnimationRecord?
  ) -> (kind: Transition.Kind, length: Int64)? {
    let kind: Transition.Kind
    var length = durationSteps
    if let forced {
      kind = forced
    } else if new != .off {
      kind = .enter
    } else {
      switch style.deselect {
      case .instant: return nil
      case .animate: kind = .exit
      case .reverse:
        kind = .reverse
        if let r = running, r.kind == .enter {
          let ran = Int64(r.length)
          length = max(1, min(step - startStep(of: r), ran) * durationSteps / max(ran, 1))
        }
      }
    }
    return length > 0 ? (kind, length) : nil
  }

  /// Makes `record` the view's running animation and files it in the completion wheel
  /// (grown first if the wheel is too small to hold its end in the present round). An
  /// animation whose end has passed (a staggered start) is due at the next step.
  @inline(__always) private mutating func start(_ cell: Int, _ record: AnimationRecord) {
    let end = startStep(of: record) + Int64(record.length)
    if end <= step { views.lastOverdueFiling = step }
    let due = max(end, step + 1)
    if views.wheel.isTooSmall(for: due - step) { regrowWheel(covering: due - step) }
    if !views.records[cell].animation.isRunning { views.animatingCount += 1 }
    views.records[cell].animation = record
    views.wheel.add(Int32(cell), due: due)
  }

  /// Replaces the wheel by one covering `span` steps ahead and files every running
  /// animation in it again; stale entries are dropped. It reads every view's record, but
  /// only when an animation longer than the wheel covers arrives.
  private mutating func regrowWheel(covering span: Int64) {
    views.wheel = CompletionWheel(covering: span, views: count, parts: views.wheel.parts)
    guard views.animatingCount > 0 else { return }
    for c in views.records.indices where views.records[c].animation.isRunning {
      let r = views.records[c].animation
      let end = startStep(of: r) + Int64(r.length)
      if end <= step { views.lastOverdueFiling = step }
      views.wheel.add(Int32(c), due: max(end, step + 1))
    }
  }

  /// Moves the grid in the window (pan, zoom, resize): everything is redrawn. However far
  /// it is asked to go, part of the grid stays in the window (`GridLayout.keptInWindow`).
  public mutating func setLayout(_ new: GridLayout) {
    precondition(new.count == layout.count, "a new layout must keep the views")
    let l = new.keptInWindow()
    guard l != layout else { return }
    if l.cell != layout.cell || l.gap != layout.gap || l.scale != layout.scale {
      viewport.sizeChangedAtStep = step
    }
    layout = l
    outbox.changedEverything = true
  }

  /// Sets a state with no animation and no event (set-up only).
  mutating func forceState(_ cell: Int, _ s: ViewState) {
    views.assign(cell, s)
    markDirty(cell)
  }

  /// Ends every running animation at once. It reads every view's record: a change of style
  /// or of the rows' styles, not a frame.
  private mutating func finishAll() {
    guard views.animatingCount > 0 else { return }
    for c in views.records.indices where views.records[c].animation.isRunning {
      views.stopAnimation(c)
      markDirty(c)
    }
    views.interruptions.removeAll()
    views.wheel.removeAll()
  }

  @inline(__always) mutating func markDirty(_ cell: Int) {
    // Only a view the window shows is listed (`CellWindow`); its flag says it is listed.
    guard !views.records[cell].isDirty, viewport.shown.contains(Int32(cell)) else { return }
    views.records[cell].isDirty = true
    outbox.dirty.append(Int32(cell))
  }

  /// Hands what changed since the last call to `changes` (replacing its contents, reusing
  /// its storage) and starts counting afresh. The loop calls it once a frame.
  public mutating func takeChanges(into changes: inout SceneChanges) {
    changes.cells.removeAll(keepingCapacity: true)
    swap(&changes.cells, &outbox.dirty)
    for c in changes.cells { views.records[Int(c)].isDirty = false }
    changes.everything = outbox.changedEverything
    outbox.changedEverything = false
  }

  /// What changed since the last call (see `takeChanges(into:)`).
  public mutating func takeChanges() -> SceneChanges {
    var c = SceneChanges()
    takeChanges(into: &c)
    return c
  }
}
