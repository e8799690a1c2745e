// Launch configuration in a release build, where `Current` is a `let`:
// the first `World.bootstrap` is seen, a second one and one after the first
// read are refused with an issue on standard error.
import CurrentWorld
import Foundation

enum AppDependencies {
  static let greeting = WorldDependency(live: "the live value", test: "the test value")
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

// As an `@main` App's stored properties are: made before its `init` calls
// bootstrap. The debug probe `bootstrap` makes the same calls.
let shared = SharedWorld()
World.bootstrap { world in
  world.greeting = "configured at launch"
  world.locale = Locale(identifier: "fr_FR")
}
World.bootstrap { $0.greeting = "a second call" }
print("greeting: \(Current.greeting)")
print("locale: \(Current.locale.identifier)")
print("shared greeting: \(shared.run { Current.greeting })")
World.bootstrap { $0.greeting = "a call after the first read" }
print("greeting after: \(Current.greeting)")
