import Testing
import TickSDL

#if canImport(Glibc)
  import Glibc
#endif

/// `availableCores`, the default `--threads`: at least one, and no more than the machine has.
@Suite struct AvailableCoresTests {
  @Test func availableCoresIsPositiveAndBounded() {
    let cores = availableCores()
    #expect(cores >= 1)
    #expect(cores <= Int(sysconf(Int32(_SC_NPROCESSORS_CONF))))
  }
}
