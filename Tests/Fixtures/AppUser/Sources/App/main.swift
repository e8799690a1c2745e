import CurrentWorld

print("locale: \(Current.locale.identifier)")
