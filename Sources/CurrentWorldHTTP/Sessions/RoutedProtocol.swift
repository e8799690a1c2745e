internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The protocol class of one route's sessions: it takes every request,
/// and hands it to the route that its `Tag` names.
final class RoutedProtocol<Tag: RouteTag>: URLProtocol, RoutedClass {
  private var delivery: Delivery?

  static var tag: ObjectIdentifier { ObjectIdentifier(Tag.self) }

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let delivery = Delivery(self)
    self.delivery = delivery
    var request = self.request
    if request.httpBody == nil, let stream = request.httpBodyStream {
      // In this order: a request keeps one body, so clearing the stream
      // clears the data too.
      request.httpBodyStream = nil
      request.httpBody = Self.read(stream)
    }
    // An upload task's body never reaches a protocol, on Linux or Apple's
    // systems alike.
    let bodyUnseen = task is URLSessionUploadTask && request.httpBody == nil
    guard let route = SessionRoute.route(for: Tag.self) else {
      return delivery.deliver(.failure(URLError(.unsupportedURL)))
    }
    delivery.watched(by: route.beginLongWait(for: request))
    delivery.started(route.answer(request, bodyUnseen: bodyUnseen, deliver: delivery.deliver))
  }

  override func stopLoading() {
    delivery?.stop()
  }

  /// A body given as a stream (on Apple's systems, often how a body
  /// reaches a protocol), read to its end.
  private static func read(_ stream: InputStream) -> Data {
    var body = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    stream.open()
    defer { stream.close() }
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      body.append(contentsOf: buffer[..<count])
    }
    return body
  }
}

/// A protocol class of a route, which tells its route's tag.
protocol RoutedClass {
  static var tag: ObjectIdentifier { get }
}

/// One request's answer, given to its protocol's client once, from any
/// thread, and never after the session stopped the request.
// `@unchecked Sendable`: every `var` is read and written under `lock`
// only, and the client is called once, by whoever cleared `loading`.
final class Delivery: @unchecked Sendable {
  private let lock = Lock()
  private var loading: URLProtocol?
  private var answering: Task<Void, Never>?
  /// Ends the watch on this wait (see `SessionRoute.beginLongWait(for:)`).
  private var endWatch: (@Sendable () -> Void)?
  /// Where the client is called: made in `startLoading`.
  private let thread = LoadingThread()

  init(_ loading: URLProtocol) {
    self.loading = loading
  }

  /// Keeps `endWatch`, to call once the request is answered or stopped;
  /// calls it at once if it already was.
  func watched(by endWatch: (@Sendable () -> Void)?) {
    let done = lock.withLock {
      if loading != nil { self.endWatch = endWatch }
      return loading == nil
    }
    if done { endWatch?() }
  }

  /// Keeps `answering`, to cancel it on a stop; cancels it at once if the
  /// request was already answered or stopped.
  func started(_ answering: Task<Void, Never>?) {
    let done = lock.withLock {
      self.answering = answering
      return loading == nil
    }
    if done { answering?.cancel() }
  }

  /// Gives `result` to the client, on the thread that started loading,
  /// unless something was given already or the request was stopped.
  @Sendable func deliver(_ result: Result<(Data, URLResponse), any Error>) {
    thread.perform { self.give(result) }
  }

  private func give(_ result: Result<(Data, URLResponse), any Error>) {
    let (taken, endWatch) = lock.withLock {
      defer { (loading, self.endWatch) = (nil, nil) }
      return (loading, self.endWatch)
    }
    endWatch?()
    guard let loading = taken else { return }
    switch result {
    case .success(let (data, response)):
      loading.client?.urlProtocol(loading, didReceive: response, cacheStoragePolicy: .notAllowed)
      loading.client?.urlProtocol(loading, didLoad: data)
      loading.client?.urlProtocolDidFinishLoading(loading)
    case .failure(let error):
      loading.client?.urlProtocol(loading, didFailWithError: error)
    }
  }

  func stop() {
    let (answering, endWatch) = lock.withLock {
      defer { (loading, self.endWatch) = (nil, nil) }
      return (self.answering, self.endWatch)
    }
    endWatch?()
    answering?.cancel()
  }
}
