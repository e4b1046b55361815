import TickFiles
import TickScene

/// A scene file: launch options as one JSON object, turned into command-line arguments.
///
/// Keys are option names without `--` (`{"window": "400x300", "cell": 40,
/// "animate": true}`). A string or number becomes the option's value; `true` gives a flag
/// and `false` leaves it out; an array repeats the option once per element (`"group"`).
/// The arguments go through `LaunchOptions.parse` like the command line's, so a scene
/// file accepts exactly what the command line accepts, and says so in the same words.
public enum SceneFile {
  /// The keys a scene file may use: the table's options that a scene file may set, named
  /// without `--` (every option but `help`, `version` and `scene`).
  public static let keys: [String] = LaunchOptions.table.filter(\.inSceneFile).map(\.name)

  /// The arguments a scene file stands for, in document order.
  ///
  /// - Parameter file: the file's name, for messages.
  /// - Throws: `UsageError` naming the file, and the key and its line:column for a bad
  ///   member (or the line:column of a syntax error).
  public static func arguments(from bytes: some Collection<UInt8>, file: String)
    throws(UsageError) -> [String]
  {
    try contents(from: bytes, file: file).arguments
  }

  /// The arguments a scene file stands for, and the style its `"style"` key gives inline
  /// as an object (a string there is a file name, an argument like any other).
  ///
  /// `read` reads the files an inline style's `"extends"` names.
  public static func contents(
    from bytes: some Collection<UInt8>, file: String,
    readingFilesWith read: (String) throws(UsageError) -> [UInt8] = StyleChain.noFiles
  ) throws(UsageError) -> (arguments: [String], style: StyleFile?) {
    let members = try JSONValue.objectMembers(
      of: bytes, file: file,
      example: "of options such as {\"window\": \"400x300\", \"cell\": 40}")
    var args: [String] = []
    var style: StyleFile?
    var firstLine: [String: Int] = [:]
    for m in members {
      let at = "\(file):\(m.line):\(m.column): key \"\(m.key)\""
      if let line = firstLine[m.key] {
        throw UsageError("\(at): appears twice (first on line \(line)); give each option once")
      }
      firstLine[m.key] = m.line
      if m.key == "style", case .object = m.value {
        style = try StyleFile.parse(
          m, file: file, name: LaunchOptions.styleName(file), readingFilesWith: read)
        continue
      }
      args += try arguments(key: m.key, value: m.value, at: at, folder: FileFolder.of(file))
    }
    return (args, style)
  }

  // MARK: - Private

  private static func arguments(key: String, value: JSONValue, at: String, folder: String)
    throws(UsageError) -> [String]
  {
    if key == LaunchOptions.sceneOption.name {
      throw UsageError("\(at): a scene file cannot load another scene file")
    }
    guard let option = LaunchOptions.table.first(where: { $0.name == key && $0.inSceneFile })
    else {
      let question = Suggestion.aside(for: key, among: keys)
      let hint = key.hasPrefix("-") ? " (write option names without --)" : question
      throw UsageError(
        "\(at): unknown option\(hint): expected one of \(keys.joined(separator: ", "))")
    }
    let isFlag = option.isFlag
    let flag = option.flag
    switch value {
    case .bool(let on):
      guard isFlag else {
        throw UsageError(
          "\(at): expected a value, not \(on) (\(probeMessage([flag]) ?? "a value"))")
      }
      return on ? [flag] : []
    case .string, .number:
      guard !isFlag else {
        throw UsageError("\(at): \(flag) is a flag: expected true or false")
      }
      let arg = flag + "=" + resolved(text(of: value), for: option, in: folder)
      if let message = probeMessage([arg]) { throw UsageError("\(at): \(message)") }
      return [arg]
    case .array(let elements) where !isFlag:
      var out: [String] = []
      for (n, e) in elements.enumerated() {
        switch e {
        case .string, .number:
          let arg = flag + "=" + resolved(text(of: e), for: option, in: folder)
          if let message = probeMessage([arg]) {
            throw UsageError("\(at), element \(n + 1): \(message)")
          }
          out.append(arg)
        default:
          throw UsageError(
            "\(at), element \(n + 1): expected a string or number, got \(JSONValue.article(e.typeName))"
          )
        }
      }
      return out
    default:
      let accepted = isFlag ? "true or false" : "a string or number (or an array of them)"
      throw UsageError("\(at): expected \(accepted), got \(JSONValue.article(value.typeName))")
    }
  }

  /// The option parser's complaint about the values in `args`, or nil if it accepts them.
  /// Whether the subcommand takes each option is decided once the subcommand is known.
  private static func probeMessage(_ args: [String]) -> String? {
    var o = LaunchOptions()
    do {
      _ = try LaunchOptions.parseValues(args[...], into: &o)
      return nil
    } catch {
      return error.message
    }
  }

  /// `value` as the command line must see it: a file named by `option`, relative to the
  /// scene file's `folder`, gets that folder in front, so a scene works from any current
  /// folder. Absolute paths, a built-in style's name and values that are not files stay.
  private static func resolved(_ value: String, for option: LaunchOption, in folder: String)
    -> String
  {
    guard option.takesFile, !folder.isEmpty, !value.isEmpty, !value.hasPrefix("/"),
      !value.hasPrefix("-"),
      !(option.name == "style" && AnimationStyle(rawValue: value) != nil)
    else { return value }
    return folder + value
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
}
