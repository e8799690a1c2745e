import CurrentWorldHummingbird
import Foundation
import WorldServer

// The process's world, configured once at launch; every request's world
// starts from it.
let options: ServerOptions
do {
  options = try ServerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(2)
}
World.bootstrap { options.configureWorldServer(&$0) }
let app = buildApplication(options)
do {
  try await app.runService()
} catch {
  // A port in use, say: a message and a status, not a crash.
  FileHandle.standardError.write(
    Data("world-server: cannot serve on \(options.hostname):\(options.port): \(error)\n".utf8))
  exit(1)
}
