#if DEBUG
  /// The world that app code reads: `Current.date()`, `Current.locale`,
  /// `try await Current.weatherAPI.forecast()` for an API the app declares.
  ///
  /// In DEBUG builds `Current` can be overwritten, field by field or whole:
  ///
  /// ```swift
  /// Current.date = { .distantFuture }
  /// Current.locale = Locale(identifier: "es-AR")
  /// Current = World.live
  /// ```
  ///
  /// A read returns the innermost world entered with
  /// ``withWorld(_:operation:)-((World)->Void,_)`` (or the testing trait),
  /// else the process-wide world; a write changes that same world, and is
  /// never seen in another scope. A write of one field is atomic: tasks that
  /// write different fields at the same instant all keep their writes, and a
  /// `deinit` that a write triggers may itself use `Current`.
  ///
  /// In release builds `Current` is a `let` holding ``World/live`` (as
  /// ``World/bootstrap(fileID:filePath:line:column:_:)`` configured it), so
  /// an override that would ship is a compile error.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public var Current: World {
    get { WorldScope.read() }
    set { WorldScope.write(newValue) }
  }
#elseif ReleaseScopes
  /// The world that app code reads: `Current.date()`, `Current.locale`,
  /// `try await Current.weatherAPI.forecast()` for an API the app declares.
  ///
  /// Built in release with the `ReleaseScopes` trait, as a server is that
  /// runs each request in a world of its own, `Current` is read-only: a
  /// read returns the innermost world entered with `withWorld`, else the
  /// launch world that ``World/bootstrap(fileID:filePath:line:column:_:)``
  /// configured, and an assignment is a compile error.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public var Current: World { WorldScope.read() }
#else
  /// The world that app code reads: `Current.date()`, `Current.locale`,
  /// `try await Current.weatherAPI.forecast()` for an API the app declares.
  ///
  /// In release builds `Current` is a `let` holding ``World/live``, as
  /// ``World/bootstrap(fileID:filePath:line:column:_:)`` configured it at
  /// launch: reading it is a plain global load, and an override that would
  /// ship is a compile error. DEBUG builds make it a `var` that tests can
  /// overwrite.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let Current: World = LaunchWorld.seal(.firstUse)
#endif
