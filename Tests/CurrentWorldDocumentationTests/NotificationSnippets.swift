// The notifications section of the article "Testing with Current",
// compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

extension Notification.Name {
  static let didLogIn = Notification.Name("didLogIn")
}

/// Code under test posts through `Current.notifications`, never through
/// `NotificationCenter.default`, so a test world's hub sees it.
func logIn(user: String) {
  Current.notifications.post(.didLogIn, userInfo: ["user": user])
}

@Test(.world) func logInPostsDidLogIn() {
  logIn(user: "ada")
  #expect(Current.notifications.posted == [.didLogIn])  // names, oldest first
}

@Test(.world) func anObserverSeesTheUserInfo() async {
  await confirmation("didLogIn observed") { observed in
    let observation = Current.notifications.observe(.didLogIn) { userInfo in
      #expect(userInfo["user"] as? String == "ada")
      observed()  // delivered synchronously, on the posting thread
    }
    logIn(user: "ada")
    observation.cancel()
  }
}
