import CurrentWorld

@testable import App
@testable import Feature

// Both modules declare `screenName`: this read must fail to compile as
// ambiguous, and `Current[AppDependencies.screenName]` names one.
print(Current.screenName)
