import TickFiles
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole file with POSIX calls, so that a failure carries the system's reason
/// (`No such file or directory`, `Is a directory`), which the usage message then names.
enum FileBytes {
  /// The file's bytes.
  /// - Throws: a usage error naming the file and why it cannot be read.
  static func read(_ path: String, limit: Int = 64 << 20) throws(UsageError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw UsageError("cannot read \(path): \(reason())") }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw UsageError("cannot read \(path): \(reason())")
      }
      if n == 0 { return out }
      out.append(contentsOf: chunk[0..<n])
      if out.count > limit {
        throw UsageError("cannot read \(path): larger than \(limit >> 20) MiB")
      }
    }
  }

  /// The current `errno` in words.
  static func reason() -> String {
    String(cString: strerror(errno))
  }
}
