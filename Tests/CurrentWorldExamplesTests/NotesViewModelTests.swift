import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

/// The notes screen on a test world's own stored state: a settings store
/// (`Current.defaults`) and folders (`Current.directories`) of each test's
/// own, empty at its start.
@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct NotesViewModelTests {
  /// Promise: cases that run at once, each writing its own count to the
  /// same key and its own note to the same file name, each read back only
  /// their own. The file is read and written off the main actor, so the
  /// cases interleave there.
  @Test(arguments: 1...20)
  func eachTestReadsBackOnlyItsOwnCountAndNote(_ number: Int) async throws {
    let viewModel = NotesViewModel()
    for _ in 1...number {
      await viewModel.onAppear()
    }
    viewModel.text = "Note \(number)"
    await viewModel.save()
    await Task.yield()

    let reopened = NotesViewModel()
    await reopened.onAppear()

    #expect(reopened.error == nil)
    #expect(reopened.launches == number + 1)
    #expect(reopened.text == "Note \(number)")
    #expect(Current.defaults.integer(forKey: NotesViewModel.launchesKey) == number + 1)
    #expect(try String(contentsOf: NoteFile().url, encoding: .utf8) == "Note \(number)")
  }

  @Test func aFreshTestIsTheFirstLaunchWithNoNote() async {
    let viewModel = NotesViewModel()

    await viewModel.onAppear()

    #expect(viewModel.launches == 1)
    #expect(viewModel.text == "")
    #expect(viewModel.error == nil)
  }

  /// Promise: the count goes to the test's own store, never to
  /// `UserDefaults.standard`, the machine's settings.
  @Test func theStandardStoreIsNeverWritten() async {
    let key = NotesViewModel.launchesKey
    let before = UserDefaults.standard.object(forKey: key) as? Int
    #expect(Current.defaults !== UserDefaults.standard)
    let viewModel = NotesViewModel()

    await viewModel.onAppear()
    await viewModel.onAppear()
    viewModel.text = "Buy yerba mate"
    await viewModel.save()

    #expect(viewModel.launches == 2)
    #expect(Current.defaults.integer(forKey: key) == 2)
    #expect(UserDefaults.standard.object(forKey: key) as? Int == before)
  }

  /// Promise: the note is the one file in the test's documents folder, not
  /// the platform's.
  @Test func theNoteLandsInTheDocumentsFolder() async throws {
    let viewModel = NotesViewModel()
    viewModel.text = "Buy yerba mate"

    await viewModel.save()

    let documents = Current.directories.documents
    #expect(documents != AppDirectories.platform.documents)
    #expect(
      NoteFile().url.deletingLastPathComponent().standardizedFileURL
        == documents.standardizedFileURL)
    #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path) == ["note.txt"])
    #expect(
      try String(contentsOf: documents.appendingPathComponent("note.txt"), encoding: .utf8)
        == "Buy yerba mate")
  }

  @Test func aFolderThatIsMissingShowsTheError() async {
    Current.directories.documents = Current.directories.temporary
      .appendingPathComponent("missing", isDirectory: true)
    let viewModel = NotesViewModel()
    viewModel.text = "Buy yerba mate"

    await viewModel.save()

    #expect(viewModel.error != nil)
    #expect(!FileManager.default.fileExists(atPath: NoteFile().url.path))
  }
}
