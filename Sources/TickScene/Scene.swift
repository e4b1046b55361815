import TickAnimation
import TickGeometry

/// Every tick view of the grid, its toggle state and its animation, as a struct of arrays.
///
/// The scene never reads a clock: it is advanced by whole fixed steps, and input is applied
/// at the current step, so the same inputs at the same steps give the same frames.
/// Stepping costs O(animating views), not O(views): animating cells are kept in an active
/// list with O(1) insertion and removal.
public struct Scene: Sendable {
  public let layout: GridLayout
  public let style: TickStyle
  /// Fixed steps per second.
  public let hz: Int
  /// The strokeEnd animation's length in steps.
  public let durationSteps: Int64
  /// Whole steps taken.
  public private(set) var step: Int64 = 0
  /// Value changes not yet taken by `drainEvents()`.
  public private(set) var events: [ValueChange] = []
  /// Whether every cell must be redrawn (set at the start, cleared by the frame builder).
  public internal(set) var needsFullRedraw = true

  // MARK: - Storage (struct of arrays, one entry per cell)

  private(set) var selected: [Bool]
  /// The step the cell's tick animation started at; meaningful only while animating.
  private(set) var animationStart: [Int64]
  /// The cell's slot in `active`, or -1 when it is not animating.
  private var activeSlot: [Int32]
  /// Cells with a running animation.
  public private(set) var active: [Int32] = []
  /// Cells whose look changed since the last frame (besides the animating ones).
  public internal(set) var dirty: [Int32] = []
  private var isDirty: [Bool]

  public init(layout: GridLayout, style: TickStyle = TickStyle(), hz: Int = 120) {
    precondition(hz > 0)
    self.layout = layout
    self.style = style
    self.hz = hz
    durationSteps = Transition.steps(seconds: style.duration, hz: hz)
    let n = layout.count
    selected = Array(repeating: false, count: n)
    animationStart = Array(repeating: 0, count: n)
    activeSlot = Array(repeating: -1, count: n)
    isDirty = Array(repeating: false, count: n)
  }

  /// The number of views.
  @inlinable public var count: Int { layout.count }

  /// Whether view `cell` is selected.
  public func isSelected(_ cell: Int) -> Bool { selected[cell] }

  /// Whether view `cell` has a running animation.
  public func isAnimating(_ cell: Int) -> Bool { activeSlot[cell] >= 0 }

  /// The tick's strokeEnd for `cell` at fractional step `present` (in [0, 1]).
  public func strokeEnd(_ cell: Int, atStep present: Double) -> Double {
    guard selected[cell] else { return 0 }
    guard activeSlot[cell] >= 0 else { return 1 }
    let t = Transition(startStep: animationStart[cell], durationSteps: durationSteps)
    return min(max(t.value(atStep: present), 0), 1)
  }

  // MARK: - Changing state

  /// Applies the initial selection at step 0; with `animate`, selected views start their
  /// animation at time 0. Fires no events: nothing changed from a user's point of view.
  public mutating func applyInitialSelection(
    _ selection: Selection, animate: Bool, seed: UInt64 = 0
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
      guard on else { continue }
      selected[i] = true
      if animate { startAnimation(i) }
    }
    needsFullRedraw = true
  }

  /// Toggles `cell`: an unselected view selects and animates its tick from 0; a selected
  /// one (animating or not) clears at once, as the seed's does.
  public mutating func toggle(_ cell: Int, cause: ValueChange.Cause) {
    setSelected(cell, !selected[cell], cause: cause)
  }

  /// Sets `cell`'s value. Setting the value it already has does nothing and fires nothing.
  public mutating func setSelected(_ cell: Int, _ value: Bool, cause: ValueChange.Cause) {
    guard cell >= 0, cell < count, selected[cell] != value else { return }
    selected[cell] = value
    if value {
      startAnimation(cell)
    } else {
      stopAnimation(cell)
    }
    markDirty(cell)
    let (c, r) = layout.position(of: cell)
    events.append(
      ValueChange(cell: cell, column: c, row: r, old: !value, new: value, cause: cause, step: step))
  }

  /// Applies one input event at the current step. Returns false for `.quit`.
  @discardableResult
  public mutating func handle(_ event: InputEvent, cause: ValueChange.Cause = .click) -> Bool {
    switch event {
    case .press(let x, let y, .left):
      if let cell = layout.cellIndex(atX: x, y: y) { toggle(cell, cause: cause) }
    case .quit:
      return false
    default:
      break
    }
    return true
  }

  /// Advances `n` whole steps and retires the animations that have finished.
  public mutating func advance(steps n: Int) {
    guard n > 0 else { return }
    step += Int64(n)
    var i = 0
    while i < active.count {
      let cell = Int(active[i])
      if step >= animationStart[cell] + durationSteps {
        stopAnimation(cell)  // swaps the last active cell into slot i
        markDirty(cell)
      } else {
        i += 1
      }
    }
  }

  /// Returns and forgets the pending value-change events.
  public mutating func drainEvents() -> [ValueChange] {
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  // MARK: - Private

  private mutating func startAnimation(_ cell: Int) {
    guard durationSteps > 0 else { return }
    animationStart[cell] = step
    if activeSlot[cell] < 0 {
      activeSlot[cell] = Int32(active.count)
      active.append(Int32(cell))
    }
  }

  private mutating func stopAnimation(_ cell: Int) {
    let slot = Int(activeSlot[cell])
    guard slot >= 0 else { return }
    let last = active.removeLast()
    if Int(last) != cell {
      active[slot] = last
      activeSlot[Int(last)] = Int32(slot)
    }
    activeSlot[cell] = -1
  }

  private mutating func markDirty(_ cell: Int) {
    guard !isDirty[cell] else { return }
    isDirty[cell] = true
    dirty.append(Int32(cell))
  }

  /// Whether `cell` is in the dirty list.
  func isDirtyFlag(_ cell: Int) -> Bool { isDirty[cell] }

  /// Forgets the dirty list once a frame has been built from it.
  mutating func clearDirty() {
    for c in dirty { isDirty[Int(c)] = false }
    dirty.removeAll(keepingCapacity: true)
    needsFullRedraw = false
  }
}
