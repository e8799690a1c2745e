extension World {
  /// Where notifications are posted and observed: `NotificationCenter.default`
  /// in ``live``, a private recording hub in `World.test`.
  public var notifications: NotificationHub {
    get { storage.fields.notifications }
    set { update(.notifications) { $0.notifications = newValue } }
  }
}

extension FieldSet {
  static var notifications: FieldSet { FieldSet(rawValue: 1 << 7) }
}

extension WorldStorage.Field {
  static let notifications = Self(
    .notifications, "notifications", copy: { $0.notifications = $1.notifications },
    fixed: { world, _ in world.notifications = .recording() })
}
