import CurrentWorld
import CurrentWorldHTTP
import Foundation

// Imports CurrentWorldHTTP, so it links FoundationNetworking: the control
// that shows the lean binary's ldd check can see such a link.
let client = HTTPClient.live(baseURL: URL(string: "https://example.invalid")!)
print("networked: \(client.baseURL.host ?? "?") at \(Current.locale.identifier)")
