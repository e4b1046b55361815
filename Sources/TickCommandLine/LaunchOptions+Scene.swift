import TickFiles
import TickScene

extension LaunchOptions {
  /// Parses the command line, with the options of its `--scene FILE.json` (if any) read
  /// first, so that flags on the command line win, and its style file (`--style`, or the
  /// scene file's `"style"` object) read before both.
  ///
  /// `read` returns a file's bytes or throws a message that names it; it is the one
  /// thing that touches the file system, so this stays pure and testable.
  public static func parse(
    _ args: [String], readingFilesWith read: (String) throws(UsageError) -> [UInt8]
  ) throws(UsageError) -> LaunchOptions {
    var merged = args
    var sceneArguments = 0
    var inlineStyle: StyleFile?
    // An empty or dash-led path is left for `parse` to reject with its usual message.
    if let path = scenePath(in: args), !path.isEmpty, !path.hasPrefix("-") {
      let bytes: [UInt8]
      do {
        bytes = try read(path)
      } catch {
        throw UsageError("\(sceneOption.flag): \(error.message)")
      }
      let scene = try SceneFile.contents(from: bytes, file: path, readingFilesWith: read)
      inlineStyle = scene.style
      // The subcommand (and bench case) must stay first; the file's options come before
      // every flag.
      var o = LaunchOptions()
      let rest = try parseCommand(args[...], into: &o)
      let fromScene = taken(scene.arguments, by: o.use)
      merged.insert(contentsOf: fromScene, at: args.count - rest.count)
      sceneArguments = fromScene.count
    }
    let plain = try parse(merged, sceneArguments: sceneArguments)
    if plain.showHelp || plain.showVersion { return plain }
    var styleFile = inlineStyle
    if let path = plain.stylePath {
      let bytes: [UInt8]
      do {
        bytes = try read(path)
      } catch {
        // A name that is no file may be a built-in style's, mistyped.
        let builtIn = Suggestion.aside(for: path, among: AnimationStyle.names)
        throw UsageError("--style: \(error.message)\(builtIn)")
      }
      styleFile = try StyleFile.parse(
        bytes, file: path, name: styleName(path), readingFilesWith: read)
    }
    let launch = plain.replay.flatMap { try? read($0) }.map(ReplayScript.launch(of:))
    guard styleFile != nil || launch != nil else { return plain }
    // The style file's settings and a replayed recording's launch (its window and HUD)
    // are the starting point: every flag, the scene file's too, wins.
    var base = LaunchOptions()
    styleFile?.apply(to: &base.style)
    if let window = launch?.window {
      (base.windowWidth, base.windowHeight) = (window.width, window.height)
    }
    base.replayedHUD = launch?.hud
    return try parse(merged, base: base, sceneArguments: sceneArguments)
  }

  /// The arguments of a scene file that `use` takes. A scene describes a scene for every
  /// subcommand (`play` and `render` of one file show the same grid), so a key that only
  /// some take (`"hud"`, `"frames"`) is left out for the others rather than refused.
  static func taken(_ arguments: [String], by use: Use) -> [String] {
    arguments.filter { arg in
      let name = arg.firstIndex(of: "=").map { String(arg[..<$0]) } ?? arg
      return option(named: name)?.applies(to: use) ?? true
    }
  }

  /// A style's name from its file's: `dir/pop.json` is `pop`.
  static func styleName(_ path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.hasSuffix(".json") ? String(last.dropLast(5)) : last
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

extension LaunchOptions {
  /// The file the style was read from: the style file (`--style FILE.json`, or the scene
  /// file's `"style": "FILE.json"`), or the scene file that holds the style inline; nil
  /// for a built-in style.
  public var styleFile: String? { stylePath ?? (style.custom != nil ? scene : nil) }
}
