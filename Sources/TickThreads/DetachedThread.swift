#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` on a new detached thread (a pthread: its locks are ones ThreadSanitizer
/// sees, and it owns nothing of the caller's). Returns false, without running `body`,
/// when no thread can be started; each caller then does the work itself.
public func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadBody(body))
  var thread = pthread_t()
  let rc = pthread_create(
    &thread, nil,
    { raw in
      Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
      return nil
    }, box.toOpaque())
  guard rc == 0 else {
    box.release()
    return false
  }
  pthread_detach(thread)
  return true
}

/// A closure as an object, to hand through pthread_create's pointer argument.
private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
