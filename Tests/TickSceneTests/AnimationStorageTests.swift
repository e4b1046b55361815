import Testing
import TickAnimation

@testable import TickScene

/// The scene's animation storage (inline records, the side table of interruptions, the
/// completion wheel) against what it must keep true, over many random command sequences:
/// toggles, set states (mixed too), radio groups, deselect modes, style changes mid-way,
/// steps of one and of many, and interruptions of every kind.
@Suite struct AnimationStorageTests {
  static let modes = [DeselectMode.instant, .reverse, .animate]
  static let timings: [TimingCurve] = [
    .linear, .easeInEaseOut, .spring(Spring(stiffness: 170, damping: 9)),
  ]

  func maxDifference(_ a: Look, _ b: Look) -> Float {
    Look.Property.allCases.map { abs(a[$0] - b[$0]) }.max() ?? 0
  }

  /// A random style: any built-in animation, curve, deselect mode and a duration of 12 to
  /// 300 steps.
  static func style(_ rng: inout SplitMix64) -> TickStyle {
    var t = TickStyle()
    let all = AnimationStyle.allCases
    t.animation = all[Int(rng.next() % UInt64(all.count))]
    t.timing = timings[Int(rng.next() % UInt64(timings.count))]
    t.deselect = modes[Int(rng.next() % UInt64(modes.count))]
    t.duration = [0.1, 0.25, 0.5, 1, 2.5][Int(rng.next() % 5)]
    return t
  }

  /// A 9 × 7 scene with a random style, maybe a radio group, maybe an animated, staggered
  /// initial selection.
  static func scene(_ rng: inout SplitMix64) -> Scene {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 300, windowHeight: 200, cell: 20, gap: 4, columns: 9, rows: 7),
      style: style(&rng))
    if rng.next() % 2 == 0 {
      s.addGroup(RadioGroup(column: 1, row: 1, columns: 3, rows: 2, keepOne: rng.next() % 2 == 0))
    }
    if rng.next() % 3 == 0 {
      s.applyInitialSelection(
        .random(0.5), animate: true, seed: rng.next(), stagger: Int64(rng.next() % 12))
    }
    return s
  }

  /// One random command, at the scene's current step.
  enum Command {
    case toggle(Int), set(Int, ViewState), many([Int]), deselect(DeselectMode)
    case style(TickStyle), timing(TimingCurve), advance(Int)

    static func random(_ rng: inout SplitMix64, views n: Int) -> Command {
      let cell = Int(rng.next() % UInt64(n))
      switch rng.next() % 100 {
      case 0..<30: return .toggle(cell)
      case 30..<40: return .set(cell, ViewState(rawValue: UInt8(rng.next() % 3)) ?? .off)
      case 40..<45:
        var cells: [Int] = []
        for _ in 0..<5 {
          let c = Int(rng.next() % UInt64(n))
          if !cells.contains(c) { cells.append(c) }
        }
        return .many(cells)
      case 45..<47: return .deselect(modes[Int(rng.next() % 3)])
      case 47: return .style(AnimationStorageTests.style(&rng))
      case 48: return .timing(timings[Int(rng.next() % UInt64(timings.count))])
      case 49..<80: return .advance(1)
      default: return .advance(rng.next() % 8 == 0 ? Int(rng.next() % 300) : Int(rng.next() % 40))
      }
    }

    func apply(to s: inout Scene) {
      switch self {
      case .toggle(let c): s.toggle(c, cause: .click)
      case .set(let c, let v): s.setState(c, v, cause: .key)
      case .many(let cells): s.command { s in for c in cells { s.toggle(c, cause: .stress) } }
      case .deselect(let d): s.setDeselect(d)
      case .style(let t): s.setStyle(t)
      case .timing(let t): s.setTiming(t)
      case .advance(let n): s.advance(steps: n)
      }
    }
  }

  /// The step each running animation is due to end, from its record.
  func dueSteps(_ s: Scene) -> [Int: Int64] {
    var due: [Int: Int64] = [:]
    s.forEachAnimating { c in
      due[c] =
        s.startStep(of: s.views.records[c].animation) + Int64(s.views.records[c].animation.length)
    }
    return due
  }

  @Test(arguments: 0..<40)
  func randomCommandsKeepTheStorageTrue(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var s = Self.scene(&rng)
    // When each fresh animation (started from a settled view) must end: its start step
    // plus the style's length, known without reading the scene's records.
    var freshEnd: [Int: Int64] = [:]
    for _ in 0..<300 {
      let command = Command.random(&rng, views: s.count)
      let present = Double(s.step)
      let before = (0..<s.count).map { s.look($0, atStep: present) }
      let wasAnimating = (0..<s.count).map { s.isAnimating($0) }
      let due = dueSteps(s)
      command.apply(to: &s)
      #expect(s.animatingCount == (0..<s.count).filter { s.isAnimating($0) }.count)
      if case .advance = command {
        checkAdvance(s, due: due, freshEnd: &freshEnd)
        continue
      }
      #expect(s.finished.isEmpty || s.step == Int64(present))
      for c in 0..<s.count where s.isAnimating(c) {
        if !wasAnimating[c] {
          freshEnd[c] = s.step + s.durationSteps
        } else if case .timing = command {
          freshEnd[c] = nil  // another curve: the look may move, the end does not
        } else {
          if case .style = command { freshEnd[c] = nil }
          // A running animation never jumps, whatever interrupts or restyles it.
          let after = s.look(c, atStep: present)
          #expect(maxDifference(before[c], after) < 1e-5, "seed \(seed) view \(c)")
          if due[c] != dueSteps(s)[c] { freshEnd[c] = nil }
        }
      }
    }
  }

  /// After an advance: exactly the views due by the new step finished, each once, in the
  /// order of their due steps; the rest run on.
  func checkAdvance(_ s: Scene, due: [Int: Int64], freshEnd: inout [Int: Int64]) {
    let ended = Set(due.filter { $0.value <= s.step }.keys)
    #expect(Set(s.finished.map(Int.init)) == ended)
    #expect(s.finished.count == ended.count, "each view once")
    let order = s.finished.compactMap { due[Int($0)] }
    #expect(order == order.sorted(), "by due step")
    for (c, d) in due where d > s.step { #expect(s.isAnimating(c)) }
    for c in ended {
      #expect(!s.isAnimating(c))
      if let end = freshEnd.removeValue(forKey: c) {
        #expect(end == due[c], "a fresh animation lasts the style's length")
      }
    }
  }
}
