import TickGeometry

/// A rectangle of ARGB8888 pixels as PNG's filtered scanlines: each row of RGBA bytes led by
/// the filter that predicts it best.
///
/// The filter is chosen per row by the PNG specification's suggested heuristic: the one
/// whose output has the smallest sum of absolute values (as signed bytes). Flat fills and
/// smooth edges then deflate to a fraction of their size.
enum PNGRows {
  /// Bytes a pixel: RGBA, eight bits each. The filters predict from the byte this far
  /// back.
  static let bytesPerPixel = 4

  /// PNG's five filter types, by their number in the filter byte.
  enum Filter: UInt8, CaseIterable {
    case none = 0, sub, up, average, paeth
  }

  /// The filtered scanlines of `rect` in `frame` (`rowLength` pixels a row).
  static func filtered(_ frame: [UInt32], rowLength: Int, rect: PixelRect) -> [UInt8] {
    let stride = rect.width * bytesPerPixel
    var out: [UInt8] = []
    out.reserveCapacity((stride + 1) * rect.height)
    var above = [UInt8](repeating: 0, count: stride)
    var row = [UInt8](repeating: 0, count: stride)
    var candidate = [UInt8](repeating: 0, count: stride)
    var best = [UInt8](repeating: 0, count: stride)
    for y in rect.y..<(rect.y + rect.height) {
      let start = y * rowLength + rect.x
      for i in 0..<rect.width {
        let p = frame[start + i]
        row[i * 4] = UInt8((p >> 16) & 0xFF)
        row[i * 4 + 1] = UInt8((p >> 8) & 0xFF)
        row[i * 4 + 2] = UInt8(p & 0xFF)
        row[i * 4 + 3] = UInt8(p >> 24)
      }
      var bestFilter = Filter.none
      var bestCost = Int.max
      for filter in Filter.allCases {
        apply(filter, row: row, above: above, into: &candidate)
        let cost = candidate.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
        if cost < bestCost {
          (bestCost, bestFilter) = (cost, filter)
          swap(&best, &candidate)
        }
      }
      out.append(bestFilter.rawValue)
      out += best
      swap(&above, &row)
    }
    return out
  }

  /// `row` filtered by `filter` against the row `above` (zeros for the first row).
  static func apply(_ filter: Filter, row: [UInt8], above: [UInt8], into out: inout [UInt8]) {
    let bpp = bytesPerPixel
    for i in 0..<row.count {
      let left = i >= bpp ? row[i - bpp] : 0
      let up = above[i]
      let upLeft = i >= bpp ? above[i - bpp] : 0
      let prediction: UInt8
      switch filter {
      case .none: prediction = 0
      case .sub: prediction = left
      case .up: prediction = up
      case .average: prediction = UInt8((Int(left) + Int(up)) / 2)
      case .paeth: prediction = paeth(left, up, upLeft)
      }
      out[i] = row[i] &- prediction
    }
  }

  /// Paeth's predictor: of left, up and up-left, the one nearest left + up − up-left.
  static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }
}
