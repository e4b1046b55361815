import TickScene

extension ReplayScript {
  /// The script as text: one line per event, each ending in a newline. `parse` reads it
  /// back to an equal script.
  public var text: String {
    var out = ""
    for e in events {
      out += Self.line(for: e)
      out += "\n"
    }
    return out
  }

  /// One event as a line without its newline, such as `0.1 click 120 80`.
  public static func line(for event: Event) -> String {
    let t = format(event.time)
    switch event.verb {
    case .click(let x, let y, let b): return "\(t) click \(point(x, y, b))"
    case .input(.press(let x, let y, let b)): return "\(t) press \(point(x, y, b))"
    case .input(.release(let x, let y, let b)): return "\(t) release \(point(x, y, b))"
    case .input(.move(let x, let y)): return "\(t) move \(format(x)) \(format(y))"
    case .input(.wheel(let x, let y, let dy)):
      return "\(t) wheel \(format(x)) \(format(y)) \(format(dy))"
    case .input(.resize(let w, let h)): return "\(t) resize \(w) \(h)"
    case .input(.key(let name)): return "\(t) key \(word(name))"
    case .input(.finger(let phase, let id, let x, let y)):
      return "\(t) finger \(phase.rawValue) \(id) \(format(x)) \(format(y))"
    case .input(.padButton(let button, let pressed)):
      return "\(t) pad \(pressed ? "press" : "release") \(button.rawValue)"
    case .input(.padAxis(let axis, let value)):
      return "\(t) pad axis \(axis.rawValue) \(format(value))"
    case .screenshot(let file): return "\(t) screenshot \(word(file))"
    case .window(let w, let h): return "\(t) window \(w) \(h)"
    case .hud(let mode): return "\(t) hud \(mode.rawValue)"
    case .input(.quit): return "\(t) quit"
    }
  }

  // MARK: - Private

  private static func point(_ x: Float, _ y: Float, _ b: InputEvent.Button) -> String {
    let xy = "\(format(x)) \(format(y))"
    switch b {
    case .left: return xy
    case .middle: return xy + " middle"
    case .right: return xy + " right"
    }
  }

  /// A number as a plain decimal that reads back to the same value: Swift's shortest
  /// round-trip digits, with any exponent shifted into place (`1e-05` → `0.00001`)
  /// because the format has no exponents, and no `.0` on whole numbers.
  static func format(_ v: Double) -> String {
    v == 0 ? "0" : plain(v.description)
  }

  static func format(_ v: Float) -> String {
    v == 0 ? "0" : plain(v.description)
  }

  private static func plain(_ description: String) -> String {
    var s = Substring(description)
    var sign = ""
    if s.hasPrefix("-") {
      sign = "-"
      s = s.dropFirst()
    }
    guard s.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" })
    else { return description }  // inf or nan: no plain form, and parse rejects them
    var digits = s
    var exponent = 0
    if let e = s.firstIndex(of: "e") {
      digits = s[..<e]
      exponent = Int(s[s.index(after: e)...]) ?? 0
    }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts[0]
    let all = Array(whole + (parts.count > 1 ? parts[1] : ""))
    let point = whole.count + exponent
    var text: String
    if point <= 0 {
      text = "0." + String(repeating: "0", count: -point) + String(all)
    } else if point >= all.count {
      text = String(all) + String(repeating: "0", count: point - all.count)
    } else {
      text = String(all[..<point]) + "." + String(all[point...])
    }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return sign + text
  }

  /// A word as it must be written to read back the same: bare when it can be, else in
  /// quotes with escapes.
  static func word(_ s: String) -> String {
    let bare =
      !s.isEmpty
      && s.unicodeScalars.allSatisfy { c in
        c.value > 0x20 && c.value != 0x7F && c != "\"" && c != "#" && c != "\\"
      }
    guard !bare else { return s }
    var out = ""
    Quoting.quote(s, into: &out) { c in
      c.value < 0x20 || c.value == 0x7F ? "\\x" + Quoting.hex(c.value, digits: 2) : nil
    }
    return out
  }
}
