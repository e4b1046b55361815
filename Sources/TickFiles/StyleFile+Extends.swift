import TickScene

/// `"extends"`: a style file that builds on a built-in style or on another file, giving
/// only what it changes.
///
/// The base's members come first and the file's own override them: `box`, `mark`,
/// `enter` and `exit` key by key, `looks` look by look and property by property, and any
/// other key (a whole track, `duration`, …) replaced. The base's `name` is not inherited:
/// a file is named by its own `name`, or after itself. A base file is found beside the
/// file that names it, may extend another in turn, and must be a whole style by itself
/// once its own chain is resolved, so every error names the file it is in.
public enum StyleChain {
  /// The longest chain of files followed: far more than a designer stacks, and a bound on
  /// the recursion whatever the files say.
  static let maxLength = 32
  /// Objects whose members a file overrides one by one, by their path from the top; the
  /// members of any other value are replaced whole.
  static let mergedObjects: Set<String> = [
    "box", "mark", "looks", "looks.off", "looks.on", "looks.mixed", "enter", "exit",
  ]
  /// A style file's own key that names its base.
  static let key = "extends"

  /// How files are read where none may be (a style parsed from bytes alone): a built-in
  /// base still resolves, and a file base is refused.
  public static func noFiles(_ path: String) throws(UsageError) -> [UInt8] {
    throw UsageError("cannot read \(path): only a built-in style can be extended here")
  }

  /// `members` of `file` with their base's members under them, the chain followed to its
  /// end; `chain` is the files that led here, oldest first.
  /// `read` reads a file: the caller's, so the watcher sees every file of a chain.
  static func resolve(
    _ members: [JSONValue.Member], file: String, chain: [String] = [],
    readingFilesWith read: (String) throws(UsageError) -> [UInt8]
  ) throws(UsageError) -> [JSONValue.Member] {
    guard let extends = members.first(where: { $0.key == Self.key }) else { return members }
    let at = "\(file):\(extends.line):\(extends.column): key \"\(Self.key)\""
    guard case .string(let target) = extends.value, !target.isEmpty else {
      throw UsageError("\(at): expected a built-in style's name or a style file's path")
    }
    let own = members.filter { $0.key != Self.key }
    let base = try baseMembers(
      target, of: file, at: at, chain: chain + [file], readingFilesWith: read)
    return Self.overlay(own, on: base.filter { $0.key != "name" }, path: "")
  }

  /// The resolved members of the style `target` names: a built-in style's, or a file's.
  private static func baseMembers(
    _ target: String, of file: String, at: String, chain: [String],
    readingFilesWith read: (String) throws(UsageError) -> [UInt8]
  ) throws(UsageError) -> [JSONValue.Member] {
    if let builtIn = AnimationStyle(rawValue: target) {
      var style = TickStyle()
      style.animation = builtIn
      guard case .object(let members) = StyleFile(style).document else { return [] }
      return members
    }
    let path = target.hasPrefix("/") ? target : FileFolder.of(file) + target
    if let first = chain.firstIndex(of: path) {
      let loop = (chain[first...] + [path]).joined(separator: " → ")
      throw UsageError("\(at): the styles extend each other in a cycle: \(loop)")
    }
    guard chain.count < Self.maxLength else {
      throw UsageError("\(at): more than \(Self.maxLength) styles extend one another")
    }
    let bytes: [UInt8]
    do {
      bytes = try read(path)
    } catch {
      let builtIn = Suggestion.aside(for: target, among: AnimationStyle.names)
      throw UsageError("\(at): \(error.message)\(builtIn)")
    }
    let members = try JSONValue.objectMembers(
      of: bytes, file: path, example: "such as {\"looks\": {\"off\": {…}}}")
    let resolved = try resolve(members, file: path, chain: chain, readingFilesWith: read)
    // The base is checked whole in its own file, so an error in it names that file.
    _ = try StyleFileReader(file: path).style(resolved, at: nil, name: "")
    return resolved
  }

  /// `own` over `base`: the base's order, then the keys only `own` has.
  static func overlay(_ own: [JSONValue.Member], on base: [JSONValue.Member], path: String)
    -> [JSONValue.Member]
  {
    var out: [JSONValue.Member] = []
    for b in base {
      let given = own.filter { $0.key == b.key }
      guard let o = given.first else {
        out.append(b)
        continue
      }
      // A key given twice stays twice, for the reader to refuse where the second is.
      defer { out += given.dropFirst() }
      let p = path.isEmpty ? b.key : path + "." + b.key
      if mergedObjects.contains(p), case .object(let ownMembers) = o.value,
        case .object(let baseMembers) = b.value
      {
        var merged = o
        merged.value = .object(overlay(ownMembers, on: baseMembers, path: p))
        out.append(merged)
      } else {
        out.append(o)
      }
    }
    out += own.filter { o in !base.contains { $0.key == o.key } }
    return out
  }
}
