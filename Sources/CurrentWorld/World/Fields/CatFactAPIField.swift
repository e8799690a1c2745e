extension World {
  /// The cat fact backend; in a world whose ``context`` is test, it refuses
  /// to run unless overridden.
  public var catFactAPI: CatFactAPI {
    get { storage.fields.catFactAPI }
    set { update(.catFactAPI) { $0.catFactAPI = newValue } }
  }
}

extension CatFactAPI {
  /// The API of ``World/live``: the service, made at the first call, unless
  /// the world the call runs in is a test's. Built without the `LiveAPIs`
  /// trait, it throws an error that names the trait.
  static var liveInWorld: CatFactAPI {
    CatFactAPI(fetchFact: {
      try await TestProcess.unlessTesting("Current.catFactAPI.fetchFact") {
        #if LiveAPIs
          try await LiveAPIs.catFact.fetchFact()
        #else
          throw UnimplementedError.liveAPIsTraitOff("Current.catFactAPI.fetchFact")
        #endif
      }
    })
  }
}

extension FieldSet {
  static var catFactAPI: FieldSet { FieldSet(rawValue: 1 << 9) }
}

extension WorldStorage.Field {
  static let catFactAPI = Self(.catFactAPI, "catFactAPI") { $0.catFactAPI = $1.catFactAPI }
}
