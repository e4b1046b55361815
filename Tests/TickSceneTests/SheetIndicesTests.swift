import Testing
import TickAnimation

@testable import TickScene

/// `Scene.sheetIndices`, the row query of a renderer that shows every view as a sprite.
@Suite struct SheetIndicesTests {
  /// What the query must give `cell`, from the scene's own answers.
  func expected(_ s: Scene, _ cell: Int, present: Double, sheet: SpriteSheet) -> Int {
    let radio = s.group(of: cell) != nil
    let settled = sheet.settled(s.state(cell), mark: radio ? .radio : .tick)
    guard s.isAnimating(cell) else { return settled }
    let r = s.views.records[cell].animation
    let index: Int
    if r.isCached && !radio {
      index = sheet.frame(r.kind, Int((present - Double(s.startStep(of: r))).rounded()))
    } else {
      let u = min(max((present - Double(s.startStep(of: r))) / Double(r.length), 0), 1)
      index = sheet.frame(r.kind, Int((u * Double(sheet.framesPerKind - 1)).rounded()))
    }
    return index < sheet.available ? index : settled
  }

  @Test(arguments: [nil, 4, 70] as [Int?])
  func everyViewGetsTheSpriteOfItsKindAndProgress(available: Int?) {
    let s = Scene.mixed()
    let sheet = SpriteSheet(key: s.spriteKey, available: available)
    let present = Double(s.step) + 0.25
    var out = [Int32](repeating: -1, count: s.layout.columns + 1)
    var kinds = Set<String>()
    for row in 0..<s.layout.rows {
      out.withUnsafeMutableBufferPointer { o in
        s.sheetIndices(
          row: row, columns: 0..<s.layout.columns, atStep: present, sheet: sheet, into: o)
      }
      for col in 0..<s.layout.columns {
        let cell = row * s.layout.columns + col
        #expect(Int(out[col]) == expected(s, cell, present: present, sheet: sheet), "view \(cell)")
        // Wherever the frame builder would copy a sprite, it is the same one.
        if let sprite = s.sprite(cell, atStep: present, in: sheet) {
          #expect(Int(out[col]) == sprite, "view \(cell)")
        }
        let r = s.views.records[cell].animation
        kinds.insert(
          !r.isRunning
            ? "settled" : r.isCached ? "cached" : r.isInterrupted ? "interrupted" : "other")
      }
      #expect(out[s.layout.columns] == -1, "nothing past the row's views")
    }
    #expect(kinds == ["settled", "cached", "interrupted", "other"])
    #expect(s.pointer.hovered == 6 && s.sprite(6, atStep: present, in: sheet) == nil)
  }

  @Test func aPartOfARowFillsFromTheStartOfTheBuffer() {
    let s = Scene.mixed()
    let sheet = SpriteSheet(key: s.spriteKey)
    var whole = [Int32](repeating: -1, count: 12)
    var part = [Int32](repeating: -1, count: 4)
    whole.withUnsafeMutableBufferPointer {
      s.sheetIndices(row: 3, columns: 0..<12, atStep: Double(s.step), sheet: sheet, into: $0)
    }
    part.withUnsafeMutableBufferPointer {
      s.sheetIndices(row: 3, columns: 5..<9, atStep: Double(s.step), sheet: sheet, into: $0)
    }
    #expect(part == Array(whole[5..<9]))
  }

  /// The present anywhere in a step, or far from it, gives each view the frame the
  /// floating-point formula rounds to: halves up, before the start the first frame, past
  /// the end the last.
  @Test(arguments: [-1e12, -37.5, -0.5, 0, 0.25, 0.4999, 0.5, 0.75, 1.5, 1e12])
  func everyPresentRoundsAsTheFormula(offset: Double) {
    let s = Scene.mixed()
    let sheet = SpriteSheet(key: s.spriteKey)
    let present = Double(s.step) + offset
    var out = [Int32](repeating: -1, count: s.layout.columns)
    for row in 0..<s.layout.rows {
      out.withUnsafeMutableBufferPointer { o in
        s.sheetIndices(
          row: row, columns: 0..<s.layout.columns, atStep: present, sheet: sheet, into: o)
      }
      for col in 0..<s.layout.columns {
        let cell = row * s.layout.columns + col
        #expect(
          Int(out[col]) == expected(s, cell, present: present, sheet: sheet),
          "view \(cell) at \(offset)")
      }
    }
  }

  /// The texels of a row are the table's entries at the row's indices, an index outside
  /// the table reading its first entry.
  @Test func texelsAreTheTableAtTheIndices() {
    let s = Scene.mixed()
    let sheet = SpriteSheet(key: s.spriteKey)
    let present = Double(s.step) + 0.5
    // Fewer entries than the sheet's sprites, so that some views' sprites are outside.
    let table = (0..<30).map { SIMD4<Float>(Float($0), 1, 2, 3) }
    var indices = [Int32](repeating: -1, count: s.layout.columns)
    var texels = [SIMD4<Float>](repeating: .zero, count: s.layout.columns)
    var outside = 0
    for row in 0..<s.layout.rows {
      indices.withUnsafeMutableBufferPointer { o in
        s.sheetIndices(
          row: row, columns: 0..<s.layout.columns, atStep: present, sheet: sheet, into: o)
      }
      texels.withUnsafeMutableBufferPointer { o in
        table.withUnsafeBufferPointer { t in
          s.sheetTexels(
            row: row, columns: 0..<s.layout.columns, atStep: present, sheet: sheet,
            table: t.baseAddress!, count: t.count, into: o.baseAddress!)
        }
      }
      for col in 0..<s.layout.columns {
        let i = Int(indices[col])
        if i >= table.count { outside += 1 }
        #expect(texels[col] == table[i < table.count ? i : 0], "view \(row), \(col)")
      }
    }
    #expect(outside > 0)
  }
}
