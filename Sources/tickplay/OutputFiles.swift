import TickCommandLine
import TickFiles
import TickSDL

/// The files a run writes (`--screenshot`, `--record`, `--trace`, `--out`), checked before
/// anything runs: a folder that does not exist or takes no file is a usage error (exit 2)
/// before the window opens, not a failure after the session.
enum OutputFiles {
  /// An output option given, and its file.
  struct Output {
    var option: String
    var path: String
  }

  /// Each output option given in `options`.
  static func named(in options: LaunchOptions) -> [Output] {
    let all: [(option: String, path: String?)] = [
      ("--screenshot", options.screenshot), ("--trace", options.trace),
      ("--record", options.record), ("--out", options.out),
    ]
    return all.compactMap { o in o.path.map { Output(option: o.option, path: $0) } }
  }

  /// Makes a part file beside each output, and removes it (`WholeFile.checkWritable`).
  /// - Throws: a usage error naming the option, the file and why it cannot be written.
  static func check(_ options: LaunchOptions) throws(UsageError) {
    for output in named(in: options) {
      do {
        try WholeFile.checkWritable(output.path)
      } catch {
        throw UsageError("\(output.option) \(output.path): cannot write there: \(error.reason)")
      }
    }
  }
}
