import CurrentWorldHummingbird
import Foundation
import Hummingbird
import MinimalApps
import Vapor

// A minimal app on one framework, with the world middleware or without it,
// for count-allocations:
//
//   minimal-server hummingbird|vapor [--no-world] [--port 18180]
//
// Its world's date is fixed, so that every answer is the same work.
let arguments = Array(CommandLine.arguments.dropFirst())
let framework = arguments.first ?? ""
let worlds = !arguments.contains("--no-world")
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 18_180
World.bootstrap { $0.date = { Date(timeIntervalSince1970: 1_768_487_400) } }
switch framework {
case "hummingbird":
  let app = Hummingbird.Application(
    router: hummingbirdRouter(worlds: worlds),
    configuration: .init(address: .hostname("127.0.0.1", port: port)))
  try await app.runService()
case "vapor":
  var environment = Vapor.Environment(name: "production", arguments: ["serve"])
  try LoggingSystem.bootstrap(from: &environment)
  let app = try await Vapor.Application.make(environment)
  app.http.server.configuration.port = port
  configureVapor(app, worlds: worlds)
  try await app.execute()
  try await app.asyncShutdown()
default:
  FileHandle.standardError.write(
    Data("usage: minimal-server hummingbird|vapor [--no-world] [--port 18180]\n".utf8))
  exit(2)
}
