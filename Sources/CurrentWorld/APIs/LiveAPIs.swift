/// The live API clients of ``World/live``, made at their first call.
///
/// Making a client makes a `URLSessionConfiguration`, which on Linux costs several
/// times everything else in a release app's first read of `Current`. So
/// `World.live` holds closures that forward to these, and a `static let`
/// makes each client once, when a request first needs it.
enum LiveAPIs {
  static let catFact = CatFactAPI.live()
  static let pokemons = PokemonsAPI.live()
}
