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

  /// `text` with each control character, line separator and paragraph separator spelled
  /// as an escape (`\n`, `\r`, `\t`, else `\uXXXX`). Error messages pass what the user
  /// wrote through it, so that a message stays one printable line whatever the input
  /// holds, and cannot drive the terminal it is printed on.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
    var out = ""
    for u in text.unicodeScalars {
      switch u {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if isUnprintable(u) {
          out += "\\u" + hex(u.value, digits: 4).uppercased()
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out
  }

  /// Whether `u` breaks a line or controls the terminal: the controls (C0, DEL, C1) and
  /// the line and paragraph separators.
  static func isUnprintable(_ u: Unicode.Scalar) -> Bool {
    u.properties.generalCategory == .control || u == "\u{2028}" || u == "\u{2029}"
  }
}
