import TickScene

extension ValueChange {
  /// The change as `--events` prints it: one JSON object.
  public var json: JSONValue {
    [
      "event": "value", "cell": .int(cell), "col": .int(column), "row": .int(row),
      "old": .string(old.description), "new": .string(new.description),
      "cause": .string(cause.rawValue), "step": .int(step),
    ]
  }

  /// `json` on one line.
  public var jsonLine: String { json.text }

  /// `changes` as `--events` writes them: each one's `jsonLine` and a newline, in UTF-8.
  ///
  /// Written byte by byte, not through `JSONValue` and `String`: rain at 100,000 toggles a
  /// second is as many lines a second, and formatting them the general way kept the writer
  /// thread busy enough to slow the frames on two cores (`bench interact`'s rain). The
  /// bytes are the same (`JSONWriterTests`): the names and values written here need no
  /// escaping.
  public static func jsonLines(_ changes: [ValueChange]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(changes.count * Self.typicalLineBytes)
    for c in changes {
      out.append(contentsOf: #"{"event":"value","cell":"#.utf8)
      appendDecimal(Int64(c.cell), to: &out)
      out.append(contentsOf: #","col":"#.utf8)
      appendDecimal(Int64(c.column), to: &out)
      out.append(contentsOf: #","row":"#.utf8)
      appendDecimal(Int64(c.row), to: &out)
      out.append(contentsOf: #","old":""#.utf8)
      out.append(contentsOf: c.old.description.utf8)
      out.append(contentsOf: #"","new":""#.utf8)
      out.append(contentsOf: c.new.description.utf8)
      out.append(contentsOf: #"","cause":""#.utf8)
      out.append(contentsOf: c.cause.rawValue.utf8)
      out.append(contentsOf: #"","step":"#.utf8)
      appendDecimal(c.step, to: &out)
      out.append(contentsOf: "}\n".utf8)
    }
    return out
  }

  /// About how long a line is (a six-digit cell, a seven-digit step), to make room once.
  static let typicalLineBytes = 112

  /// Appends `value` in decimal, as `JSONValue.int` writes it.
  private static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // The digits, least significant first, in a fixed buffer: 20 fit any UInt64.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buf in
      repeat {
        buf[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for i in stride(from: count - 1, through: 0, by: -1) { out.append(buf[i]) }
    }
  }
}
