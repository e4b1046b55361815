import TickCommandLine

#if canImport(Glibc)
  import Glibc
#endif

extension EnvironmentVariable {
  /// Its value in this process's environment; nil when it is not set or empty.
  public var value: String? { value(from: Self.lookUp) }

  /// Whether it is set to `1` in this process's environment.
  public var isOn: Bool { isOn(in: Self.lookUp) }

  /// A variable of this process's environment, by name.
  private static func lookUp(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
