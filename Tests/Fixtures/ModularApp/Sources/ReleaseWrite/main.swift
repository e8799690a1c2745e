import CurrentWorld

@testable import App

// A debug build may override a dependency; a release build must refuse to
// compile this line.
Current.catFactAPI.fetchFact = { "overridden" }
print(try await Current.catFactAPI.fetchFact())
