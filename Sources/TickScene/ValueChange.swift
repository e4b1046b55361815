/// A view's value changed: fired once per real change, never for a same-value set.
public struct ValueChange: Equatable, Sendable {
  /// What made the change.
  public enum Cause: String, Sendable {
    case click, key, script, stress, initial
  }

  public var cell: Int
  public var column: Int
  public var row: Int
  public var old: ViewState
  public var new: ViewState
  public var cause: Cause
  /// The fixed step at which it happened.
  public var step: Int64

  public init(
    cell: Int, column: Int, row: Int, old: ViewState, new: ViewState, cause: Cause,
    step: Int64
  ) {
    self.cell = cell
    self.column = column
    self.row = row
    self.old = old
    self.new = new
    self.cause = cause
    self.step = step
  }
}
