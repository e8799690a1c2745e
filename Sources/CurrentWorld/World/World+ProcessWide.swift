import Foundation

extension World {
  /// The world that code sees outside every scope, in a process whose
  /// context is `context`.
  ///
  /// It is ``live`` with `context` for its context. In a test process
  /// app-defined keys give their test values (an API's is unimplemented),
  /// and the date, calendar, locale and time zone stay
  /// the machine's: a test that needs them fixed runs in a test world, and
  /// a test that reads them without one sees what the platform's own
  /// formatter sees.
  static func processWide(_ context: Context) -> World {
    var fields = World.live.storage.fields
    fields.context = context
    return World(storage: WorldStorage(fields))
  }
}
