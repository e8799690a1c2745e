import CurrentWorldHummingbird

// Must not compile: the trait `Hummingbird` is off.
public func worlds() -> Any { WorldMiddleware<Void>() }
