#if LiveAPIs
  /// The live API clients of ``World/live``, made at their first call.
  ///
  /// Making a client reaches into FoundationNetworking (it copies a
  /// `URLSessionConfiguration`, and once touched `URLSession.shared`, which
  /// on Linux cost several times everything else in a release app's first
  /// read of `Current`). So
  /// `World.live` holds closures that forward to these, and a `static let`
  /// makes each client once, when a request first needs it.
  enum LiveAPIs {
    static let catFact = CatFactAPI.live()
    static let pokemons = PokemonsAPI.live()
  }
#endif
