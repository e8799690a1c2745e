#if Hummingbird
  import CurrentWorld
  import HTTPTypes
  import Hummingbird

  /// How the world middleware keeps a response body in the request's world.
  ///
  /// A body is written after the handler returns, when the middleware's
  /// scope has ended. A small body of known length is written at once,
  /// inside the scope, into one buffer: the server then sends it as it sends
  /// any buffer, with the head. Any other body (streamed, or larger than
  /// ``collectLimit``) is wrapped, so that it is written in the request's
  /// world whenever the server writes it.
  enum WorldBody {
    /// The largest body of known length that is written at once.
    static let collectLimit = 64 * 1024

    /// `body`, written in the world that `Current` sees here, however the
    /// server comes to write it. Call it in the request's world.
    static func keeping(_ body: ResponseBody) async throws -> ResponseBody {
      if let length = body.contentLength, length <= collectLimit {
        let collected = Collected()
        try await body.write(CollectingWriter(into: collected))
        guard let trailers = collected.trailers else {
          return ResponseBody(byteBuffer: collected.buffer)
        }
        let buffer = collected.buffer
        return ResponseBody(contentLength: buffer.readableBytes) { writer in
          try await writer.write(buffer)
          try await writer.finish(trailers)
        }
      }
      let world = SharedWorld()
      return ResponseBody(contentLength: body.contentLength) { writer in
        try await world.run { try await body.write(writer) }
      }
    }

    /// What a body wrote: its bytes, and its trailers if it had any.
    final class Collected {
      var buffer = ByteBuffer()
      var trailers: HTTPFields?
    }

    /// A writer that keeps what it is given.
    struct CollectingWriter: ResponseBodyWriter {
      let collected: Collected

      init(into collected: Collected) {
        self.collected = collected
      }

      mutating func write(_ buffer: ByteBuffer) async throws {
        // The first buffer is kept as it is, shared rather than copied: most
        // bodies of known length are one buffer.
        if collected.buffer.readableBytes == 0 {
          collected.buffer = buffer
          return
        }
        var buffer = buffer
        collected.buffer.writeBuffer(&buffer)
      }

      consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        collected.trailers = trailingHeaders
      }
    }
  }
#endif
