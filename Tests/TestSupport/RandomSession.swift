import Foundation
import TickScene

/// A seeded random session of every kind of input a user gives the playground, as launch
/// options and a replay script with a `screenshot` after every action and at random
/// moments in between, so that a frame is drawn at each of them.
///
/// Run with `TICKPLAY_CHECK_FRAMES=1`, each of those frames is compared with a fresh render
/// of the same state (`FrameCheck`): the differential test of incremental drawing.
public struct RandomSession {
  public let seed: UInt64
  /// Options for `tickplay render` (or `play`) before `--replay`.
  public private(set) var options: [String] = []
  /// The replay script's text.
  public private(set) var script = ""
  /// The scene time the session ends at.
  public private(set) var endTime = 0.0
  /// How many actions (not counting screenshots) the script holds.
  public private(set) var actions = 0

  private var rng: Generator
  private var time = 0.0
  private var width: Int
  private var height: Int
  private let shots: String
  private var shotCount = 0

  /// A session of about `length` actions; screenshots go to `folder`.
  public init(seed: UInt64, length: Int = 24, folder: URL) {
    self.seed = seed
    rng = Generator(seed: seed)
    shots = folder.path
    width = 240
    height = 180
    let cell = rng.pick([16, 24, 30, 40, 50, 64])
    let gap = rng.pick([0, 2, 6, 10])
    options = [
      "--window", "\(width)x\(height)", "--cell", "\(cell)", "--gap", "\(gap)",
      "--seed", "\(seed)", "--select", rng.pick(["none", "checker", "random:0.4", "all"]),
      "--animation",
      rng.pick(["stroke", "fill", "bounce", "flat", "one-stroke", "fade", "expand", "spiral"]),
      "--deselect", rng.pick(["instant", "reverse", "animate"]),
      "--duration", rng.pick(["0.15", "0.25", "0.4"]),
      "--timing", rng.pick(["linear", "ease-in-out", "cubic-bezier(0.3,1.6,0.6,1)"]),
      "--shape", rng.pick(["circle", "square"]),
    ]
    if rng.chance(0.3) { options.append("--animate") }
    if rng.chance(0.25) { options += ["--group", "0,0,3x2" + (rng.chance(0.5) ? ",keep" : "")] }
    if rng.chance(0.2) { options += ["--rain", "\(rng.pick([20, 60, 200]))"] }
    for _ in 0..<length { addAction() }
    time += 0.3
    endTime = (time * 100).rounded() / 100
  }

  // MARK: - Private

  private mutating func addAction() {
    time += Double(rng.next() % 12) * 0.01
    actions += 1
    let x = rng.next() % UInt64(max(width, 1))
    let y = rng.next() % UInt64(max(height, 1))
    switch rng.next() % 11 {
    case 0, 1: line("click \(x) \(y)")
    case 2:
      // A drag that paints across several views.
      line("press \(x) \(y)")
      for _ in 0..<3 {
        time += 0.02
        line("move \(rng.next() % UInt64(width)) \(rng.next() % UInt64(height))")
      }
      line("release \(rng.next() % UInt64(width)) \(rng.next() % UInt64(height))")
    case 3:
      line("wheel \(x) \(y) \(rng.pick([-3, -1, -1, 1, 1, 2, 4]))")
    case 4:
      // A pan with the right button.
      line("press \(x) \(y) right")
      time += 0.02
      line("move \(Int(x) + Int(rng.next() % 81) - 40) \(Int(y) + Int(rng.next() % 81) - 40)")
      line("release 0 0 right")
    case 5:
      (width, height) =
        rng.chance(0.3) ? (1, 1) : (80 + Int(rng.next() % 240), 60 + Int(rng.next() % 200))
      line("resize \(width) \(height)")
    case 6: line("move \(x) \(y)")
    default:
      let keys = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "t", "d", "m", "a", "k", "c", "w",
        "r", "x", "tab", "shift+tab", "left", "right", "up", "down", "space", "return",
        "shift+left", "shift+down", "[", "]", "=", "-",
      ]
      line("key \(rng.pick(keys))")
    }
    screenshot()
    if rng.chance(0.4) {
      // A frame between actions, mid-animation.
      time += Double(rng.next() % 10) * 0.01
      screenshot()
    }
  }

  private mutating func screenshot() {
    shotCount += 1
    line("screenshot \"\(shots)/s\(seed)-\(shotCount).png\"")
  }

  private mutating func line(_ text: String) {
    script += String(format: "%.2f ", time) + text + "\n"
  }

  /// The project's seeded generator, with the two draws the sessions need.
  struct Generator {
    var inner: SplitMix64
    init(seed: UInt64) { inner = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15) }
    mutating func next() -> UInt64 { inner.next() }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
  }
}
