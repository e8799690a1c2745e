// For a Vapor server's test targets: the `.world` trait, `WorldTestCase`
// and the test clocks, without a second dependency on the root package.
@_exported import CurrentWorldTesting
