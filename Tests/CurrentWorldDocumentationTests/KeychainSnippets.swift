// The keychain client of the article "Defining your own dependencies",
// compiled and run as tests. The live value's Security calls compile on
// Apple's platforms only.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

nonisolated struct KeychainClient: Sendable {
  var read: @Sendable (_ key: String) throws -> Data?
  var save: @Sendable (_ key: String, _ data: Data) throws -> Void
  var delete: @Sendable (_ key: String) throws -> Void
}

#if canImport(Security)
  import Security

  nonisolated struct KeychainError: Error {
    var status: OSStatus
  }

  nonisolated extension KeychainClient {
    /// The app's generic passwords in the keychain, one item per key.
    static let live = KeychainClient(
      read: { key in
        var query = item(key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw KeychainError(status: status) }
        return result as? Data
      },
      save: { key, data in
        _ = SecItemDelete(item(key) as CFDictionary)
        var query = item(key)
        query[kSecValueData as String] = data
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError(status: status) }
      },
      delete: { key in
        let status = SecItemDelete(item(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
          throw KeychainError(status: status)
        }
      })

    private static func item(_ key: String) -> [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: Bundle.main.bundleIdentifier ?? "app",
        kSecAttrAccount as String: key,
      ]
    }
  }
#else
  nonisolated extension KeychainClient {
    /// No keychain here (Linux, a server): the items stay in memory.
    static let live = KeychainClient.inMemory()
  }
#endif

// @unchecked Sendable: every access to `items` holds `lock`.
nonisolated final class KeychainItems: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String: Data] = [:]

  func withLock<R>(_ body: (inout [String: Data]) -> R) -> R {
    lock.withLock { body(&items) }
  }
}

nonisolated extension KeychainClient {
  /// A keychain in memory, empty: each call makes a new one.
  static func inMemory() -> KeychainClient {
    let items = KeychainItems()
    return KeychainClient(
      read: { key in items.withLock { $0[key] } },
      save: { key, data in items.withLock { $0[key] = data } },
      delete: { key in items.withLock { $0[key] = nil } })
  }
}

/// The article's `AppDependencies`, with the keychain among its members:
/// nested, since DependencySnippets.swift declares this module's own.
enum KeychainRecipe {
  nonisolated enum AppDependencies {
    static let keychain = WorldDependency(
      live: KeychainClient.live,
      test: KeychainClient(
        read: unimplemented("Current.keychain.read"),
        save: unimplemented("Current.keychain.save"),
        delete: unimplemented("Current.keychain.delete")))
  }
}

nonisolated extension World {
  subscript<V>(
    dynamicMember key: KeyPath<KeychainRecipe.AppDependencies.Type, WorldDependency<V>>
  ) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

func signOut() throws {
  try Current.keychain.delete("token")
}

@Test(.world) func signingOutForgetsTheToken() throws {
  Current.keychain = .inMemory()
  try Current.keychain.save("token", Data("secret".utf8))

  try signOut()

  #expect(try Current.keychain.read("token") == nil)
}

@Suite(.world) struct KeychainSnippets {
  @Test func eachInMemoryKeychainIsItsOwn() throws {
    let first = KeychainClient.inMemory()
    let second = KeychainClient.inMemory()
    try first.save("token", Data("secret".utf8))
    #expect(try first.read("token") == Data("secret".utf8))
    #expect(try second.read("token") == nil)
  }

  @Test func aTestThatForgetsTheKeychainFailsAndNamesIt() {
    withKnownIssue {
      _ = try? Current.keychain.read("token")
    } matching: { issue in
      issue.unimplementedCall?.field == "Current.keychain.read"
    }
  }
}
