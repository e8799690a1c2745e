import Foundation
import Testing

@testable import CurrentWorldHTTP

/// The inflater against fixed vectors made with Python's `zlib` and `gzip`
/// modules (stored, fixed- and dynamic-Huffman blocks, empty data, two
/// gzip members, a payload of 100 KB), and against hostile input:
/// truncated streams, bad checksums, bad Huffman tables and a zip bomb,
/// each `nil`, and random bytes, none of which crash or hang it.
@Suite(.timeLimit(.minutes(2))) struct InflateTests {
  /// The bytes that `base64` stands for, across lines.
  static func bytes(_ base64: String) -> [UInt8] {
    Array(Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data())
  }

  /// The text of ``fixedZlib`` and ``fixedRaw``.
  static let fixed = Array("fixed Huffman: abcabcabcabc fixed fixed fixed".utf8)
  /// The text of ``dynamicGzip``.
  static let dynamic = Array(
    String(
      repeating: String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 3)
        + "Pack my box with five dozen liquor jugs! 0123456789\n", count: 20
    ).utf8)
  /// The text of ``bigGzip``: 108,890 bytes.
  static let big = Array(
    (0..<2000).map { "line \($0): the quick brown fox jumps over the lazy dog\n" }.joined().utf8)

  /// "Hello, stored block!" in one stored block (level 0).
  static let storedRaw = bytes("ARQA6/9IZWxsbywgc3RvcmVkIGJsb2NrIQ==")
  /// `fixed` in a zlib stream of one fixed-Huffman block.
  static let fixedZlib = bytes("eAFLy6xITVHwKE1Ly03Ms1JITEqGI4U0sBwSCQB5QxB4")
  /// `fixed` as raw deflate, one fixed-Huffman block.
  static let fixedRaw = bytes("S8usSE1R8ChNS8tNzLNSSExKhiOFNLAcEgkA")
  /// `dynamic` in gzip, one dynamic-Huffman block (level 9).
  static let dynamicGzip = bytes(
    """
    H4sIAAAAAAAC/+3OyxGCQBRE0b1RtAlY/hDNwsUkADrAIPBgYECInpcEG6rXfbvqmMKiC+7zQ+plapDJH2Wo2x4yWo9B
    5ypZZnwlP8FsFr8T7eoZqUaTGwpkbrQ6LbZB5bogXr95f8T5cr3do0f8fB0M6aSTTjrppJNOOumkk0466fugrx0K05Gc
    DgAA
    """)
  /// Nothing, in gzip.
  static let emptyGzip = bytes("H4sIAAAAAAAA/wMAAAAAAAAAAAA=")
  /// Nothing, in zlib.
  static let emptyZlib = bytes("eJwDAAAAAAE=")
  /// "first member, " and "second member", two gzip members.
  static let multiGzip = bytes(
    """
    H4sIAAAAAAAA/0vLLCouUchNzU1KLdJRAADe/wpiDgAAAB+LCAAAAAAAAP8rTk3Oz0tRyE3NTUotAgAkdPqfDQAAAA==
    """)
  /// ``big`` in gzip: many blocks.
  static let bigGzip = bytes(
    """
    H4sIAAAAAAAA/53dS7ZYyVGG0T6j0BCUGZHxYDY8CjAULrAxNoyeAzNgt7X+lr4l3btX5slff/f7X378/Osf//FPv/z4
    9z/97u/+5cff/uG3P//+xz/89pcf//ynf/23P/747T9/+cP//fGvf/Pf//Xj73/7x7/69X83BzYXNgGbhM2DTcGmYTOw
    Wfk7pRCkhCMpHGnhSAxHajiSw5EejgRxpIgrRVz6t0GKuFLElSKuFHGliCtFXCniShEhRYQUEfTfhRQRUkRIESFFhBQR
    UkRIESlFpBSRUkTSTxBSREoRKUWkFJFSREoRT4p4UsSTIp4U8eiHSiniSRFPinhSxJMiSoooKaKkiJIiSooo+j1Diigp
    oqSIkiJaimgpoqWIliJaimgpoulXTymipYiWIkaKGClipIiRIkaKGClipIghjZAiRopYKWKliJUiVopYKWKliJUiVopY
    AioTKiKqn2RUPwmpfpJS/SSm+klO9ZOg6idJ1U+iqp/UBvIltWGAaYJphGmGaYhpimmMSY55CDIPSeYhyjxkmYcw85Bm
    HuLMQ555CDQPieYh0jxkmodQ85BqHmLNQ655CDYPyeYh2jxkm4dw85BuHuLNQ755CDgPCech4jxknIeQ85ByHmLOQ855
    CDoPSech6jxknYew85B2HuLOQ955CDwPiech8jxknofQ85B6HmLPQ+55CD4Pyech+jxkn4fw85B+HuLPQ/55CEAPCegh
    Aj1koIcQ9JCCHmLQQw56CEIPSeghCj1koYcw9JCGHuLQQx56CEQPieghEj1koodQ9JCKHmLRQy56yUUvueglF73kopdc
    9JKLXnLRSy56yUUvueglF73kopdc9JKLXnLRSy56yUUvueglF712vtMOeOIJT2rDznjaIU875WnHPO2cpx30JBe95KKX
    XPSSi15y0UsueslFL7noJRe95KKXXPSSi15y0UsueslFL7noJRe95KKXXPSSi15y0UsueslFL7noJRe95KKXXPSSi15y
    0UsueslFL7noJRe95KKXXPSSi15y0UsueslFL7noJRe95KKXXPSSi15y0UsueslFL7noJRe95KKXXPSSi15y0UsueslF
    L7noJRe95KKXXPSSi15y0UsueslFL7noJRe95KKXXPSSi15y0UsueslFg1w0yEWDXDTIRYNcNMhFg1w0yEWDXDTIRYNc
    NMhFg1w0yEWDXDTIRYNcNMhFg1w0yEWDXDTIRYNcNMhFg1w0yEWDXDTIRYNcNOwGvF2BtzvweAme2rBr8HYP3i7C2014
    uwpPLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEu
    GuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJBLhrkokEuGuSiQS4a5KJB
    LhrkokEuGuSiQS4a5KJBLprkokkumuSiSS6a5KJJLprkokkumuSiSS6a5KJJLprkokkumuSiSS6a5KJJLprkokkumuSi
    SS6a5KJJLprkokkumuSiSS6a5KJJLprkokkumuSiSS6a5KJJLprkokkumuSiad8ItY+E2ldC7TOh+J1QasO+FGqfCrVv
    hdrHQslFk1w0yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0
    yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0yUWTXDTJRZNcNMlFk1w0yUUfuegjF33k
    oo9c9JGLPnLRRy76yEUfuegjF33koo9c9JGLPnLRRy76yEUfuegjF33koo9c9JGLPnLRRy76yEUfuegjF33koo9c9JGL
    PnLRRy76yEUfuegjF33koo9c9JGLPnLRRy76yEUfuegjF33koo9c9JGLPnLRRy76yEUfueizV5TsGSV7R8keUrKXlPAp
    JWrDHlOy15TsOSVy0Ucu+shFH7noIxd95KKPXPSRiz5y0Ucu+shFH7noIxd95KKPXPSRiz5y0Ucu+shFH7noIxd95KKP
    XPSRiz5y0Ucu+shFH7noIxd95KKPXPSRiz5y0Ucu+shFH7noIxd95KKPXPSRiz5y0SIXLXLRIhctctEiFy1y0SIXLXLR
    IhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y
    0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy17Z94emreX5u2p
    eXtr3h6bx9fmqQ17b94enCcXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhctctEiFy1y0SIXLXLRIhct
    ctEiFy1y0SIXLXLRIhctctEiFy1y0SIXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYX
    bXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEm
    F21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLR
    JhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmF21y0SYXbXLRJhdtctEmFx1y
    0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcd
    ctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEX
    HXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEh
    Fx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRcdctEhFx1y0SEXHXLRIRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLR
    JRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y
    0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRdd
    ctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUXXXLRJRddctElF11y0SUX
    XXLRJRddctElF11y0SUXPT8JRr+Z1PHNJI9vJn18Mwnkm0kh30wS+WbSyDeTSL6ZVUJE+s2sEkLSb2aVEJN+M6uEoPSb
    WSVEpd/MKiEs/WZWCXHpN7NKCEy/mVVCZPrNrBJC029mlRCbfjOrhOD0m1klRKffzCohPP1mVgnx6TezSghQv5lVQoT6
    zawSQtRvZpUQo34zq4Qg9ZtZJUSp38wqIUz9ZlYJceo3s0oIVL+ZVUKk+s2sEkLVb2aVEKt+M6uEYPWbWSVEq9/MKiFc
    /WZWCfHqN7NKCFi/mVVCxPrNrBJC1m9mlRCzfjOrhKD1m1klRK3fzCohbP1mVglx6zezSghcv5lVQuT6zawSQtdvZpUQ
    u34zq4Tg9ZtZJUSv34wqOWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj
    9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z
    6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWav
    x+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0es9dj9nrMXo/Z6zF7PWavx+z1mL0e
    s9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrN
    Xq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7
    vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1
    mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7vWav1+z1mr1es9dr9nrNXq/Z6zV7DbPXMHsNs9cwew2z
    1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsN
    s9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7
    DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cw
    ew2z1zB7DbPXMHsNs9cwew2z1zB7DbPXMHsNs9cwe02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPX
    NHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z
    1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtN
    s9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7TbPXNHtNs9c0e02z1zR7
    TbPXNHt9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9
    Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZ
    vT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2
    +sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z12f2+sxen9nrM3t9Zq/P7PWZvT6z1zJ7LbPXMnst
    s9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7
    LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cy
    ey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPX
    Mnsts9cyey2z1zJ7LbPXMnsts9cyey2z1zJ7LbPXMnsts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z
    1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntt
    s9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7
    bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2e22z1zZ7bbPXNntts9c2
    e22z1zZ7bbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPX
    MXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z
    1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsd
    s9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zF7HbPXMXsds9cxex2z1zV7XbPXNXtds9c1e12z1zV7
    XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1
    e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPX
    NXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z1zV7XbPXNXtds9c1e12z
    1zV7XbPXNXtds9c1e12z1zV7XbPXNXvd/6+9/g83S9OuWqkBAA==
    """)
  /// 2 MiB of zeros in 2 KB of zlib.
  static let bombZlib = bytes(
    """
    eNrtwTEBAAAAwqD1T20MH6AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAvgYB4AAB
    """)
  /// A dynamic block whose 19 code-length codes are all one bit long.
  static let oversubscribed = bytes("BeCTJEmSJEmSAA==")
  /// A block of the reserved type 3.
  static let reservedType = bytes("Bw==")
  /// A fixed block whose first symbol copies from before the start.
  static let distanceTooFar = bytes("AwIA")

  /// Promise: CRC-32 and Adler-32 give their published check values.
  @Test func checksumsGiveTheirCheckValues() {
    #expect(Inflate.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(Inflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
  }

  /// Promise: stored, fixed- and dynamic-Huffman blocks inflate to their
  /// text, raw and in zlib and gzip.
  @Test func eachKindOfBlock() {
    #expect(Inflate.raw(Self.storedRaw) == Array("Hello, stored block!".utf8))
    #expect(Inflate.raw(Self.fixedRaw) == Self.fixed)
    #expect(Inflate.zlib(Self.fixedZlib) == Self.fixed)
    #expect(Inflate.gzip(Self.dynamicGzip) == Self.dynamic)
  }

  /// Promise: empty data inflates to nothing, and no input is no stream.
  @Test func emptyData() {
    #expect(Inflate.gzip(Self.emptyGzip) == [])
    #expect(Inflate.zlib(Self.emptyZlib) == [])
    #expect(Inflate.gzip([]) == nil)
    #expect(Inflate.zlib([]) == nil)
    #expect(Inflate.raw([]) == nil)
  }

  /// Promise: gzip members follow one another, and a 100 KB payload of
  /// many blocks inflates whole.
  @Test func twoMembersAndALargePayload() {
    #expect(Inflate.gzip(Self.multiGzip) == Array("first member, second member".utf8))
    #expect(Self.big.count == 108_890)
    #expect(Inflate.gzip(Self.bigGzip) == Self.big)
  }

  /// Promise: every truncated stream is `nil`; salvaging reads what
  /// decodes before the cut.
  @Test func truncatedStreams() {
    for count in 0..<Self.dynamicGzip.count {
      #expect(Inflate.gzip(Array(Self.dynamicGzip.prefix(count))) == nil, "cut at \(count)")
    }
    for count in 0..<Self.fixedZlib.count {
      #expect(Inflate.zlib(Array(Self.fixedZlib.prefix(count))) == nil, "cut at \(count)")
    }
    for stream in [Self.storedRaw, Self.fixedRaw] {
      for count in 0..<stream.count {
        #expect(Inflate.raw(Array(stream.prefix(count))) == nil, "cut at \(count)")
      }
    }
    #expect(Inflate.gzip(Array(Self.bigGzip.dropLast(100))) == nil)
    let salvaged = Inflate.salvage(Array(Self.bigGzip.prefix(Self.bigGzip.count / 2)))
    #expect(salvaged?.overLimit == false)
    #expect((salvaged?.bytes.count ?? 0) > 10_000)
    #expect(Self.big.starts(with: salvaged?.bytes ?? [0]))
  }

  /// Promise: a gzip CRC-32 or size, or a zlib Adler-32, that does not
  /// match the data is `nil`, as are trailing bytes and a zlib stream
  /// that needs a dictionary.
  @Test func badChecksumsAndWrappers() {
    for index in Self.dynamicGzip.count - 8..<Self.dynamicGzip.count {
      var broken = Self.dynamicGzip
      broken[index] ^= 0x01
      #expect(Inflate.gzip(broken) == nil, "byte \(index) changed")
    }
    var badAdler = Self.fixedZlib
    badAdler[badAdler.count - 1] ^= 0x01
    #expect(Inflate.zlib(badAdler) == nil)
    #expect(Inflate.gzip(Self.dynamicGzip + [0]) == nil)
    #expect(Inflate.zlib(Self.fixedZlib + [0]) == nil)
    #expect(Inflate.raw(Self.fixedRaw + [0]) == nil)
    // FDICT set, the header check kept: 0x78 0xBB.
    #expect(Inflate.zlib([0x78, 0xBB] + Array(Self.fixedZlib.dropFirst(2))) == nil)
    #expect(Inflate.zlib([0x78, 0x9D] + Array(Self.fixedZlib.dropFirst(2))) == nil)
    // The salvage reads a stream whatever its checksum.
    #expect(Inflate.salvage(badAdler)?.bytes == Self.fixed)
  }

  /// Promise: bad Huffman tables, the reserved block type and a distance
  /// before the start are `nil`.
  @Test func badHuffmanData() {
    for stream in [Self.oversubscribed, Self.reservedType, Self.distanceTooFar] {
      #expect(Inflate.raw(stream) == nil)
      #expect(Inflate.salvage(stream, tryRaw: true)?.bytes == [])
    }
  }

  /// Promise: output past the limit is `nil`, at once; under a larger
  /// limit the same data inflates.
  @Test func aZipBombOverTheLimit() {
    let start = ContinuousClock.now
    #expect(Inflate.zlib(Self.bombZlib, limit: 1 << 20) == nil)
    #expect(Inflate.salvage(Self.bombZlib, limit: 1 << 20)?.overLimit == true)
    #expect(ContinuousClock.now - start < .seconds(20))
    #expect(Inflate.zlib(Self.bombZlib, limit: 4 << 20)?.count == 2 << 20)
    #expect(Inflate.zlib(Self.bombZlib, limit: 2 << 20)?.count == 2 << 20)
    #expect(Inflate.zlib(Self.bombZlib, limit: (2 << 20) - 1) == nil)
  }

  /// Promise: random bytes and every one-bit change of a stream end in an
  /// answer, never a crash or a hang.
  @Test func hostileBytesEnd() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt8 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: seed >> 33)
    }
    for length in 0..<600 {
      let input = (0..<length % 200).map { _ in next() }
      _ = Inflate.raw(input, limit: 1 << 16)
      _ = Inflate.salvage(input, limit: 1 << 16, tryRaw: true)
      _ = Inflate.gzip([0x1F, 0x8B, 8, 0] + Array(repeating: 0, count: 6) + input, limit: 1 << 16)
      _ = Inflate.zlib([0x78, 0x9C] + input, limit: 1 << 16)
    }
    var changed = 0
    for index in Self.dynamicGzip.indices {
      for bit in 0..<8 {
        var broken = Self.dynamicGzip
        broken[index] ^= 1 << bit
        if Inflate.gzip(broken) != Self.dynamic { changed += 1 }
        _ = Inflate.salvage(broken)
      }
    }
    #expect(changed > Self.dynamicGzip.count * 7)
  }
}
