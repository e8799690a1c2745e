import CurrentWorld
import Foundation

/// The note's text file, in `Current.directories.documents`: the user's
/// Documents folder in a live world, a fresh folder of each test's own in
/// a test world. Its reads and writes are `async`, so the disk is touched
/// off the main actor.
///
/// ```swift
/// try await NoteFile().write("Buy yerba mate")
/// let text = try await NoteFile().read()  // "Buy yerba mate"
/// ```
public struct NoteFile: Sendable {
  /// The file's name in the documents folder.
  public var name: String

  /// The file `name` in `Current.directories.documents`.
  ///
  /// ```swift
  /// let file = NoteFile(name: "groceries.txt")
  /// ```
  public init(name: String = "note.txt") {
    self.name = name
  }

  /// Where the file is, in the documents folder of the world it is read in.
  public var url: URL {
    Current.directories.documents.appendingPathComponent(name, isDirectory: false)
  }

  /// The saved text, or `nil` when nothing was saved.
  ///
  /// - Throws: the file system's error for a file that cannot be read as
  ///   UTF-8.
  public func read() async throws -> String? {
    let url = self.url
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Saves `text` as UTF-8, replacing what the file held, in one atomic
  /// write.
  ///
  /// - Throws: the file system's error, which names the path.
  public func write(_ text: String) async throws {
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}
