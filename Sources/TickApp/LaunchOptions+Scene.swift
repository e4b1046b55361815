extension LaunchOptions {
  /// Parses the command line, with the options of its `--scene FILE.json` (if any) read
  /// first, so that flags on the command line win.
  ///
  /// `read` returns a file's bytes or throws a message that names it; it is the one
  /// thing that touches the file system, so this stays pure and testable.
  public static func parse(
    _ args: [String], readingFilesWith read: (String) throws(UsageError) -> [UInt8]
  ) throws(UsageError) -> LaunchOptions {
    var merged = args
    // An empty or dash-led path is left for `parse` to reject with its usual message.
    if let path = scenePath(in: args), !path.isEmpty, !path.hasPrefix("-") {
      let bytes: [UInt8]
      do {
        bytes = try read(path)
      } catch {
        throw UsageError("\(sceneOption.flag): \(error.message)")
      }
      let sceneArgs = try SceneFile.arguments(from: bytes, file: path)
      // The subcommand must stay first; the file's options come before every flag.
      let at = args.first.map { $0.hasPrefix("-") ? 0 : 1 } ?? 0
      merged.insert(contentsOf: sceneArgs, at: at)
    }
    return try parse(merged)
  }

  /// The path after the last `--scene`, found before parsing because the file's options
  /// must be parsed first. No other option accepts `--scene` as its value, so a plain
  /// scan cannot misread one; nil with `--help` or `--version`, which need no scene.
  static func scenePath(in args: [String]) -> String? {
    var path: String?
    var i = 0
    while i < args.count {
      let a = args[i]
      if helpOption.isNamed(a) || versionOption.isNamed(a) { return nil }
      if sceneOption.isNamed(a), i + 1 < args.count {
        path = args[i + 1]
        i += 1
      } else if a.hasPrefix(sceneOption.flag + "=") {
        path = String(a.dropFirst(sceneOption.flag.count + 1))
      }
      i += 1
    }
    return path
  }
}
