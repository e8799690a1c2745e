internal import CurrentWorldSupport
import Foundation

/// The app's folders of one test (or one preview): a fresh folder under the
/// temporary directory, with each of ``AppDirectories``' folders made in
/// it at its first read, removed when its test's world ends, or kept when
/// the test failed. A read after that makes a fresh one.
final class IsolatedFolders: Sendable {
  private let made = Locked<(directories: AppDirectories, root: URL)?>(nil)

  /// The process-wide world's folders in a test or preview process (see
  /// ``IsolatedDefaults/processWide``).
  static let processWide = IsolatedFolders()

  /// The folders, made at the first read since the last removal.
  func directories(in world: World) -> AppDirectories {
    if let made = made.withLock({ $0 }) { return made.directories }
    let root = IsolatedStorage.uniqueURL("folders")
    let directories = AppDirectories(
      documents: root.appendingPathComponent("Documents", isDirectory: true),
      caches: root.appendingPathComponent("Library/Caches", isDirectory: true),
      applicationSupport: root.appendingPathComponent(
        "Library/Application Support", isDirectory: true),
      temporary: root.appendingPathComponent("tmp", isDirectory: true))
    for folder in directories.all {
      // A folder that cannot be made shows as the error of the first write
      // into it, which names its path.
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let (first, isNew) = self.made.withLock { made in
      if let first = made { return (first.directories, false) }
      made = (directories, root)
      return (directories, true)
    }
    if isNew {
      IsolatedStorage.register(in: world, path: root) { [weak self] keep in
        self?.forget(root)
        return keep ? root.path : nil
      }
    } else {
      try? FileManager.default.removeItem(at: root)
    }
    return first
  }

  /// Lets the folder at `root` go, if it is still this one's.
  private func forget(_ root: URL) {
    let dropped = made.withLock { made in
      defer { if made?.root == root { made = nil } }
      return made
    }
    withExtendedLifetime(dropped) {}
  }
}
