import Foundation

extension World: CustomStringConvertible, CustomReflectable {
  /// The world's fields on one line, closures as their types:
  /// `World(context: test, date: () -> Date, locale: en_US_POSIX, …)`.
  public var description: String {
    let fields = Mirror(reflecting: storage.fields).children.map { child in
      if let list = child.value as? DependencyList? {
        return "app-defined dependencies: \(list.map { "\($0.count) set" } ?? "none set")"
      }
      let (label, value) = Self.shown(child)
      return "\(label): \(Self.summary(of: value))"
    }
    return "World(\(fields.joined(separator: ", ")))"
  }

  /// The world's fields, for `dump` and the debugger, in place of its
  /// private storage.
  public var customMirror: Mirror {
    Mirror(
      self, children: Mirror(reflecting: storage.fields).children.map(Self.shown),
      displayStyle: .struct)
  }

  /// A stored field as users see it: the clock unboxed, and the app-defined
  /// dependencies as how many were set.
  private static func shown(_ child: Mirror.Child) -> (label: String, value: Any) {
    switch child.value {
    case let box as ClockBox:
      return (child.label ?? "", box.clock)
    case let list as DependencyList?:
      return ("app-defined dependencies set", list?.count ?? 0)
    default:
      return (child.label ?? "", child.value)
    }
  }

  /// A short rendering of a field's value: an identifier where the value
  /// has one, the type's name otherwise, so no closure is called.
  private static func summary(of value: Any) -> String {
    switch value {
    case let context as Context: context.rawValue
    case let calendar as Calendar: "\(calendar.identifier)"
    case let locale as Locale: locale.identifier
    case let zone as TimeZone: zone.identifier
    default:
      // A closure's type without its `@Sendable`, which every field has.
      String(describing: type(of: value)).replacingOccurrences(of: "@Sendable ", with: "")
    }
  }
}
