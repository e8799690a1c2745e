#if DEBUG
  import CurrentWorld
  import Testing

  extension Issue {
    /// The call to an unimplemented dependency that this issue reports, or
    /// `nil` for any other issue: a typed match for `withKnownIssue`, so a
    /// test that expects one forgotten override lets no other failure pass.
    /// It is known while Swift Testing records the issue, which is when
    /// `withKnownIssue` asks its `matching` closure (and an issue-handling
    /// trait its closure); an issue whose comment merely says the same words
    /// is not one, and an `Issue` kept for later gives `nil`.
    ///
    /// ```swift
    /// await withKnownIssue {
    ///   await FactScreen().fetch()
    /// } matching: { issue in
    ///   issue.unimplementedCall?.field == "Current.catFactAPI.fetchFact"
    /// }
    /// ```
    public var unimplementedCall: UnimplementedError? {
      guard let recording = UnimplementedCallRecording.current,
        comments.map(\.rawValue) == [recording.comment]
      else { return nil }
      return recording.call
    }
  }

  /// The call to an unimplemented dependency whose issue is being recorded
  /// on this thread. The issue is a plain one, so that Swift Testing shows
  /// it as it shows the others (an issue carrying an error reads "Caught
  /// error"); `withKnownIssue` matches it synchronously, inside
  /// `Issue.record`, so the matcher finds the call here.
  struct UnimplementedCallRecording: Sendable {
    let call: UnimplementedError
    /// The issue's whole comment, which tells this issue from another one
    /// recorded while the matcher runs.
    let comment: String

    @TaskLocal static var current: UnimplementedCallRecording?

    /// Records the issue of `call` with Swift Testing, at `location`.
    static func record(_ call: UnimplementedError, comment: String, at location: SourceLocation) {
      $current.withValue(UnimplementedCallRecording(call: call, comment: comment)) {
        Issue.record(Comment(rawValue: comment), sourceLocation: location)
      }
    }
  }
#endif
