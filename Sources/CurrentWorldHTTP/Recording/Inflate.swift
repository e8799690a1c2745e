/// A plain inflater: RFC 1951 deflate data, alone or in RFC 1952 gzip or
/// RFC 1950 zlib wrappers, for reading compressed bodies where Foundation
/// has none (Linux). It is written for hostile input: every read is
/// checked, the output never grows past a limit, and anything malformed,
/// over the limit, or failing its checksum gives `nil`, never a crash.
enum Inflate {
  /// The output limit when a caller names none: 64 MiB.
  static let defaultLimit = 64 << 20

  /// The data of one or more gzip members, their CRC-32s and sizes checked;
  /// `nil` for anything else.
  static func gzip(_ input: [UInt8], limit: Int = defaultLimit) -> [UInt8]? {
    var output: [UInt8] = []
    var start = 0
    repeat {
      guard let (member, end) = gzipMember(input, from: start, limit: limit - output.count)
      else { return nil }
      output += member
      start = end
    } while start < input.count
    return output
  }

  /// The data of a zlib stream, its Adler-32 checked; `nil` for anything
  /// else, a stream that needs a preset dictionary among them.
  static func zlib(_ input: [UInt8], limit: Int = defaultLimit) -> [UInt8]? {
    guard isZlibHeader(input), input[1] & 0x20 == 0 else { return nil }
    var inflater = Inflater(input, from: 2, limit: limit)
    guard finished(&inflater) else { return nil }
    let end = inflater.byteEnd
    guard end + 4 == input.count,
      UInt32(bigEndian: input, at: end) == adler32(inflater.output)
    else { return nil }
    return inflater.output
  }

  /// The data of raw deflate blocks that fill `input`; `nil` for anything
  /// else.
  static func raw(_ input: [UInt8], limit: Int = defaultLimit) -> [UInt8]? {
    var inflater = Inflater(input, from: 0, limit: limit)
    guard finished(&inflater), inflater.byteEnd == input.count else { return nil }
    return inflater.output
  }

  /// What `input` holds as far as it decodes, checksums and truncation
  /// aside: gzip by its magic bytes, zlib by its header, and raw deflate
  /// when `tryRaw`. `overLimit` when the data goes on past `limit`.
  /// `nil` when it is none of these.
  static func salvage(_ input: [UInt8], limit: Int = defaultLimit, tryRaw: Bool = false)
    -> (bytes: [UInt8], overLimit: Bool)?
  {
    let start: Int
    if input.starts(with: [0x1F, 0x8B]) {
      guard let header = gzipHeaderEnd(input, from: 0) else { return nil }
      start = header
    } else if isZlibHeader(input) {
      start = 2
    } else if tryRaw {
      start = 0
    } else {
      return nil
    }
    var inflater = Inflater(input, from: start, limit: limit)
    do {
      try inflater.run()
    } catch {
      if error == .overLimit { return (inflater.output, true) }
    }
    return (inflater.output, false)
  }

  /// Whether `inflater` ran to its last block.
  private static func finished(_ inflater: inout Inflater) -> Bool {
    do {
      try inflater.run()
      return true
    } catch {
      return false
    }
  }

  /// Whether `input` starts as a zlib stream: deflate, a window of at most
  /// 32 KiB, and a header check that holds.
  static func isZlibHeader(_ input: [UInt8]) -> Bool {
    input.count >= 2 && input[0] & 0x0F == 8 && input[0] >> 4 <= 7
      && (UInt16(input[0]) << 8 | UInt16(input[1])) % 31 == 0
  }

  /// One gzip member at `start`: its data and where it ends.
  private static func gzipMember(_ input: [UInt8], from start: Int, limit: Int)
    -> ([UInt8], Int)?
  {
    guard let header = gzipHeaderEnd(input, from: start) else { return nil }
    var inflater = Inflater(input, from: header, limit: limit)
    guard finished(&inflater) else { return nil }
    let end = inflater.byteEnd
    guard end + 8 <= input.count,
      UInt32(littleEndian: input, at: end) == crc32(inflater.output),
      UInt32(littleEndian: input, at: end + 4) == UInt32(truncatingIfNeeded: inflater.output.count)
    else { return nil }
    return (inflater.output, end + 8)
  }

  /// Where the deflate data of the gzip member at `start` begins, past its
  /// optional extra field, name, comment and header CRC.
  private static func gzipHeaderEnd(_ input: [UInt8], from start: Int) -> Int? {
    guard start + 10 <= input.count, input[start] == 0x1F, input[start + 1] == 0x8B,
      input[start + 2] == 8, input[start + 3] & 0xE0 == 0
    else { return nil }
    let flags = input[start + 3]
    var index = start + 10
    if flags & 0x04 != 0 {
      guard index + 2 <= input.count else { return nil }
      index += 2 + (Int(input[index]) | Int(input[index + 1]) << 8)
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
      guard let zero = input[min(index, input.count)...].firstIndex(of: 0) else { return nil }
      index = zero + 1
    }
    if flags & 0x02 != 0 { index += 2 }
    return index <= input.count ? index : nil
  }

  /// The CRC-32 that gzip keeps of its data.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }

  /// CRC-32's table for each byte value.
  private static let crcTable: [UInt32] = (0..<256).map { value in
    (0..<8).reduce(UInt32(value)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }

  /// The Adler-32 that zlib keeps of its data.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }
}

extension UInt32 {
  /// Four bytes at `index`, most significant first; the caller checks that
  /// they are there.
  fileprivate init(bigEndian bytes: [UInt8], at index: Int) {
    self = bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Four bytes at `index`, least significant first; the caller checks
  /// that they are there.
  fileprivate init(littleEndian bytes: [UInt8], at index: Int) {
    self = bytes[index..<index + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }
}
