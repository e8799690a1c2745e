import App
import CurrentWorld
import Foundation

let screen = FactScreen()
await screen.load()
print(screen.lines.joined(separator: "\n"))
print("background:", try await fetchInBackground())
print("detached:", try await Task.detached { try await fetchInBackground() }.value)
