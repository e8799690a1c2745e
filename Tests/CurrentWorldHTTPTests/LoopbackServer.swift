import Foundation

/// A real HTTP/1.1 server on 127.0.0.1, written with POSIX sockets for the
/// tests: it listens on a free port, answers each request with what
/// `handler` says, records what it received, and closes every connection
/// after one answer. ``stop()`` closes the listener and waits for every
/// thread it started.
final class LoopbackServer: @unchecked Sendable {
  /// A request as the server read it off the socket.
  struct Request: Sendable {
    var method: String
    /// The request target, as sent: path and percent-encoded query.
    var target: String
    /// Header fields, names lower-cased.
    var headers: [String: String]
    var body: Data

    var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    var rawQuery: String? {
      let parts = target.split(separator: "?", maxSplits: 1)
      return parts.count == 2 ? String(parts[1]) : nil
    }
  }

  /// How to answer a request.
  enum Reply: Sendable {
    /// A complete answer.
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// The answer after a pause.
    indirect case delayed(seconds: Double, Reply)
    /// Headers that promise `declaredLength` bytes, then only `body`, then
    /// the connection is closed.
    case truncated(declaredLength: Int, body: Data)
    /// `chunk` sent `repeats` times, so a huge body needs no huge buffer;
    /// with no Content-Length when `declaresLength` is false, so the body
    /// ends when the connection closes.
    case stream(headers: [String: String], chunk: Data, repeats: Int, declaresLength: Bool)
    /// Headers (with a Content-Length of `declaredLength`, if given), then
    /// `body`, then nothing for `seconds` before the connection is closed:
    /// only a client that stops at once gets its answer before then.
    case stalling(declaredLength: Int?, body: Data, seconds: Double)

    static func json(_ text: String, status: Int = 200) -> Reply {
      .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
  }

  let port: UInt16
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let state = NSLock()
  private var received: [Request] = []
  private var stopped = false
  private var liveThreads = 0
  private let threadsDone = NSCondition()

  /// Starts listening on 127.0.0.1 at a port the kernel picks.
  init(handler: @escaping @Sendable (Request) -> Reply) throws {
    self.handler = handler
    _ = LoopbackServer.ignoreSIGPIPE
    (listener, port) = try Self.boundSocket(listening: true)
    spawn { [self] in acceptLoop() }
  }

  /// A TCP socket bound to a free loopback port, and listening if asked.
  static func boundSocket(listening: Bool) throws -> (socket: Int32, port: UInt16) {
    let fd = socket(AF_INET, socketType(SOCK_STREAM), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && (!listening || listen(fd, 128) == 0)
          && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  deinit { stop() }

  /// Opens a plain TCP connection to the server and returns its socket,
  /// which the caller closes: a connection that is open for certain, with
  /// no client library deciding when.
  func openConnection() throws -> Int32 {
    let fd = socket(AF_INET, socketType(SOCK_STREAM), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        connect(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(fd)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    return fd
  }

  /// Every request received so far, in the order they were read.
  var requests: [Request] { state.withLock { received } }

  /// How many of the server's threads are still running.
  var runningThreads: Int { threadsDone.withLock { liveThreads } }

  /// Stops accepting, closes the listener and waits for every connection
  /// thread to finish. Calling it again does nothing.
  func stop() {
    let first = state.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    threadsDone.lock()
    while liveThreads > 0 { threadsDone.wait() }
    threadsDone.unlock()
    close(listener)
  }

  private var isStopped: Bool { state.withLock { stopped } }

  private func spawn(_ body: @escaping @Sendable () -> Void) {
    threadsDone.withLock { liveThreads += 1 }
    let thread = Thread { [self] in
      body()
      threadsDone.withLock {
        liveThreads -= 1
        threadsDone.broadcast()
      }
    }
    thread.start()
  }

  private func acceptLoop() {
    while !isStopped {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 20) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      spawn { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = read(from: connection) else { return }
    state.withLock { received.append(request) }
    write(handler(request), to: connection)
  }

  private func read(from connection: Int32) -> Request? {
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let separator = Data("\r\n\r\n".utf8)
    var headerEnd: Range<Data.Index>?
    var expected = 0
    while true {
      if headerEnd == nil, let end = buffer.range(of: separator) {
        headerEnd = end
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        expected = Self.headers(of: head)["content-length"].flatMap { Int($0) } ?? 0
      }
      if let end = headerEnd, buffer.count - end.upperBound >= expected { break }
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[0..<count])
    }
    guard let end = headerEnd else { return nil }
    let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
    let requestLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
    let parts = requestLine.split(separator: " ")
    guard parts.count == 3 else { return nil }
    return Request(
      method: String(parts[0]),
      target: String(parts[1]),
      headers: Self.headers(of: head),
      body: Data(buffer[end.upperBound..<(end.upperBound + expected)])
    )
  }

  private static func headers(of head: String) -> [String: String] {
    var headers: [String: String] = [:]
    for line in head.split(separator: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = value
    }
    return headers
  }

  private func write(_ reply: Reply, to connection: Int32) {
    switch reply {
    case .respond(let status, let headers, let body):
      transmit(head(status: status, headers: headers, length: body.count) + body, to: connection)
    case .delayed(let seconds, let reply):
      guard pause(seconds) else { return }
      write(reply, to: connection)
    case .truncated(let declaredLength, let body):
      transmit(head(status: 200, headers: [:], length: declaredLength) + body, to: connection)
    case .stream(let headers, let chunk, let repeats, let declaresLength):
      let length = declaresLength ? chunk.count * repeats : nil
      transmit(head(status: 200, headers: headers, length: length), to: connection)
      for _ in 0..<repeats { guard transmitAll(chunk, to: connection) else { return } }
    case .stalling(let declaredLength, let body, let seconds):
      transmit(head(status: 200, headers: [:], length: declaredLength) + body, to: connection)
      _ = pause(seconds)
    }
  }

  /// Waits `seconds` on this connection's thread, or less once the server
  /// is stopping: `stop()` waits for every connection, and a test that
  /// already has its answer must not wait out a long stall. `false` if it
  /// was cut short.
  private func pause(_ seconds: Double) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if isStopped { return false }
      Thread.sleep(forTimeInterval: min(0.01, max(0, end.timeIntervalSinceNow)))
    }
    return true
  }

  private func head(status: Int, headers: [String: String], length: Int?) -> Data {
    var text = "HTTP/1.1 \(status) Status \(status)\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let length { text += "Content-Length: \(length)\r\n" }
    text += "Connection: close\r\n\r\n"
    return Data(text.utf8)
  }

  private func transmit(_ data: Data, to connection: Int32) {
    _ = transmitAll(data, to: connection)
  }

  /// Sends all of `data`; `false` when the client went away.
  private func transmitAll(_ data: Data, to connection: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, 0)
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }
}

extension LoopbackServer {
  /// A client that gave up must not kill the test process with SIGPIPE when
  /// the server answers it; ignoring the signal works alike on every POSIX
  /// system, where the per-socket and per-send options differ.
  static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}

/// `SOCK_STREAM` as `socket(_:_:_:)` takes it: an `Int32` on Darwin, a C enum
/// on Glibc. The overload that fits the platform is chosen, with no `#if`.
private func socketType(_ type: Int32) -> Int32 { type }

private func socketType<T: RawRepresentable>(_ type: T) -> Int32 where T.RawValue: BinaryInteger {
  Int32(type.rawValue)
}

/// A loopback port that refuses connections: bound by this process and
/// never listened on, so that no other server, in this process or in
/// another copy of the suite, can take it while it is alive. (A port taken
/// and closed was reused by another test's server within the same second,
/// which answered.)
final class RefusingPort {
  private let socket: Int32
  let baseURL: URL

  init() throws {
    let (socket, port) = try LoopbackServer.boundSocket(listening: false)
    self.socket = socket
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  deinit { close(socket) }
}
