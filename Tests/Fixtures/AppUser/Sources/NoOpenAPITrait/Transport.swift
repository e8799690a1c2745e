import CurrentWorldOpenAPI

// Must not compile: the trait `OpenAPI` is off.
public func transport() -> Any { WorldTransport() }
