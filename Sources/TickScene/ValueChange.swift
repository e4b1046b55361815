/// A view's value changed: fired once per real change, never for a same-value set.
///
/// 24 bytes: the cell and its position are kept in 32 bits (a cell index is an `Int32`
/// throughout the scene), since a stress of tens of thousands of restarts a step writes
/// two of these for each, and their size is most of what stepping writes.
public struct ValueChange: Equatable, Sendable {
  /// What made the change. `history`: play stepped back past it and a new action there
  /// started a new future, so the change the stream told of is undone (`StepHistory`).
  public enum Cause: String, Sendable {
    case click, key, script, stress, initial, history
  }

  private var storedCell: Int32
  private var storedColumn: Int32
  private var storedRow: Int32
  public var old: ViewState
  public var new: ViewState
  public var cause: Cause
  /// The fixed step at which it happened.
  public var step: Int64

  public var cell: Int {
    get { Int(storedCell) }
    set { storedCell = Int32(newValue) }
  }

  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(newValue) }
  }

  public var row: Int {
    get { Int(storedRow) }
    set { storedRow = Int32(newValue) }
  }

  public init(
    cell: Int, column: Int, row: Int, old: ViewState, new: ViewState, cause: Cause,
    step: Int64
  ) {
    storedCell = Int32(cell)
    storedColumn = Int32(column)
    storedRow = Int32(row)
    self.old = old
    self.new = new
    self.cause = cause
    self.step = step
  }

  /// A change of view `cell` at `column`, `row`, as the scene keeps them (32 bits each):
  /// no conversion to check.
  init(
    cell: Int32, column: Int32, row: Int32, old: ViewState, new: ViewState, cause: Cause,
    step: Int64
  ) {
    storedCell = cell
    storedColumn = column
    storedRow = row
    self.old = old
    self.new = new
    self.cause = cause
    self.step = step
  }
}
