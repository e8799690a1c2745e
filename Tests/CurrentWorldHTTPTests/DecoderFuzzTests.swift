import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Thousands of random and mutated payloads, from a fixed seed, fed to both
/// live clients' decoding: each must end in a value or in
/// `APIError.decoding`, and nothing may crash.
@Suite(.timeLimit(.minutes(10))) struct DecoderFuzzTests {
  static let seeds: [Data] = [
    Data(#"{"fact": "Cats purr.", "length": 10}"#.utf8),
    Data(#"{"results": [{"name": "bulbasaur", "url": "u"}, {"name": "ivysaur"}]}"#.utf8),
    Data(#"{"fact": "🐈 ñ 猫", "length": -1, "extra": [null, true, 1e308]}"#.utf8),
    Data(#"{"results": []}"#.utf8),
  ]

  static let tokens: [String] = [
    "{", "}", "[", "]", ":", ",", "\"", "\\", "null", "true", "1e999", "-0", "\"fact\"",
    "\"results\"", "\"name\"", "\"length\"", "\u{0}", "\u{FEFF}", "🐈",
  ]

  /// A payload: random bytes, random tokens, or a seed with bytes flipped,
  /// cut, duplicated or tokens spliced in.
  static func payload(_ generator: inout SplitMix) -> Data {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      return Data(
        (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        })
    case 1:
      return Data(
        (0..<Int.random(in: 0..<24, using: &generator)).map { _ in
          tokens.randomElement(using: &generator)!
        }.joined().utf8)
    default:
      var bytes = [UInt8](seeds.randomElement(using: &generator)!)
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.removeSubrange(index...)
        case 2: bytes.insert(contentsOf: bytes[index...].prefix(8), at: index)
        default:
          bytes.insert(contentsOf: Array(tokens.randomElement(using: &generator)!.utf8), at: index)
        }
      }
      return Data(bytes)
    }
  }

  static func stubClient(answering body: Data) -> HTTPClient {
    HTTPClient(baseURL: URL(string: "https://fuzz.invalid")!) { request in
      (
        body,
        HTTPURLResponse(
          url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
      )
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func randomPayloadsEndInAValueOrADecodingError(seed: UInt64) async {
    var generator = SplitMix(state: seed)
    var outcomes = (values: 0, decodingErrors: 0, other: [String]())
    for _ in 0..<1_000 {
      let client = Self.stubClient(answering: Self.payload(&generator))
      for call in [
        { _ = try await CatFactAPI.live(client: client).fetchFact() },
        { _ = try await PokemonsAPI.live(client: client).fetchPokemons() },
      ] as [@Sendable () async throws -> Void] {
        do {
          try await call()
          outcomes.values += 1
        } catch APIError.decoding {
          outcomes.decodingErrors += 1
        } catch {
          outcomes.other.append(String(describing: error))
        }
      }
    }
    #expect(outcomes.other.isEmpty, "\(outcomes.other.prefix(3))")
    #expect(outcomes.values + outcomes.decodingErrors == 2_000)
    // The mutations keep some payloads valid, so both outcomes must occur.
    #expect(outcomes.values > 0)
    #expect(outcomes.decodingErrors > 0)
  }
}
