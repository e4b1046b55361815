extension Scene {
  /// What decides a fresh animation's look at a given moment: every view with the same key
  /// looks the same then (`LookMemo` works each look out once a frame).
  public struct FreshLookKey: Hashable, Sendable {
    var start: Int32
    var length: Int32
    /// The record's kind and the state it left (`AnimationRecord.bits`, less the flags).
    var kindAndFrom: UInt8
    /// The state it goes to.
    var state: UInt8
    /// The row's style in a gallery (`rowStyles`), 0 otherwise.
    var styleRow: Int32
  }

  /// The key of `cell`'s look when it runs a fresh (not interrupted) animation; nil for a
  /// settled or interrupted view, whose look is its own.
  @inline(__always) public func freshLookKey(_ cell: Int) -> FreshLookKey? {
    let r = views.records[cell].animation
    guard r.isRunning, !r.isInterrupted else { return nil }
    return FreshLookKey(
      start: r.start, length: r.length,
      kindAndFrom: UInt8(r.kindBits) | r.from.rawValue << 2,
      state: views.records[cell].state.rawValue,
      styleRow: rowStyles.isEmpty ? 0 : Int32((cell / layout.columns) % rowStyles.count))
  }
}
