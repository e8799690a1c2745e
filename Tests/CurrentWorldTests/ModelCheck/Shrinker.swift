/// Shrinks a failing program to a shortest one that still fails: it drops
/// ops, lifts a body out of its scope or task, and drops writers, as long as
/// the program keeps failing.
enum Shrinker {
  static func shrink(
    _ program: [Op], failing: ([Op]) async -> String?
  ) async -> (program: [Op], failure: String?) {
    var best = program
    var failure = await failing(program)
    var improved = true
    while improved {
      improved = false
      for candidate in candidates(best) where size(candidate) < size(best) {
        if let found = await failing(candidate) {
          best = candidate
          failure = found
          improved = true
          break
        }
      }
    }
    return (best, failure)
  }

  static func size(_ program: [Op]) -> Int { program.reduce(0) { $0 + $1.count } }

  /// The programs one step smaller than `ops`, smallest first.
  static func candidates(_ ops: [Op]) -> [[Op]] {
    var smaller: [[Op]] = []
    for index in ops.indices {
      var without = ops
      without.remove(at: index)
      smaller.append(without)
      if let body = ops[index].body {
        // Lifting a body is valid where the op stood: a sync body fits any
        // context, and an async one only ever stands in an async context.
        smaller.append(Array(ops[..<index]) + body + ops[(index + 1)...])
        for inner in candidates(body) {
          var replaced = ops
          replaced[index] = ops[index].with(body: inner)
          smaller.append(replaced)
        }
      }
      if case .writers(let updates) = ops[index], updates.count > 1 {
        for drop in updates.indices {
          var fewer = updates
          fewer.remove(at: drop)
          var replaced = ops
          replaced[index] = .writers(fewer)
          smaller.append(replaced)
        }
      }
    }
    return smaller.sorted { size($0) < size($1) }
  }
}

extension Op {
  /// The ops this one runs, if it has a body.
  var body: [Op]? {
    switch self {
    case .scope(_, let body), .scopeFromSaved(_, let body), .child(let body), .shared(_, let body),
      .detached(let body):
      body
    default: nil
    }
  }

  /// This op with `body` in place of its own.
  func with(body: [Op]) -> Op {
    switch self {
    case .scope(let updates, _): .scope(updates, body)
    case .scopeFromSaved(let slot, _): .scopeFromSaved(slot, body)
    case .child: .child(body)
    case .shared(let escape, _): .shared(escape, body)
    case .detached: .detached(body)
    default: self
    }
  }
}
