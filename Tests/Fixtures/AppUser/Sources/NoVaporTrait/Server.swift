import CurrentWorldVapor

// Must not compile: the trait `Vapor` is off.
public func worlds() -> Any { WorldMiddleware() }
