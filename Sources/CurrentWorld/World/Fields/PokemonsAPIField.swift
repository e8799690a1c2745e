extension World {
  /// The Pokémon backend; in a world whose ``context`` is test, it refuses
  /// to run unless overridden.
  public var pokemonsAPI: PokemonsAPI {
    get { storage.fields.pokemonsAPI }
    set { update(.pokemonsAPI) { $0.pokemonsAPI = newValue } }
  }
}

extension PokemonsAPI {
  /// The API of ``World/live``: the service, made at the first call, unless
  /// the world the call runs in is a test's. Built without the `LiveAPIs`
  /// trait, it throws an error that names the trait.
  static var liveInWorld: PokemonsAPI {
    PokemonsAPI(fetchPokemons: {
      try await TestProcess.unlessTesting("Current.pokemonsAPI.fetchPokemons") {
        #if LiveAPIs
          try await LiveAPIs.pokemons.fetchPokemons()
        #else
          throw UnimplementedError.liveAPIsTraitOff("Current.pokemonsAPI.fetchPokemons")
        #endif
      }
    })
  }
}

extension FieldSet {
  static var pokemonsAPI: FieldSet { FieldSet(rawValue: 1 << 8) }
}

extension WorldStorage.Field {
  static let pokemonsAPI = Self(.pokemonsAPI, "pokemonsAPI") { $0.pokemonsAPI = $1.pokemonsAPI }
}
