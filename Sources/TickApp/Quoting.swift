/// Writes a string between double quotes with backslash escapes: the part JSON strings and
/// replay-script words share (`\"`, `\\`, `\n`, `\r`, `\t`); each format spells the other
/// characters it must escape its own way.
enum Quoting {
  /// Appends `s` quoted to `out`; `escape` gives the spelling of any other scalar that must
  /// not appear as itself, or nil to write it as it is.
  static func quote(
    _ s: String, into out: inout String, escape: (Unicode.Scalar) -> String?
  ) {
    out += "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if let e = escape(u) { out += e } else { out.unicodeScalars.append(u) }
      }
    }
    out += "\""
  }

  /// `value` in `digits` hexadecimal digits, zero-padded.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let h = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - h.count)) + h
  }
}
