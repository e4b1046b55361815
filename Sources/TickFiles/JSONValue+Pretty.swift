/// Writing JSON for people to read and edit (style files): indented, with any array or
/// object that fits in the line written on one line.
extension JSONValue {
  /// The value as indented JSON text, lines at most `width` characters where a member
  /// allows it, ending in a newline.
  public func prettyText(width: Int = 100) -> String {
    var out = ""
    writePretty(into: &out, indent: 0, width: width, prefix: 0)
    return out + "\n"
  }

  /// One line with a space after each `,` and `:`.
  var spacedText: String {
    switch self {
    case .object(let members):
      return "{"
        + members.map { m in
          var key = ""
          Self.writeString(m.key, into: &key)
          return key + ": " + m.value.spacedText
        }.joined(separator: ", ") + "}"
    case .array(let elements):
      return "[" + elements.map(\.spacedText).joined(separator: ", ") + "]"
    default: return text
    }
  }

  /// `prefix`: characters already on the line before this value (a key).
  private func writePretty(into out: inout String, indent: Int, width: Int, prefix: Int) {
    let flat = spacedText
    if indent + prefix + flat.count + 1 <= width { return out += flat }
    let pad = String(repeating: " ", count: indent + 2)
    switch self {
    case .object(let members) where !members.isEmpty:
      out += "{\n"
      for (i, m) in members.enumerated() {
        var key = ""
        Self.writeString(m.key, into: &key)
        out += pad + key + ": "
        m.value.writePretty(into: &out, indent: indent + 2, width: width, prefix: key.count + 2)
        out += i + 1 < members.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    case .array(let elements) where !elements.isEmpty:
      out += "[\n"
      for (i, e) in elements.enumerated() {
        out += pad
        e.writePretty(into: &out, indent: indent + 2, width: width, prefix: 0)
        out += i + 1 < elements.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    default:
      out += flat
    }
  }
}
