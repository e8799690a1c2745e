import CurrentWorld
import Foundation

/// Reads the field from code that is not on the main actor.
nonisolated func trackInBackground(_ event: String) async {
  Current.analytics.track(event)
}

/// Reads it from the main actor, the module's default.
func trackOnMain(_ event: String) {
  Current.analytics.track(event)
}

trackOnMain("launched")
await trackInBackground("synced")
await Task.detached { Current.analytics.track("detached") }.value
