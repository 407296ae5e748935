import XCTest
@testable import MenagerieCLI

/// `menagerie serve`'s option names are written once (``ServeOption``): the scanner accepts
/// exactly them, and the help text names each of them and no other.
final class ServeOptionNamesTests: XCTestCase {
    func testHelpNamesEveryOptionAndNoOther() throws {
        let expression = try NSRegularExpression(pattern: "--([a-z][a-z0-9-]*)")
        let help = ServeCommand.help
        let named = Set(
            expression.matches(in: help, range: NSRange(help.startIndex..., in: help)).compactMap {
                Range($0.range(at: 1), in: help).map { String(help[$0]) }
            })
        XCTAssertEqual(named.subtracting(["help"]), Set(ServeOption.allCases.map(\.rawValue)))
    }

    func testTheScannerAcceptsEveryOption() throws {
        for option in ServeOption.allCases {
            let arguments = option.takesValue ? ["--" + option.rawValue] : ["--" + option.rawValue + "=x"]
            // A valued option without its value, or a flag given a value, is refused by name:
            // so the scanner knows each option and how it is given.
            XCTAssertThrowsError(try ServeConfiguration.parse(arguments, environment: { _ in nil }), option.rawValue) {
                error in
                guard let error = error as? ArgumentError else { return XCTFail("\(error)") }
                XCTAssertFalse(error.message.contains("unknown option") && option.takesValue, error.message)
            }
        }
        XCTAssertEqual(LimitOptions.depth.flag, ServeOption.maxDepth.rawValue)
    }
}
