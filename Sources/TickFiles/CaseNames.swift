extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// Every case's name, in order: the names a choice option or a file's key accepts, and
  /// the ones a suggestion is picked from.
  public static var names: [String] { allCases.map(\.rawValue) }
}
