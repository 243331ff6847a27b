import Testing
@testable import Playground
