import TickFiles
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE`: writes each input the scene receives as a replay script line, at the
/// step it was applied. Lines go to the file on a writer thread of their own (never
/// blocking the loop), in order, as soon as that thread runs; `close` (or the end of the
/// recorder) waits until all are written.
final class ScriptRecorder {
  private let writer: AsyncWriter
  private let hz: Int
  let path: String
  /// Bytes queued so far.
  private var length = 0
  /// Where each line recorded since `forget(before:)` starts, with its step: `drop(after:)`
  /// cuts the file back to the first line past a step.
  private var lineStarts: [(step: Int64, offset: Int)] = []

  /// Creates (or truncates) `path` and writes a header comment, then `launch`'s lines
  /// (the window's size and the HUD's mode the session starts with), which no drop of the
  /// future reaches.
  init(path: String, hz: Int, launch: ReplayScript.Launch) throws(UsageError) {
    writer = try AsyncWriter.creating(path, for: "--record")
    self.path = path
    self.hz = hz
    write("# tickplay replay script, recorded at --hz \(hz): TIME VERB ARGS\n")
    for event in launch.events { write(ReplayScript.line(for: event) + "\n") }
  }

  deinit { writer.close() }

  /// Appends `input` as received at `step`.
  func record(_ input: InputEvent, step: Int64) {
    let event = ReplayScript.Event(
      time: ReplayScript.time(ofStep: step, hz: hz), verb: .input(input))
    lineStarts.append((step, length))
    write(ReplayScript.line(for: event) + "\n")
  }

  /// Drops the lines recorded at steps after `step` (the play history's future, dropped
  /// when the past was changed), so the file keeps the timeline as it now is.
  func drop(after step: Int64) {
    guard let first = lineStarts.firstIndex(where: { $0.step > step }) else { return }
    length = lineStarts[first].offset
    lineStarts.removeSubrange(first...)
    writer.truncate(to: length)
  }

  /// Forgets where the lines before `step` start: no drop reaches them any more.
  func forget(before step: Int64) {
    guard let first = lineStarts.firstIndex(where: { $0.step >= step }), first > 0 else { return }
    lineStarts.removeFirst(first)
  }

  private func write(_ text: String) {
    length += text.utf8.count
    writer.submit(text: text)
  }
}
