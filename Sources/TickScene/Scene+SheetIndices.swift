import TickAnimation

extension Scene {
  /// Writes into `out`, for each view of row `row` in `columns` (in order), the index of the
  /// sprite `sheet` holds for it at fractional step `present`: for a renderer that shows
  /// every view at once, too small for a view's own geometry to matter.
  ///
  /// As `sprite(_:atStep:in:)`, except that every view gets a sprite: pointer hover, press
  /// and focus are ignored; an animation with no cached frames (an interruption, a mixed
  /// transition, a radio view, a gallery row) shows the frame of its kind at the same
  /// progress; a frame the sheet has not drawn yet (`available`) falls back to the view's
  /// settled sprite.
  ///
  /// It reads the row's records (states and animations) in sequence and allocates nothing:
  /// it is called for up to a million views a frame. `out` must hold `columns.count`
  /// indices.
  public func sheetIndices(
    row: Int, columns: Range<Int>, atStep present: Double, sheet: SpriteSheet,
    into out: UnsafeMutableBufferPointer<Int32>
  ) {
    precondition(row >= 0 && row < layout.rows, "row \(row) is outside the grid")
    precondition(
      columns.lowerBound >= 0 && columns.upperBound <= layout.columns,
      "columns \(columns) are outside the grid")
    precondition(out.count >= columns.count, "room for \(columns.count) indices")
    let first = row * layout.columns + columns.lowerBound
    let frames = sheet.framesPerKind
    let lastFrame = Double(max(frames - 1, 0))
    let available = Int32(clamping: sheet.available)
    // Groups turn a settled view's sprite into the radio dot; most scenes have none.
    let grouped = !groups.isEmpty && groups.contains { $0.row <= row && row < $0.row + $0.rows }
    // The settled sprites by state, looked up rather than switched on: views of random
    // states would mispredict a branch for every other view.
    let tick = Self.settledSprites(sheet, mark: .tick)
    let radioDot = Self.settledSprites(sheet, mark: .radio)
    // Each kind's frames are consecutive in the sheet, from its first (by raw value: no
    // array of the kinds is made).
    var firstFrame = SIMD4<Int32>.zero
    for raw in 0..<UInt8(3) where frames > 0 {
      if let kind = Transition.Kind(rawValue: raw) {
        firstFrame[Int(raw)] = Int32(sheet.frame(kind, 0))
      }
    }
    records.withUnsafeBufferPointer { rec in
      for k in 0..<columns.count {
        let cell = first + k
        let radio = grouped && group(of: cell) != nil
        let state = Int(rec[cell].state.rawValue)
        let settled = radio ? radioDot[state] : tick[state]
        let r = rec[cell].animation
        guard r.isRunning, frames > 0 else {
          out[k] = settled
          continue
        }
        let elapsed = present - Double(startStep(of: r))
        let at =
          r.isCached && !radio
          ? elapsed : Self.frameAtProgress(elapsed, length: r.length, lastFrame: lastFrame)
        // The nearest frame, within the kind's: a half added to the clamped value and
        // truncated, since a call to `round` for every view would cost more than the rest
        // of the loop.
        let index = firstFrame[Int(r.kind.rawValue)] &+ Int32(min(max(at, 0), lastFrame) + 0.5)
        out[k] = index < available ? index : settled
      }
    }
  }

  /// The frame at the progress of an animation that has run `elapsed` steps of `length`,
  /// among frames 0…`lastFrame`. Never inlined: a division for every view, even where its
  /// result is not taken, would cost as much as the rest of the loop.
  @inline(never)
  private static func frameAtProgress(_ elapsed: Double, length: Int32, lastFrame: Double)
    -> Double
  {
    elapsed / Double(length) * lastFrame
  }

  /// The sheet's settled sprites for off, on and mixed (by `ViewState.rawValue`) and `mark`.
  private static func settledSprites(_ sheet: SpriteSheet, mark: FrameBuilder.Mark)
    -> SIMD4<Int32>
  {
    var sprites = SIMD4<Int32>.zero
    for raw in 0..<UInt8(3) {
      if let s = ViewState(rawValue: raw) {
        sprites[Int(raw)] = Int32(sheet.settled(s, mark: mark))
      }
    }
    return sprites
  }
}
