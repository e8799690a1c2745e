import CurrentWorld
import Foundation

// Built in release with ReleaseScopes: each of many concurrent "requests"
// runs in a world of its own, and sees only its own locale, across
// suspensions, in child tasks, and in detached work carried by SharedWorld.
let identifiers = ["en_US", "es_AR", "ja_JP", "fr_FR", "de_DE", "pt_BR", "ar_EG", "hi_IN"]
let requests = 400
let mismatches = await withTaskGroup(of: Int.self) { group in
  for index in 0..<requests {
    group.addTask {
      var world = Current
      world.locale = Locale(identifier: identifiers[index % identifiers.count])
      return await withWorld(world) {
        let own = identifiers[index % identifiers.count]
        var wrong = 0
        for _ in 0..<3 {
          await Task.yield()
          if Current.locale.identifier != own { wrong += 1 }
        }
        async let child = Current.locale.identifier
        if await child != own { wrong += 1 }
        let shared = SharedWorld()
        let detached = await Task.detached { shared.run { Current.locale.identifier } }.value
        if detached != own { wrong += 1 }
        return wrong
      }
    }
  }
  var total = 0
  for await wrong in group { total += wrong }
  return total
}
print("scopes: \(requests) requests, \(mismatches) saw another request's world")
print("outside every scope: \(Current.locale == Locale.autoupdatingCurrent ? "launch world" : "?")")

print("done")
