/// A scene file: launch options as one JSON object, turned into command-line arguments.
///
/// Keys are option names without `--` (`{"window": "400x300", "cell": 40,
/// "animate": true}`). A string or number becomes the option's value; `true` gives a flag
/// and `false` leaves it out; an array repeats the option once per element (`"group"`).
/// The arguments go through `LaunchOptions.parse` like the command line's, so a scene
/// file accepts exactly what the command line accepts, and says so in the same words.
public enum SceneFile {
  /// Options that make no sense inside a scene file.
  static let excluded: Set<String> = ["help", "version", "scene"]

  /// The keys a scene file may use: every option `--help` lists, without `--`, less
  /// `help`, `version` and `scene`. Reading them from the help text keeps this list in
  /// step with the parser as options are added (a test checks each one parses).
  public static let keys: [String] = {
    var seen: Set<String> = []
    var names: [String] = []
    let text = Array(LaunchOptions.helpText.unicodeScalars)
    var i = 0
    while i + 2 < text.count {
      defer { i += 1 }
      guard text[i] == "-", text[i + 1] == "-", i == 0 || text[i - 1] == " " else { continue }
      var j = i + 2
      var name = ""
      while j < text.count, text[j] == "-" || ("a"..."z").contains(text[j]) {
        name.unicodeScalars.append(text[j])
        j += 1
      }
      if !name.isEmpty, !excluded.contains(name), seen.insert(name).inserted {
        names.append(name)
      }
    }
    return names
  }()

  /// The arguments a scene file stands for, in document order.
  ///
  /// - Parameter file: the file's name, for messages.
  /// - Throws: `UsageError` naming the file, and the key and its line:column for a bad
  ///   member (or the line:column of a syntax error).
  public static func arguments(from bytes: some Collection<UInt8>, file: String)
    throws(UsageError) -> [String]
  {
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes)
    } catch {
      throw UsageError("\(file):\(error.line):\(error.column): invalid JSON: \(error.message)")
    }
    guard case .object(let members) = document else {
      throw UsageError(
        "\(file): expected a JSON object of options such as {\"window\": \"400x300\", "
          + "\"cell\": 40}, got \(article(document.typeName))")
    }
    var args: [String] = []
    var firstLine: [String: Int] = [:]
    for m in members {
      let at = "\(file):\(m.line):\(m.column): key \"\(m.key)\""
      if let line = firstLine[m.key] {
        throw UsageError("\(at): appears twice (first on line \(line)); give each option once")
      }
      firstLine[m.key] = m.line
      args += try arguments(key: m.key, value: m.value, at: at)
    }
    return args
  }

  // MARK: - Private

  private static func arguments(key: String, value: JSONValue, at: String)
    throws(UsageError) -> [String]
  {
    if key == "scene" {
      throw UsageError("\(at): a scene file cannot load another scene file")
    }
    guard keys.contains(key) else {
      let hint = key.hasPrefix("-") ? " (write option names without --)" : ""
      throw UsageError(
        "\(at): unknown option\(hint): expected one of \(keys.joined(separator: ", "))")
    }
    let option = "--" + key
    let isFlag = (try? LaunchOptions.parse([option])) != nil
    switch value {
    case .bool(let on):
      guard isFlag else {
        throw UsageError(
          "\(at): expected a value, not \(on) (\(probeMessage([option]) ?? "a value"))")
      }
      return on ? [option] : []
    case .string, .number:
      guard !isFlag else {
        throw UsageError("\(at): \(option) is a flag: expected true or false")
      }
      let arg = option + "=" + text(of: value)
      if let message = probeMessage([arg]) { throw UsageError("\(at): \(message)") }
      return [arg]
    case .array(let elements) where !isFlag:
      var out: [String] = []
      for (n, e) in elements.enumerated() {
        switch e {
        case .string, .number:
          let arg = option + "=" + text(of: e)
          if let message = probeMessage([arg]) {
            throw UsageError("\(at), element \(n + 1): \(message)")
          }
          out.append(arg)
        default:
          throw UsageError(
            "\(at), element \(n + 1): expected a string or number, got \(article(e.typeName))")
        }
      }
      return out
    default:
      let accepted = isFlag ? "true or false" : "a string or number (or an array of them)"
      throw UsageError("\(at): expected \(accepted), got \(article(value.typeName))")
    }
  }

  /// The option parser's complaint about `args` alone, or nil if it accepts them.
  private static func probeMessage(_ args: [String]) -> String? {
    do {
      _ = try LaunchOptions.parse(args)
      return nil
    } catch {
      return error.message
    }
  }

  /// A string's text, or a number's: whole numbers written with a fraction or exponent
  /// (`40.0`, `4e1`) become plain integers, because the integer options reject `40.0`.
  private static func text(of value: JSONValue) -> String {
    switch value {
    case .string(let s): return s
    case .number(let t):
      guard t.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let d = Double(t),
        d.rounded() == d, abs(d) <= 9_007_199_254_740_992
      else { return t }
      return String(Int64(d))
    default: return ""
    }
  }

  private static func article(_ typeName: String) -> String {
    typeName == "null"
      ? "null"
      : (typeName == "array" || typeName == "object" ? "an " : "a ")
        + typeName
  }
}
