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
    let available = sheet.available
    // Groups turn a settled view's sprite into the radio dot; most scenes have none.
    let grouped = !groups.isEmpty && groups.contains { $0.row <= row && row < $0.row + $0.rows }
    records.withUnsafeBufferPointer { rec in
      for k in 0..<columns.count {
        let cell = first + k
        let radio = grouped && group(of: cell) != nil
        let settled = sheet.settled(rec[cell].state, mark: radio ? .radio : .tick)
        let r = rec[cell].animation
        guard r.isRunning, frames > 0 else {
          out[k] = Int32(settled)
          continue
        }
        let elapsed = present - Double(startStep(of: r))
        let frame: Int
        if r.isCached && !radio {
          frame = Int(elapsed.rounded())
        } else {
          let u = min(max(elapsed / Double(r.length), 0), 1)
          frame = Int((u * lastFrame).rounded())
        }
        let index = sheet.frame(r.kind, frame)
        out[k] = Int32(index < available ? index : settled)
      }
    }
  }
}
