import CurrentWorld
import Foundation

/// Plain reads of `Current`, as app code does them: these build in release.
public func describeNow() -> String {
  let formatter = Current.dateFormatter(dateStyle: .medium, timeStyle: .short)
  return "\(formatter.string(from: Current.date())) in \(Current.timeZone.identifier), "
    + "\(Current.locale.identifier), \(Current.calendar.identifier)"
}
