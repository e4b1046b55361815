import TickAnimation

/// One view: its state, whether it is in the scene's dirty list, and its animation. 11
/// bytes (the animation's 9, then the state and the flag in what would be its padding),
/// 12 with alignment, kept inline in grid order (`Scene.records`): the frame builder and
/// the overview renderer read them as they walk the grid, with no slot to chase, and a
/// change of state touches one cache line.
struct ViewRecord: Sendable {
  var animation = AnimationRecord.settled
  var state = ViewState.off
  var isDirty = false
}

/// One view's animation.
///
/// A settled view's record has length 0. A running animation needs no more than this to be
/// stepped and, when it is fresh (it did not interrupt another), to be drawn: its looks are
/// the settled looks of the state it left (`from`) and of the view's state now, in the
/// view's own resolved style, and its velocity is zero. An interrupted animation, and
/// every animation `Scene.setStyle` restarts, also has an `Interruption` in the scene's side
/// table.
struct AnimationRecord: Sendable {
  /// The step it started on, as the low 32 bits of the scene's `Int64` step: the full step
  /// is recovered with wrapping arithmetic (`Scene.startStep(of:)`), which is exact while
  /// the animation has run for less than 2³¹ steps — always, since an animation is at most
  /// `Scene.longestTransition` long and starts at most `Scene.longestStartShift` early.
  var start: Int32
  /// Its length in steps; 0 when the view is settled.
  var length: Int32
  /// The kind (bits 0–1), the state it left (bits 2–3), whether it has an `Interruption`
  /// (bit 4) and whether a frame cache holds its frames (bit 5).
  private var bits: UInt8

  /// A settled view's record.
  static let settled = AnimationRecord(start: 0, length: 0, bits: 0)

  private static let kindMask: UInt8 = 0b11
  private static let fromShift: UInt8 = 2
  private static let interruptedBit: UInt8 = 1 << 4
  private static let cachedBit: UInt8 = 1 << 5

  private init(start: Int32, length: Int32, bits: UInt8) {
    self.start = start
    self.length = length
    self.bits = bits
  }

  init(
    start: Int64, length: Int64, kind: Transition.Kind, from: ViewState, interrupted: Bool,
    cached: Bool
  ) {
    self.start = Int32(truncatingIfNeeded: start)
    self.length = Int32(length)
    bits =
      kind.rawValue | from.rawValue << Self.fromShift
      | (interrupted ? Self.interruptedBit : 0) | (cached ? Self.cachedBit : 0)
  }

  /// Whether the view is animating.
  @inline(__always) var isRunning: Bool { length > 0 }

  /// Which of the style's timings it follows.
  @inline(__always) var kind: Transition.Kind {
    Transition.Kind(rawValue: bits & Self.kindMask) ?? .enter
  }

  /// The kind's two bits, 0–3, for a table indexed by kind with no conversion (3 is never
  /// written; `kind` reads it as `.enter`).
  @inline(__always) var kindBits: Int { Int(bits & Self.kindMask) }

  /// The state the view left: a fresh animation starts from its settled look.
  @inline(__always) var from: ViewState {
    ViewState(rawValue: (bits >> Self.fromShift) & Self.kindMask) ?? .off
  }

  /// Whether it interrupted another animation (or was restarted by `setStyle`): its looks
  /// and velocity are in the side table, and its instant changes become short ramps.
  @inline(__always) var isInterrupted: Bool { bits & Self.interruptedBit != 0 }

  /// Whether it runs from one settled look to another over the full length, outside a
  /// gallery: every view doing it looks the same at the same step, so a frame cache holds
  /// it (`SpriteSheet`).
  @inline(__always) var isCached: Bool { bits & Self.cachedBit != 0 }
}

/// What an interrupted animation keeps besides its record: the look it started from (the
/// one the view presented when it was interrupted), the look it goes to, and each
/// property's velocity then, in units per whole transition, so a spring carries the
/// interrupted motion on smoothly. 192 bytes, for the few views that need it.
struct Interruption: Sendable {
  var from: Look
  var to: Look
  var velocity: SIMD16<Float>
}
