internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Replaying: matching a request to the first unused answer recorded for
// it, and answering with it.

extension HARTransport {
  /// The first unused answer recorded for `key`, now used.
  func take(_ key: RequestKey) -> Result<HTTPArchive.Exchange, MissingAnswer> {
    state.withLock { state in
      // The request's own route first, then the routes with a hidden
      // segment, which match any.
      let routes = [key.route] + state.hiddenRoutes.filter { $0 != key.route }
      for route in routes {
        guard
          let position = state.unused[route]?.firstIndex(where: { state.recorded[$0].key == key })
        else { continue }
        let index = state.unused[route, default: []].remove(at: position)
        return .success(state.recorded[index].exchange)
      }
      return .failure(MissingAnswer(key: key, among: state.recorded.lazy.map(\.key)))
    }
  }

  func answer(_ request: URLRequest, key: RequestKey, with exchange: HTTPArchive.Exchange)
    throws -> (Data, URLResponse)
  {
    switch exchange {
    case let exchange where exchange.status == 0:
      throw URLError(
        exchange.failure ?? .networkConnectionLost,
        userInfo: [
          NSLocalizedDescriptionKey:
            "\(key.summary) was recorded in \(name) with no answer (status 0)."
        ])
    default:
      let url = request.url ?? exchange.url
      // A loopback server written as `localhost`: its URLs in the answer
      // (a redirect's `Location`) name the server that asks now.
      let headers = exchange.headers.mapValues {
        RecordedOrigin.replayed($0, recordedFrom: exchange.url, requested: url)
      }
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: exchange.status, httpVersion: "HTTP/1.1",
          headerFields: headers)
      else { throw URLError(.badServerResponse) }
      return (exchange.body, response)
    }
  }
}
