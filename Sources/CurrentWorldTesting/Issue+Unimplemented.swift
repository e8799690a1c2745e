#if DEBUG
  import CurrentWorld
  import Testing

  extension Issue {
    /// The call to an unimplemented dependency that this issue reports, or
    /// `nil` for any other issue: a typed match for `withKnownIssue`, so a
    /// test that expects one forgotten override lets no other failure pass.
    /// It is read from the error that CurrentWorld records with the issue,
    /// not from its text: an issue whose comment merely says the same words
    /// is not one.
    ///
    /// ```swift
    /// await withKnownIssue {
    ///   await FactScreen().fetch()
    /// } matching: { issue in
    ///   issue.unimplementedCall?.field == "Current.catFactAPI.fetchFact"
    /// }
    /// ```
    public var unimplementedCall: UnimplementedError? {
      (error as? UnimplementedCallRecord)?.call
    }
  }
#endif
