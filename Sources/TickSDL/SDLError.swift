import CSDL2

/// A failed SDL call, with SDL's own message.
public struct SDLError: Error, CustomStringConvertible {
  public var call: String
  public var message: String

  public init(_ call: String, message: String? = nil) {
    self.call = call
    self.message = message ?? String(cString: SDL_GetError())
  }

  public var description: String { "\(call) failed: \(message)" }
}
