import CurrentWorld
import Observation

/// The notes screen: a note kept in a text file (``NoteFile``, in
/// `Current.directories.documents`) and a count of the screen's launches
/// kept in `Current.defaults`.
///
/// Nothing here knows about tests. A test world gives each test a settings
/// store and folders of its own, so tests that run at once never read each
/// other's count or note:
///
/// ```swift
/// let viewModel = NotesViewModel()
/// await viewModel.onAppear()  // launches == 1, text == ""
/// viewModel.text = "Buy yerba mate"
/// await viewModel.save()
/// ```
@MainActor @Observable public final class NotesViewModel {
  /// The `Current.defaults` key of the launch count.
  public static let launchesKey = "notes.launches"

  /// The launches counted so far, this one included; 0 before the first
  /// ``onAppear()``.
  public private(set) var launches = 0
  /// The note, as saved or as the user edits it.
  public var text = ""
  /// Why the last load or save failed, or `nil`.
  public private(set) var error: (any Error)?

  @ObservationIgnored private let file: NoteFile

  /// A screen that keeps its note in `file`.
  ///
  /// ```swift
  /// let viewModel = NotesViewModel(file: NoteFile(name: "groceries.txt"))
  /// ```
  public init(file: NoteFile = NoteFile()) {
    self.file = file
  }

  /// Counts this launch in `Current.defaults`, then loads the saved note
  /// (an empty one when none was saved).
  ///
  /// ```swift
  /// await viewModel.onAppear()
  /// ```
  public func onAppear() async {
    launches = Current.defaults.integer(forKey: Self.launchesKey) + 1
    Current.defaults.set(launches, forKey: Self.launchesKey)
    do {
      text = try await file.read() ?? ""
      error = nil
    } catch {
      self.error = error
    }
  }

  /// Saves ``text`` to the note's file.
  ///
  /// ```swift
  /// viewModel.text = "Buy yerba mate"
  /// await viewModel.save()
  /// ```
  public func save() async {
    do {
      try await file.write(text)
      error = nil
    } catch {
      self.error = error
    }
  }
}
