import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A server on a loopback port that answers every request with one JSON
/// body and counts the requests it got: a test whose client must send
/// nothing expects the count to stay at 0.
public final class LoopbackServer: Sendable {
  /// The server's address (`http://127.0.0.1:PORT`).
  public let url: URL
  /// The body of every answer.
  public let body: String
  private let requests: NIOLockedValueBox<Int>
  private let channel: any Channel

  /// How many requests reached the server.
  public var count: Int { requests.withLockedValue { $0 } }

  /// Starts a server answering `body`, blocking at most 10 seconds for its
  /// port.
  public init(answering body: String) throws {
    let requests = NIOLockedValueBox(0)
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(Answer(body: body, requests: requests))
        }
      }
    let bound = bootstrap.bind(host: "127.0.0.1", port: 0)
    channel = try bound.wait()
    guard let port = channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
    url = URL(string: "http://127.0.0.1:\(port)")!
    self.body = body
    self.requests = requests
  }

  deinit {
    channel.close(promise: nil)
  }

  /// Answers a request once its head has arrived, then closes.
  private final class Answer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let body: String
    let requests: NIOLockedValueBox<Int>
    private var head = ""

    init(body: String, requests: NIOLockedValueBox<Int>) {
      self.body = body
      self.requests = requests
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      var buffer = unwrapInboundIn(data)
      head += buffer.readString(length: buffer.readableBytes) ?? ""
      guard head.contains("\r\n\r\n") else { return }
      head = ""
      requests.withLockedValue { $0 += 1 }
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
      let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
      context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
        bound.value.close(promise: nil)
      }
    }
  }
}
