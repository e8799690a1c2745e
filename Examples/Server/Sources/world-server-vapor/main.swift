import CurrentWorldVapor
import Foundation
import Vapor
import VaporWorldServer

// The process's world, configured once at launch; every request's world
// starts from it.
let options: ServerOptions
do {
  options = try ServerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(2)
}
World.bootstrap { options.configure(&$0) }
// Vapor reads no command line of its own here: the options above are the
// whole command line.
var environment = Environment(name: "production", arguments: ["serve"])
// As Vapor's template does: in production, notices and worse, so not a
// line for every request.
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
configure(app, options)
do {
  try await app.execute()
} catch {
  // A port in use, say: a message and a status, not a crash.
  FileHandle.standardError.write(
    Data("world-server-vapor: cannot serve on \(options.hostname):\(options.port): \(error)\n".utf8)
  )
  try? await app.asyncShutdown()
  exit(1)
}
try await app.asyncShutdown()
