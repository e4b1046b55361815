import TickAnimation
import TickGeometry

/// Every tick view of the grid, its state and its animation, as a struct of arrays.
///
/// The scene never reads a clock: it is advanced by whole fixed steps, and input is applied
/// at the current step, so the same inputs at the same steps give the same frames.
/// Stepping costs O(animating views), not O(views): running animations live in a dense
/// side table with O(1) insertion and removal, and an idle view costs
/// `bytesPerIdleView` (6) bytes.
public struct Scene: Sendable {
  /// Where the cells are in the window; panning, zooming and resizing change it.
  public private(set) var layout: GridLayout
  /// Fixed steps per second.
  public let hz: Int
  public private(set) var style: TickStyle
  /// A transition's full length in steps.
  public private(set) var durationSteps: Int64
  /// Whole steps taken.
  public private(set) var step: Int64 = 0
  /// Value changes not yet taken by `drainEvents()`.
  public internal(set) var events: [ValueChange] = []
  /// Whether every view may look different since the changes were last taken (true at
  /// the start: nothing has been drawn).
  var changedEverything = true

  private var resolved: ResolvedStyle
  /// Per-row styles (a gallery), cycling down the rows; empty when every row uses `style`.
  private var rowStyles: [ResolvedStyle] = []
  /// The built-in styles behind `rowStyles`, for `animation(ofRow:)`.
  private var rowAnimations: [AnimationStyle] = []
  /// The unit-velocity twin of a spring `--timing` curve (see `SpringPair`).
  private var userImpulse: Spring?

  // MARK: - Pointer, focus and groups

  /// The pointer, the keyboard focus and any drag under way.
  public internal(set) var pointer = Pointer()
  /// Radio groups: rectangles of cells of which at most one is on.
  public internal(set) var groups: [RadioGroup] = []
  /// The changes to views in radio groups of the command under way (see `command(_:)`).
  var pending = PendingChanges()

  // MARK: - Window

  /// What is docked in the window besides the grid (a HUD), and the margins it takes now:
  /// the layout's window is the area left (see `setWindow`).
  public internal(set) var dock = Dock.none
  public internal(set) var margins: (right: Int, bottom: Int) = (0, 0)
  /// The cell size and gap the scene started with: what Home returns to.
  let homeCell: Int
  let homeGap: Int
  /// Whether Home fits the whole grid in its area (`--fit`) rather than returning to the
  /// first cell size.
  public var homeFits = false

  // MARK: - Storage

  /// One entry per view.
  private var states: [ViewState]
  /// The view's index in `animations`, or -1 when it is settled.
  private var slot: [Int32]
  /// Running animations, dense.
  private var animations: [Animation] = []
  /// Cells whose look changed since the changes were last taken (besides the animating
  /// ones), and a flag per view that keeps the list free of duplicates.
  private var dirty: [Int32] = []
  private var isDirty: [Bool]

  /// One running transition of one view.
  struct Animation: Sendable {
    var cell: Int32
    var kind: Transition.Kind
    /// Whether it interrupted another animation: its instant changes become short ramps.
    var interrupted: Bool
    /// Whether it runs from one settled look to another over the full length: then every
    /// view doing it looks the same at the same step, and a frame cache can hold it.
    var fresh: Bool
    var start: Int64
    var length: Int64
    var from: Look
    var to: Look
    /// Each property's velocity when it started, in units per whole transition (zero for
    /// a fresh start), so a spring carries an interrupted motion on smoothly.
    var velocity: SIMD16<Float>
  }

  /// When an animation interrupts another, a change the style makes instantly is spread
  /// over this fraction of the transition instead, so the presented look never jumps.
  public static let interruptionRamp: Float = 0.15

  public init(layout: GridLayout, style: TickStyle = TickStyle(), hz: Int = 120) {
    precondition(hz > 0)
    self.layout = layout
    self.style = style
    self.hz = hz
    homeCell = layout.cell
    homeGap = layout.gap
    resolved = ResolvedStyle(style.definition)
    userImpulse = Self.impulse(of: style.timing)
    durationSteps = Transition.steps(seconds: style.duration, hz: hz)
    let n = layout.count
    states = Array(repeating: .off, count: n)
    slot = Array(repeating: -1, count: n)
    isDirty = Array(repeating: false, count: n)
  }

  /// The number of views.
  @inlinable public var count: Int { layout.count }

  /// The number of views that are on.
  public private(set) var selectedCount = 0

  /// The number of running animations.
  public var animatingCount: Int { animations.count }

  /// Calls `body` with every animating cell.
  public func forEachAnimating(_ body: (Int) -> Void) {
    for a in animations { body(Int(a.cell)) }
  }

  /// View `cell`'s value.
  public func state(_ cell: Int) -> ViewState { states[cell] }

  /// Whether view `cell` is on.
  public func isSelected(_ cell: Int) -> Bool { states[cell] == .on }

  /// Whether view `cell` has a running animation.
  public func isAnimating(_ cell: Int) -> Bool { slot[cell] >= 0 }

  /// The look of `cell` at fractional step `present`.
  public func look(_ cell: Int, atStep present: Double) -> Look {
    let s = Int(slot[cell])
    guard s >= 0 else { return resolvedStyle(cell).look(states[cell]) }
    let a = animations[s]
    let u = Float(min(max((present - Double(a.start)) / Double(a.length), 0), 1))
    let motion = Track.Motion(
      user: style.timing, userImpulse: userImpulse,
      ramp: a.interrupted ? Self.interruptionRamp : 0, velocity: a.velocity)
    return resolvedStyle(cell).timing(a.kind).look(from: a.from, to: a.to, at: u, motion: motion)
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
      guard on, group(of: i).map({ groups[$0].selected < 0 }) ?? true else { continue }
      if animate {
        transition(i, to: .on, startShift: Int64(layout.position(of: i).column) * stagger)
      } else {
        stopAnimation(i)
        assign(i, .on)
      }
      if let g = group(of: i) { groups[g].selected = Int32(i) }
    }
    changedEverything = true
  }

  /// Toggles `cell`: off → on; on or mixed → off. In a radio group that keeps one
  /// selected, the selected view stays on (see `setState`).
  public mutating func toggle(_ cell: Int, cause: ValueChange.Cause) {
    guard cell >= 0, cell < count else { return }
    setState(cell, states[cell] == .off ? .on : .off, cause: cause)
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
    guard cell >= 0, cell < count, states[cell] != new else { return }
    if let g = group(of: cell) { return setMember(cell, of: g, to: new, cause: cause) }
    let old = states[cell]
    transition(cell, to: new)
    markDirty(cell)
    let (c, r) = layout.position(of: cell)
    events.append(
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
    changedEverything = true
  }

  /// Replaces the whole style — looks, tracks, colours, widths, shape, duration, timing —
  /// while views keep animating (a style file saved while `play` runs).
  ///
  /// Unlike `setAnimation`, running animations do not jump to their end: each carries on
  /// from the look it presents now toward its state's look in the new style, over the
  /// time it had left, as an interruption does (so the new style's instant changes are
  /// short ramps). Settled views take the new style's looks at once.
  public mutating func setStyle(_ new: TickStyle) {
    let presented = animations.map { look(Int($0.cell), atStep: Double(step)) }
    let oldLength = durationSteps
    style = new
    resolved = ResolvedStyle(new.definition)
    rowStyles = []
    rowAnimations = []
    userImpulse = Self.impulse(of: new.timing)
    durationSteps = Transition.steps(seconds: new.duration, hz: hz)
    changedEverything = true
    guard !resolved.isInstant else { return finishAll() }
    for i in animations.indices {
      let a = animations[i]
      let left = max(a.start + a.length - step, 1)
      // The time left, in the new duration's proportion (a longer duration slows it down).
      let length = max(left * durationSteps / max(oldLength, 1), 1)
      animations[i] = Animation(
        cell: a.cell, kind: a.kind, interrupted: true, fresh: false, start: step,
        length: length, from: presented[i], to: resolved.look(states[Int(a.cell)]),
        velocity: .zero)
    }
  }

  /// Gives row r the style `styles[r % styles.count]` (a gallery); an empty list gives
  /// every row the scene's style again.
  public mutating func setRowStyles(_ styles: [AnimationStyle]) {
    finishAll()
    rowStyles = styles.map(ResolvedStyle.init)
    rowAnimations = styles
    changedEverything = true
  }

  /// The style row `row` animates with.
  public func animation(ofRow row: Int) -> AnimationStyle {
    rowAnimations.isEmpty ? style.animation : rowAnimations[row % rowAnimations.count]
  }

  private func resolvedStyle(_ cell: Int) -> ResolvedStyle {
    rowStyles.isEmpty ? resolved : rowStyles[(cell / layout.columns) % rowStyles.count]
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

  /// Animations visited by `advance` since the start: the work of stepping, which follows
  /// the number of animating views, never the number of views.
  public private(set) var stepWork = 0

  /// Bytes an idle view costs: its state, its animation slot and its dirty flag.
  public static let bytesPerIdleView =
    MemoryLayout<ViewState>.stride + MemoryLayout<Int32>.stride + MemoryLayout<Bool>.stride

  /// Views whose animation finished during the last `advance`.
  public private(set) var finished: [Int32] = []

  /// Advances `n` whole steps and retires the animations that have finished.
  public mutating func advance(steps n: Int) {
    finished.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    step += Int64(n)
    stepWork += animations.count
    var i = 0
    while i < animations.count {
      let a = animations[i]
      if step >= a.start + a.length {
        stopAnimation(Int(a.cell))  // swaps the last animation into slot i
        finished.append(a.cell)
        markDirty(Int(a.cell))
      } else {
        i += 1
      }
    }
  }

  /// Returns and forgets the pending value-change events.
  ///
  /// The pending list is handed over whole and a new one starts: keeping its capacity
  /// would copy it, since the caller holds the old storage. With nothing pending, nothing
  /// is allocated (most frames).
  public mutating func drainEvents() -> [ValueChange] {
    guard !events.isEmpty else { return [] }
    defer { events = [] }
    return events
  }

  // MARK: - Private

  /// Starts the animation from the presented look to `new`'s look, or settles at once.
  mutating func transition(
    _ cell: Int, to new: ViewState, kind forced: Transition.Kind? = nil, startShift: Int64 = 0
  ) {
    let resolved = resolvedStyle(cell)
    let from = look(cell, atStep: Double(step))
    let running = slot[cell] >= 0 ? animations[Int(slot[cell])] : nil
    // The presented motion over the last step, for springs to carry on.
    let perStep = running == nil ? .zero : from.values - look(cell, atStep: Double(step - 1)).values
    assign(cell, new)
    var kind = Transition.Kind.enter
    var length = durationSteps
    if let forced {
      kind = forced
    } else if new == .off {
      switch style.deselect {
      case .instant: length = 0
      case .animate: kind = .exit
      case .reverse:
        kind = .reverse
        if let r = running, r.kind == .enter {
          // Play back only as far as the on animation got.
          length = max(1, min(step - r.start, r.length) * durationSteps / max(r.length, 1))
        }
      }
    }
    guard length > 0, !resolved.isInstant else {
      stopAnimation(cell)
      return
    }
    let to = resolved.look(new)
    // A fresh transition between the two settled looks a frame cache holds.
    let fresh =
      running == nil && length == durationSteps && rowStyles.isEmpty
      && (kind == .enter
        ? from == resolved.look(.off) && to == resolved.look(.on)
        : from == resolved.look(.on) && to == resolved.look(.off))
    let a = Animation(
      cell: Int32(cell), kind: kind, interrupted: running != nil, fresh: fresh,
      start: step - startShift,
      length: length, from: from, to: to, velocity: perStep * Float(length))
    if let s = running.map({ _ in Int(slot[cell]) }) {
      animations[s] = a
    } else {
      slot[cell] = Int32(animations.count)
      animations.append(a)
    }
  }

  /// Moves the grid in the window (pan, zoom, resize): everything is redrawn. However far
  /// it is asked to go, part of the grid stays in the window (`GridLayout.keptInWindow`).
  public mutating func setLayout(_ new: GridLayout) {
    precondition(new.count == layout.count, "a new layout must keep the views")
    let l = new.keptInWindow()
    guard l != layout else { return }
    if l.cell != layout.cell || l.gap != layout.gap || l.scale != layout.scale {
      sizeChangedAtStep = step
    }
    layout = l
    changedEverything = true
  }

  /// The step at which the cell size (gap, scale) last changed: how long a zoom has rested,
  /// in scene time, so that every renderer — live or headless — decides alike when a frame
  /// cache for the new size is worth building.
  public private(set) var sizeChangedAtStep: Int64?

  /// For a cell with a fresh running animation, `.some` of its kind and start step;
  /// `.some(nil)` when its animation is not fresh, and `.none` when it is settled.
  func freshAnimation(of cell: Int) -> (kind: Transition.Kind, start: Int64)?? {
    let s = Int(slot[cell])
    guard s >= 0 else { return .none }
    return animations.withUnsafeBufferPointer { a in
      a[s].fresh ? .some((a[s].kind, a[s].start)) : .some(nil)
    }
  }

  /// Writes a state, keeping `selectedCount` true.
  mutating func assign(_ cell: Int, _ s: ViewState) {
    if states[cell] == .on { selectedCount -= 1 }
    if s == .on { selectedCount += 1 }
    states[cell] = s
  }

  /// Sets a state with no animation and no event (set-up only).
  mutating func forceState(_ cell: Int, _ s: ViewState) {
    assign(cell, s)
    markDirty(cell)
  }

  mutating func stopAnimation(_ cell: Int) {
    let s = Int(slot[cell])
    guard s >= 0 else { return }
    let last = animations.removeLast()
    if Int(last.cell) != cell {
      animations[s] = last
      slot[Int(last.cell)] = Int32(s)
    }
    slot[cell] = -1
  }

  private mutating func finishAll() {
    while let a = animations.last {
      stopAnimation(Int(a.cell))
      markDirty(Int(a.cell))
    }
  }

  mutating func markDirty(_ cell: Int) {
    guard !isDirty[cell] else { return }
    isDirty[cell] = true
    dirty.append(Int32(cell))
  }

  /// Hands what changed since the last call to `changes` (replacing its contents, reusing
  /// its storage) and starts counting afresh. The loop calls it once a frame.
  public mutating func takeChanges(into changes: inout SceneChanges) {
    changes.cells.removeAll(keepingCapacity: true)
    swap(&changes.cells, &dirty)
    for c in changes.cells { isDirty[Int(c)] = false }
    changes.everything = changedEverything
    changedEverything = false
  }

  /// What changed since the last call (see `takeChanges(into:)`).
  public mutating func takeChanges() -> SceneChanges {
    var c = SceneChanges()
    takeChanges(into: &c)
    return c
  }
}
