/// One raw deflate stream (RFC 1951) being inflated: the input, read bit by
/// bit from the least significant, and the output so far, which stays
/// when inflating stops short (see ``Inflate/salvage(_:limit:tryRaw:)``).
struct Inflater {
  /// Why inflating stopped short.
  enum Failure: Error {
    /// The input ends early or breaks the format.
    case malformed
    /// The output would grow past the limit.
    case overLimit
  }

  /// The compressed bytes.
  private let input: [UInt8]
  /// The next bit to read, counted from the start of `input`.
  private var bit: Int
  /// The most bytes `output` may hold.
  private let limit: Int
  /// The bytes inflated so far.
  private(set) var output: [UInt8] = []

  /// A stream that starts at byte `start` of `input` and may inflate to
  /// `limit` bytes.
  init(_ input: [UInt8], from start: Int, limit: Int) {
    self.input = input
    self.bit = start * 8
    self.limit = max(0, limit)
  }

  /// The index of the first byte after what has been read.
  var byteEnd: Int { (bit + 7) / 8 }

  /// Inflates blocks up to the last one.
  mutating func run() throws(Failure) {
    var last = false
    while !last {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try stored()
      case 1: try codes(Self.fixed.literals, Self.fixed.distances)
      case 2:
        let (literals, distances) = try dynamicCodes()
        try codes(literals, distances)
      default: throw .malformed
      }
    }
  }

  /// The next `count` bits, the first read as the least significant.
  private mutating func bits(_ count: Int) throws(Failure) -> Int {
    var value = 0
    for shift in 0..<count {
      let byte = bit >> 3
      guard byte < input.count else { throw .malformed }
      value |= Int((input[byte] >> UInt8(bit & 7)) & 1) << shift
      bit += 1
    }
    return value
  }

  /// Fails unless `count` more bytes fit under the limit.
  private func reserve(_ count: Int) throws(Failure) {
    guard count <= limit - output.count else { throw .overLimit }
  }

  /// A stored block: a length, its complement, and the bytes as they are.
  private mutating func stored() throws(Failure) {
    bit = byteEnd * 8
    let length = try bits(16)
    let complement = try bits(16)
    guard length == ~complement & 0xFFFF else { throw .malformed }
    let start = bit / 8
    guard length <= input.count - start else { throw .malformed }
    try reserve(length)
    output += input[start..<start + length]
    bit += length * 8
  }

  /// A block's literals and matches, up to its end-of-block symbol.
  private mutating func codes(_ literals: Huffman, _ distances: Huffman) throws(Failure) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        try reserve(1)
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < Self.lengthBase.count else { throw .malformed }
      let length = try Self.lengthBase[lengthIndex] + bits(Self.lengthExtra[lengthIndex])
      let distanceIndex = try decode(distances)
      guard distanceIndex < Self.distanceBase.count else { throw .malformed }
      let distance =
        try Self.distanceBase[distanceIndex] + bits(Self.distanceExtra[distanceIndex])
      guard distance <= output.count else { throw .malformed }
      try reserve(length)
      let from = output.count - distance
      for offset in 0..<length { output.append(output[from + offset]) }
    }
  }

  /// The codes a dynamic block sends before its data: the code lengths of
  /// its literals and distances, themselves Huffman-coded.
  private mutating func dynamicCodes() throws(Failure) -> (Huffman, Huffman) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCodeCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else { throw .malformed }
    var lengthCodeLengths = [Int](repeating: 0, count: 19)
    for index in Self.lengthCodeOrder.prefix(lengthCodeCount) {
      lengthCodeLengths[index] = try bits(3)
    }
    guard let lengthCode = Huffman(lengths: lengthCodeLengths[...]) else { throw .malformed }
    let total = literalCount + distanceCount
    var lengths: [Int] = []
    while lengths.count < total {
      let symbol = try decode(lengthCode)
      var (value, repeats) = (symbol, 1)
      switch symbol {
      case 16:
        guard let previous = lengths.last else { throw .malformed }
        (value, repeats) = try (previous, 3 + bits(2))
      case 17: (value, repeats) = try (0, 3 + bits(3))
      case 18: (value, repeats) = try (0, 11 + bits(7))
      default: break
      }
      guard repeats <= total - lengths.count else { throw .malformed }
      lengths += repeatElement(value, count: repeats)
    }
    guard lengths[256] != 0, let literals = Huffman(lengths: lengths[..<literalCount]),
      let distances = Huffman(lengths: lengths[literalCount...])
    else { throw .malformed }
    return (literals, distances)
  }

  /// The next symbol in `code`, read a bit at a time.
  private mutating func decode(_ code: Huffman) throws(Failure) -> Int {
    var (value, first, index) = (0, 0, 0)
    for length in 1...15 {
      value |= try bits(1)
      let count = code.counts[length]
      let offset = value - first
      if offset >= 0, offset < count { return code.symbols[index + offset] }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw .malformed
  }

  /// A canonical Huffman code: how many codes each length has, and the
  /// symbols in the order of their codes.
  struct Huffman {
    /// The number of codes of each length, 0 to 15.
    var counts = [Int](repeating: 0, count: 16)
    /// The symbols that have codes, shortest code first.
    var symbols: [Int]

    /// The code of symbols with `lengths` (0 to 15, 0 for none); `nil`
    /// when the lengths ask for more codes than there are.
    init?(lengths: ArraySlice<Int>) {
      for length in lengths { counts[length] += 1 }
      var left = 1
      for length in 1...15 {
        left = (left << 1) - counts[length]
        if left < 0 { return nil }
      }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  /// The codes of fixed-Huffman blocks.
  private static let fixed = (
    literals: Huffman(
      lengths: ([Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
        + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))[...])!,
    distances: Huffman(lengths: [Int](repeating: 5, count: 30)[...])!
  )

  /// The order in which a dynamic block sends the code lengths' lengths.
  private static let lengthCodeOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]
  /// The shortest match of each length symbol, 257 to 285.
  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  /// The extra bits each length symbol reads.
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// The shortest distance of each distance symbol, 0 to 29.
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  /// The extra bits each distance symbol reads.
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13,
  ]
}
