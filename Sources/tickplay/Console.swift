#if canImport(Glibc)
  import Glibc
#endif

/// Writes to stdout and stderr without touching C's global `FILE*` variables, which
/// Swift 6 rejects as shared mutable state.
enum Console {
  /// Prints a line to stdout and flushes it, so a reader on a pipe sees it at once.
  static func out(_ line: String) {
    print(line)
    fflush(nil)
  }

  /// Writes a line to stderr (unbuffered).
  static func err(_ line: String) {
    var s = line + "\n"
    s.withUTF8 { buf in
      var off = 0
      while off < buf.count {
        let n = write(2, buf.baseAddress! + off, buf.count - off)
        if n <= 0 { return }
        off += n
      }
    }
  }
}

/// Prints a runtime failure to stderr and returns exit code 1.
func fail(_ message: String) -> Int32 {
  Console.err("tickplay: \(message)")
  return 1
}
