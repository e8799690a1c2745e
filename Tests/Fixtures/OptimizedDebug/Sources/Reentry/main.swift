// A value whose deinit reads Current is dropped when a world replaces the
// world that held it: the release must come after the scope's lock opens.
import CurrentWorld
import Foundation

final class ReadsCurrentOnDeinit: Sendable {
  deinit {
    print("deinit read Current: \(Current.locale.identifier)")
  }
}

enum AppDependencies {
  static let holder = WorldDependency<ReadsCurrentOnDeinit?>(live: nil, test: nil)
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

#if DEBUG
  var fresh = World.live
  fresh.locale = Locale(identifier: "fr_FR")
  withWorld(World.live) {
    Current.holder = ReadsCurrentOnDeinit()
    // A world not read from this scope replaces the scope's world whole, so
    // the replaced storage holds the last reference to the object.
    Current = fresh
  }
  print("done")
#else
  print("build this with -Xswiftc -DDEBUG")
#endif
