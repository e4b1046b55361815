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
  /// - Precondition: `present` is not NaN.
  public func sheetIndices(
    row: Int, columns: Range<Int>, atStep present: Double, sheet: SpriteSheet,
    into out: UnsafeMutableBufferPointer<Int32>
  ) {
    precondition(out.count >= columns.count, "room for \(columns.count) indices")
    forEachSheetIndex(row: row, columns: columns, atStep: present, sheet: sheet) { k, index in
      out[k] = index
    }
  }

  /// As `sheetIndices`, but writes each view's texel, `table[index]`, into `out`, one a
  /// view (an index outside `0..<count` reads `table[0]`): the overview's texels at the mean
  /// level, with no indices stored between.
  public func sheetTexels(
    row: Int, columns: Range<Int>, atStep present: Double, sheet: SpriteSheet,
    table: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    let limit = UInt(count)
    forEachSheetIndex(row: row, columns: columns, atStep: present, sheet: sheet) { k, index in
      let s = Int(index)
      out[k] = table[UInt(bitPattern: s) < limit ? s : 0]
    }
  }

  /// Calls `body` with each view of `row` in `columns`, as its offset from the first, and
  /// its sprite: the loop of `sheetIndices`.
  @inline(__always)
  private func forEachSheetIndex(
    row: Int, columns: Range<Int>, atStep present: Double, sheet: SpriteSheet,
    _ body: (Int, Int32) -> Void
  ) {
    precondition(row >= 0 && row < layout.rows, "row \(row) is outside the grid")
    precondition(
      columns.lowerBound >= 0 && columns.upperBound <= layout.columns,
      "columns \(columns) are outside the grid")
    precondition(!present.isNaN, "a present step")
    let first = row * layout.columns + columns.lowerBound
    // Groups turn a settled view's sprite into the radio dot; most scenes have none.
    let grouped = !groups.isEmpty && groups.contains { $0.row <= row && row < $0.row + $0.rows }
    let lookup = SheetIndexLookup(sheet: sheet, step: step, present: present)
    lookup.withTables { tables in
      views.records.withUnsafeBufferPointer { rec in
        guard grouped else {
          // No radio view in the row: the loop a million views a frame run.
          let views = rec.baseAddress! + first
          for k in 0..<columns.count {
            body(k, lookup.index(views[k], radio: false, tables: tables))
          }
          return
        }
        for k in 0..<columns.count {
          let cell = first &+ k
          let radio = group(of: cell) != nil
          body(k, lookup.index(rec[cell], radio: radio, tables: tables))
        }
      }
    }
  }
}

/// What `Scene.sheetIndices` needs to choose a view's sprite, worked out once a call: the
/// settled sprites, each transition kind's first frame, and the present as whole steps
/// from the scene's step.
///
/// A fresh transition's frame is its elapsed steps rounded (it has a frame a step), which
/// is computed in integers: `present - start` is the whole steps from the start to the
/// scene's step (32-bit wrapping differences, `Scene.startStep(of:)`) plus `present`'s
/// offset from the step, rounded once here. Rounding halves up, as adding a half and
/// truncating does, so the frame is exactly the one the floating-point formula gives;
/// a million views a frame then cost no conversion, division or call.
struct SheetIndexLookup {
  /// Frames per transition kind, and the last frame's number.
  let frames: Int
  let lastFrame: Int64
  let available: Int32
  /// The scene's step, its low 32 bits, and the present.
  let step: Int64
  let step32: Int32
  let present: Double
  /// `present - step`, rounded half up, so that a fresh transition's frame is
  /// `presentFromStep + (step32 &- start)`, clamped to the kind's frames.
  let presentFromStep: Int64
  /// The table values: the settled sprites by state for a tick and for a radio dot, then
  /// each kind's first frame (by raw value; the unused fourth slot as `kind` reads it).
  private let settledTick: SIMD4<Int32>
  private let settledRadio: SIMD4<Int32>
  private let firstFrame: SIMD4<Int32>

  /// The farthest `present` is taken from the step, in steps: beyond any transition's
  /// length (`Scene.longestTransition`, 2²⁹) plus its start shift (2³⁰), so every frame
  /// there is the first or the last, as it is further out; and far inside `Int64`.
  static let farthestOffset = Double(1 << 40)

  init(sheet: SpriteSheet, step: Int64, present: Double) {
    frames = sheet.framesPerKind
    lastFrame = Int64(max(frames - 1, 0))
    available = Int32(clamping: sheet.available)
    self.step = step
    step32 = Int32(truncatingIfNeeded: step)
    self.present = present
    let offset = min(max(present - Double(step), -Self.farthestOffset), Self.farthestOffset)
    let whole = offset.rounded(.down)
    presentFromStep = Int64(whole) + (offset - whole >= 0.5 ? 1 : 0)
    settledTick = Self.settled(sheet, mark: .tick)
    settledRadio = Self.settled(sheet, mark: .radio)
    var first = SIMD4<Int32>.zero
    for raw in 0..<UInt8(4) where frames > 0 {
      let kind = Transition.Kind(rawValue: raw) ?? .enter
      first[Int(raw)] = Int32(sheet.frame(kind, 0))
    }
    firstFrame = first
  }

  /// The tables as one pointer for the loop (a vector indexed by a variable is spilled
  /// to the stack at every read): settled ticks at 0, radio dots at 4, first frames at 8.
  func withTables<R>(_ body: (UnsafePointer<Int32>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 12) { t in
      for i in 0..<4 {
        t[i] = settledTick[i]
        t[4 + i] = settledRadio[i]
        t[8 + i] = firstFrame[i]
      }
      return body(UnsafePointer(t.baseAddress!))
    }
  }

  /// The sprite of a view whose record is `v` (`radio`: in a radio group).
  @inline(__always)
  func index(_ v: ViewRecord, radio: Bool, tables t: UnsafePointer<Int32>) -> Int32 {
    let settled = t[(radio ? 4 : 0) &+ Int(v.state.rawValue)]
    let r = v.animation
    guard r.isRunning, frames > 0 else { return settled }
    let frame =
      r.isCached && !radio
      ? min(max(presentFromStep &+ Int64(step32 &- r.start), 0), lastFrame)
      : frameAtProgress(r)
    let index = t[8 &+ r.kindBits] &+ Int32(truncatingIfNeeded: frame)
    return index < available ? index : settled
  }

  /// The nearest frame to a running animation's progress, among frames 0…`lastFrame`:
  /// for the animations with no frame a step. Never inlined: a division for every view,
  /// even where its result is not taken, would cost as much as the rest of the loop.
  @inline(never)
  func frameAtProgress(_ r: AnimationRecord) -> Int64 {
    let start = step - Int64(step32 &- r.start)
    let at = (present - Double(start)) / Double(r.length) * Double(lastFrame)
    // A half added to the clamped value and truncated: the nearest, halves up.
    return Int64(min(max(at, 0), Double(lastFrame)) + 0.5)
  }

  /// The sheet's settled sprites for off, on and mixed (by `ViewState.rawValue`) and `mark`.
  private static func settled(_ sheet: SpriteSheet, mark: FrameBuilder.Mark) -> SIMD4<Int32> {
    var sprites = SIMD4<Int32>.zero
    for raw in 0..<UInt8(3) {
      if let s = ViewState(rawValue: raw) {
        sprites[Int(raw)] = Int32(sheet.settled(s, mark: mark))
      }
    }
    return sprites
  }
}
