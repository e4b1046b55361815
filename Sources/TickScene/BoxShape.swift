/// The box's shape (`--shape`).
public enum BoxShape: String, CaseIterable, Sendable {
  case circle, square
}
