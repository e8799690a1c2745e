// One product for a Hummingbird server: `World` and `Current`, and the
// negotiation, the calendar rule and the time-zone error that configure
// the middleware, without listing CurrentWorld and CurrentWorldServer too.
// Both frameworks re-export what their API shows the same way.
@_exported import CurrentWorld
@_exported import CurrentWorldServer
