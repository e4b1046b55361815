/// The looks of fresh animations drawn in one frame, each worked out once.
///
/// A fresh animation's look depends only on its `Scene.FreshLookKey` and the moment drawn,
/// and views started on the same step share it: at 8 px a frame of 16,000 animating views
/// has about 60 different looks, and working each view's out from the style's tracks cost
/// more than copying its triangles. A small table, direct-mapped by the key's hash, holds
/// the looks of the frame being built; `forget` empties it in O(1) before each frame (a
/// new moment, or a scene whose style may have changed since).
struct LookMemo: Sendable {
  /// Slots in the table: a power of two, several times the looks of one frame's fresh
  /// animations at the default 120 Hz (a transition's steps), so collisions are rare.
  static let slots = 512

  private var keys = [Scene.FreshLookKey?](repeating: nil, count: slots)
  private var looks = [Look](repeating: Look(), count: slots)
  /// The generation each slot was written in; a slot of another one is empty.
  private var written = [UInt32](repeating: 0, count: slots)
  private var generation: UInt32 = 1

  /// Empties the table.
  mutating func forget() {
    generation &+= 1
    if generation == 0 {
      // Once in 2³² frames: stamps from the previous round could match again.
      written = [UInt32](repeating: 0, count: Self.slots)
      generation = 1
    }
  }

  /// A key's slot: a multiplicative hash of its fields (Fibonacci hashing), far cheaper
  /// than `Hasher`'s and enough for keys that differ mostly in their start step.
  @inline(__always) static func slot(of k: Scene.FreshLookKey) -> Int {
    let mixed =
      UInt32(bitPattern: k.start) &* 0x9E37_79B1 ^ UInt32(bitPattern: k.length) &* 0x85EB_CA77
      ^ (UInt32(k.kindAndFrom) << 8 | UInt32(k.state)) &* 0xC2B2_AE3D
      ^ UInt32(bitPattern: k.styleRow) &* 0x27D4_EB2F
    return Int(mixed >> 16) & (slots - 1)
  }

  /// `cell`'s look at `present`, from the table when a view with the same key was drawn
  /// since `forget`.
  mutating func look(_ cell: Int, _ scene: Scene, atStep present: Double) -> Look {
    guard let key = scene.freshLookKey(cell) else { return scene.look(cell, atStep: present) }
    let slot = Self.slot(of: key)
    if written[slot] == generation, keys[slot] == key { return looks[slot] }
    let look = scene.look(cell, atStep: present)
    (keys[slot], looks[slot], written[slot]) = (key, look, generation)
    return look
  }
}
