import Foundation

extension World {
  /// The app's folders: the platform's own in a live world; in a test
  /// world a fresh folder per test under the temporary directory, with
  /// each of its folders made, removed when the test's world ends, or
  /// kept, and its path named in an issue, when the test failed (with
  /// `.world`: threw, or failed by an issue relayed from outside its task,
  /// since Swift Testing tells a trait nothing of a failed `#expect`; in a
  /// `WorldTestCase`: any failure); in an
  /// Xcode preview a folder of the preview's own, removed as its process
  /// exits.
  ///
  /// ```swift
  /// let file = Current.directories.documents.appendingPathComponent("notes.txt")
  /// try Data("Buy milk".utf8).write(to: file)
  /// ```
  ///
  /// A test's folders are made at their first read. A plain `XCTestCase`
  /// test gets its own too, which its end removes (or keeps, printing the
  /// path, when it failed). ``World/live`` given the context
  /// ``Context-swift.enum/live`` reads the platform's folders, in a test
  /// process too; ``fixed(at:)`` keeps folders of its own in any context.
  public var directories: AppDirectories {
    get { storage.fields.directories.directories(in: self) }
    set { update(.directories) { $0.directories = .given(newValue) } }
  }
}

/// The folders an app keeps its files in, as ``World/directories`` gives
/// them.
public struct AppDirectories: Sendable, Hashable {
  /// The user's documents: what the app keeps for the user.
  public var documents: URL
  /// Caches: what the app can make again.
  public var caches: URL
  /// Application Support: the app's own files, kept but not the user's.
  public var applicationSupport: URL
  /// Scratch files: gone when the system needs the space.
  public var temporary: URL

  /// Folders at the given places; none is made.
  public init(documents: URL, caches: URL, applicationSupport: URL, temporary: URL) {
    self.documents = documents
    self.caches = caches
    self.applicationSupport = applicationSupport
    self.temporary = temporary
  }

  /// The platform's own folders for the current user, as `FileManager`
  /// names them; none is made.
  public static var platform: AppDirectories {
    let files = FileManager.default
    func folder(_ kind: FileManager.SearchPathDirectory, _ fallback: String) -> URL {
      files.urls(for: kind, in: .userDomainMask).first
        ?? files.temporaryDirectory.appendingPathComponent(fallback, isDirectory: true)
    }
    return AppDirectories(
      documents: folder(.documentDirectory, "Documents"),
      caches: folder(.cachesDirectory, "Caches"),
      applicationSupport: folder(.applicationSupportDirectory, "Application Support"),
      temporary: files.temporaryDirectory)
  }

  var all: [URL] { [documents, caches, applicationSupport, temporary] }
}

/// ``World/directories`` as a world stores it; two are equal when they read
/// the same folders.
enum DirectoriesChoice: Sendable, Hashable {
  /// The context's: the platform's in a live world, else the process-wide
  /// world's isolated folders. Reads nothing until read.
  case byContext
  /// Folders of the world's own, made at their first read.
  case isolated(IsolatedFolders)
  /// Folders that code set.
  case given(AppDirectories)

  /// The platform's folders, asked for once, at a live world's first read,
  /// as the standard settings store is: `FileManager` looks them up anew
  /// at each call.
  private static let platform = AppDirectories.platform

  func directories(in world: World) -> AppDirectories {
    switch self {
    case .byContext:
      world.context == .live
        ? Self.platform : IsolatedFolders.processWide.directories(in: world)
    case .isolated(let folders): folders.directories(in: world)
    case .given(let directories): directories
    }
  }
}

extension FieldSet {
  static var directories: FieldSet { FieldSet(rawValue: 1 << 10) }
}

extension WorldStorage.Field {
  static let directories = Self(
    .directories, "directories", copy: { $0.directories = $1.directories },
    fixed: { world, _ in
      world.update(.directories) { $0.directories = .isolated(IsolatedFolders()) }
    })
}
