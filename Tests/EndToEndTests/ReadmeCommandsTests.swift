import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// Every command in the `sh` blocks of the README and then docs/reference.md, run as a
  /// reader would from a clone.
  ///
  /// The commands run in order, in one fresh folder that holds the clone's `assets` and
  /// `tools`, with the tested `tickplay` first on the PATH, so a later command finds what an
  /// earlier one wrote (`pop.json`, `session.txt`). `play` runs in a real window and quits
  /// after a few frames (`--frames`), `tools/play` is `tickplay play` without its release
  /// build, and `tools/install` copies the tested binary into a home folder of the test's
  /// own. `tools/test` is what runs this test, so it is the one command left out.
  @Suite(.serialized) struct ReadmeCommandsTests {
    /// Frames a `play` command draws before it quits: enough to open the window, load the
    /// scene or style and present, the way a reader sees it start.
    static let playFrames = 3
    /// What a README command may take at most: the slowest, the styles gallery exported
    /// as a GIF, takes about 8 s in a debug build.
    static let commandTimeout: TimeInterval = 300
    /// The README's commands that this test cannot run: `tools/test` runs it.
    static let notRunHere: Set<String> = ["tools/test"]

    @Test(.enabled(if: OnTheXDisplay.available)) func everyCommandRuns() throws {
      var commands: [String] = []
      for page in ["README.md", "docs/reference.md"] {
        let text = try String(
          contentsOf: Tickplay.packageRoot.appendingPathComponent(page), encoding: .utf8)
        commands += ReadmeCommands.commands(inMarkdown: text)
      }
      #expect(commands.count >= 10, "the pages' sh blocks gave \(commands.count) commands")
      let folder = try Self.readerFolder()
      var ran = 0
      for command in commands {
        guard let line = Self.runnable(command) else { continue }
        let result = try Self.run(line, in: folder)
        #expect(
          result.status == 0,
          "README command `\(command)` (run as `\(line)`) exited \(result.status): \(result.stderr)"
        )
        for out in ReadmeCommands.outputs(of: command) {
          let path = folder.appendingPathComponent(out).path
          #expect(FileManager.default.fileExists(atPath: path), "`\(command)` wrote no \(out)")
        }
        ran += 1
      }
      let skipped = Set(commands.filter { Self.runnable($0) == nil })
      #expect(skipped == Self.notRunHere, "README commands not run: \(skipped)")
      #expect(ran == commands.count - skipped.count)
    }

    @Test func commandsAreReadFromShBlocksOnly() {
      let markdown = """
        text `tickplay not-this`
        ```sh
        tickplay render --out a.png   # a comment
        sed -i 's/#2ecb94/#ff6a3d/' pop.json  # the # inside quotes stays
        tickplay play \\
          --cell 8
        ```
        ```
        tickplay [play|render] [options]
        ```
        """
      #expect(
        ReadmeCommands.commands(inMarkdown: markdown) == [
          "tickplay render --out a.png", "sed -i 's/#2ecb94/#ff6a3d/' pop.json",
          "tickplay play --cell 8",
        ])
      #expect(ReadmeCommands.outputs(of: "tickplay render --out a.png") == ["a.png"])
    }

    /// The command as this test runs it, or nil for one it cannot run.
    static func runnable(_ command: String) -> String? {
      let words = command.split(separator: " ").map(String.init)
      guard let first = words.first, !notRunHere.contains(first) else { return nil }
      var line = command
      if first == "tools/play" { line = "tickplay play" + command.dropFirst("tools/play".count) }
      let program = line.split(separator: " ").first { !$0.contains("=") }
      let verb = line.split(separator: " ").drop { !$0.hasPrefix("tickplay") }.dropFirst().first
      if program == "tickplay" && verb == "play" { line += " --frames \(playFrames)" }
      return line
    }

    /// A folder laid out as a clone is, for the commands' relative paths.
    static func readerFolder() throws -> URL {
      let folder = Tickplay.temporaryDirectory("readme")
      let fm = FileManager.default
      for name in ["assets", "tools"] {
        try fm.createSymbolicLink(
          at: folder.appendingPathComponent(name),
          withDestinationURL: Tickplay.packageRoot.appendingPathComponent(name))
      }
      try fm.createDirectory(
        at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
      return folder
    }

    /// What one command gave: its exit status and what it wrote to stderr.
    struct Outcome {
      var status: Int32
      var stderr: String
    }

    static func run(_ line: String, in folder: URL) throws -> Outcome {
      let binary = Tickplay.executable
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      let child = try ChildProcess(
        URL(fileURLWithPath: "/bin/bash"), ["-c", "cd \"$READER_FOLDER\" && " + line],
        environment: [
          "PATH": binary.deletingLastPathComponent().path + ":" + path,
          "HOME": folder.appendingPathComponent("home").path,
          "READER_FOLDER": folder.path,
          "TICKPLAY_INSTALL_FROM": binary.path,
        ])
      let status = child.waitForExit(timeout: commandTimeout)
      return Outcome(status: status, stderr: child.stderr)
    }
  }
}

/// The commands of a Markdown file's `sh` code blocks.
enum ReadmeCommands {
  /// One command a line, continuation lines joined, comments and blank lines dropped.
  static func commands(inMarkdown text: String) -> [String] {
    var commands: [String] = []
    var inBlock = false
    var pending = ""
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      if line.hasPrefix("```") {
        inBlock = line == "```sh"
        continue
      }
      guard inBlock else { continue }
      var code = withoutComment(line).trimmingCharacters(in: .whitespaces)
      let continues = code.hasSuffix("\\")
      if continues { code.removeLast() }
      pending += (pending.isEmpty ? "" : " ") + code.trimmingCharacters(in: .whitespaces)
      if !continues {
        if !pending.isEmpty { commands.append(pending) }
        pending = ""
      }
    }
    return commands
  }

  /// The files a command names with `--out`, `--screenshot` or `--record`, which it must
  /// leave behind.
  static func outputs(of command: String) -> [String] {
    let words = command.split(separator: " ").map(String.init)
    return zip(words, words.dropFirst()).compactMap { flag, value in
      ["--out", "--screenshot", "--record"].contains(flag) ? value : nil
    }
  }

  /// The line up to a `#` that starts a shell comment: one after a space, outside quotes.
  static func withoutComment(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    for (i, c) in zip(line.indices, line) {
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "'" || c == "\"" {
        quote = c
      } else if c == "#" && previous.isWhitespace {
        return String(line[..<i])
      }
      previous = c
    }
    return line
  }
}
