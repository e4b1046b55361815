/// The changes a command under way made to views in radio groups, held until it ends so
/// that each view changes once (see `Scene.command(_:)`).
struct PendingChanges: Sendable {
  /// One view's change: its value before the command, and what made the last change.
  struct Change: Sendable {
    var cell: Int
    var old: ViewState
    var cause: ValueChange.Cause
    /// Whether its group turned it off because another of its views was selected: it then
    /// plays the style's off animation, whatever `--deselect` says.
    var deselectedByGroup: Bool
  }

  var changes: [Change] = []
  /// Each changed view's index in `changes`.
  var index: [Int: Int] = [:]
  /// How many `command` calls are under way (they nest).
  var depth = 0
}

extension Scene {
  /// Adds a radio group. Cells outside the grid are ignored; if several of its views are
  /// on, the first stays on and the rest clear at once; with `keepOne` and none on, the
  /// first view is selected. None of this fires events: it is set-up, not a change.
  public mutating func addGroup(_ g: RadioGroup) {
    var g = g
    g.columns = max(0, min(g.columns, layout.columns - g.column))
    g.rows = max(0, min(g.rows, layout.rows - g.row))
    guard g.columns > 0, g.rows > 0 else { return }
    g.selected = nil
    for r in g.row..<(g.row + g.rows) {
      for c in g.column..<(g.column + g.columns) {
        let cell = r * layout.columns + c
        guard state(cell) == .on else { continue }
        if g.selected == nil {
          g.selected = Int32(cell)
        } else {
          views.stopAnimation(cell)
          forceState(cell, .off)
        }
      }
    }
    if g.keepOne && g.selected == nil {
      let first = g.row * layout.columns + g.column
      views.stopAnimation(first)
      forceState(first, .on)
      g.selected = Int32(first)
    }
    groups.append(g)
    outbox.changedEverything = true
  }

  /// The index in `groups` of the group holding `cell`, if any. O(groups).
  public func group(of cell: Int) -> Int? {
    guard !groups.isEmpty else { return nil }
    let (c, r) = layout.position(of: cell)
    return groups.firstIndex { $0.contains(column: c, row: r) }
  }

  /// Carries out `body` as one command (A, C, K, the start of a paint drag): the views in
  /// radio groups take their final values when it ends, applied in order as the group
  /// rules say, so that each view changes at most once — one animation from the look it
  /// presents, one event with its values before and after — and a view that ends where it
  /// began neither animates nor fires. Views outside groups change as they are set.
  public mutating func command(_ body: (inout Scene) -> Void) {
    pending.depth += 1
    body(&self)
    pending.depth -= 1
    if pending.depth == 0 { settlePending() }
  }

  /// Sets `cell`, a view of group `g`, to `new` under the group's rules: selecting it
  /// deselects the view selected before; in a group that keeps one selected, the selected
  /// view stays on (a click, C, X or a paint drag leave it) until another is selected.
  mutating func setMember(_ cell: Int, of g: Int, to new: ViewState, cause: ValueChange.Cause) {
    if state(cell) == .on, groups[g].keepOne { return }
    command { s in
      s.note(cell, cause: cause, deselectedByGroup: false)
      s.views.assign(cell, new)
      let previous = s.groups[g].selected.map(Int.init)
      if new == .on {
        s.groups[g].selected = Int32(cell)
        guard let previous, previous != cell, s.state(previous) == .on else { return }
        s.note(previous, cause: cause, deselectedByGroup: true)
        s.views.assign(previous, .off)
      } else if previous == cell {
        s.groups[g].selected = nil
      }
    }
  }

  /// Notes that `cell` is about to change in the command under way.
  private mutating func note(_ cell: Int, cause: ValueChange.Cause, deselectedByGroup: Bool) {
    if let i = pending.index[cell] {
      pending.changes[i].cause = cause
      pending.changes[i].deselectedByGroup = deselectedByGroup
      return
    }
    pending.index[cell] = pending.changes.count
    pending.changes.append(
      PendingChanges.Change(
        cell: cell, old: state(cell), cause: cause, deselectedByGroup: deselectedByGroup))
  }

  /// Animates and reports each noted view whose value the command changed.
  private mutating func settlePending() {
    let changes = pending.changes
    pending.changes.removeAll(keepingCapacity: true)
    pending.index.removeAll(keepingCapacity: true)
    for p in changes {
      let new = state(p.cell)
      guard new != p.old else { continue }
      views.assign(p.cell, p.old)  // so the transition starts from the look the view presents
      let exit = p.deselectedByGroup && new == .off && !style.definition.isInstant
      transition(p.cell, to: new, kind: exit ? .exit : nil)
      markDirty(p.cell)
      let (c, r) = layout.position(of: p.cell)
      outbox.note(
        ValueChange(
          cell: p.cell, column: c, row: r, old: p.old, new: new, cause: p.cause, step: step))
    }
  }
}
