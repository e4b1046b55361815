import TickApp
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE`: writes each input the scene receives as a replay script line, at the
/// step it was applied, straight to the file (no buffer), so a crash or a kill loses
/// nothing already received.
final class ScriptRecorder {
  private let fd: Int32
  private let hz: Int
  let path: String

  /// Creates (or truncates) `path` and writes a header comment.
  init(path: String, hz: Int) throws(UsageError) {
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw UsageError("cannot create --record file \(path): \(FileBytes.reason())")
    }
    self.path = path
    self.hz = hz
    write("# tickplay replay script, recorded at --hz \(hz): TIME VERB ARGS\n")
  }

  deinit { close(fd) }

  /// Appends `input` as received at `step`.
  func record(_ input: InputEvent, step: Int64) {
    let event = ReplayScript.Event(
      time: ReplayScript.time(ofStep: step, hz: hz), verb: ReplayScript.verb(for: input))
    write(ReplayScript.line(for: event) + "\n")
  }

  private func write(_ text: String) {
    var s = text
    s.withUTF8 { buf in
      var off = 0
      while off < buf.count {
        let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return }  // disk full or closed: recording is best effort
        off += n
      }
    }
  }
}
