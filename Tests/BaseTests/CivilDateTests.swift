import Base
import Foundation
import XCTest

/// `CivilDate`'s day numbers against Foundation's Gregorian calendar (moved from the HTTP-date
/// tests, which use it for `Retry-After`).
final class CivilDateTests: XCTestCase {
    func testDaysFromCivilAgreesWithFoundationCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for year in [1600, 1700, 1899, 1900, 1969, 1970, 1999, 2000, 2023, 2024, 2100, 2400, 9999] {
            for month in 1...12 {
                for day in [1, 15, 28] {
                    guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else {
                        XCTFail("no date")
                        continue
                    }
                    let expected = Int((date.timeIntervalSince1970 / 86_400).rounded())
                    XCTAssertEqual(
                        CivilDate(year: year, month: month, day: day).daysSince1970, expected, "\(year)-\(month)-\(day)"
                    )
                    XCTAssertEqual(CivilDate(daysSince1970: expected).year, year)
                    XCTAssertEqual(CivilDate(daysSince1970: expected), CivilDate(year: year, month: month, day: day))
                }
            }
        }
    }

    func testTheDayOfASecondIsRoundedDown() {
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: 0), 0)
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: 86_399), 0)
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: 86_400), 1)
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: -1), -1)
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: -86_400), -1)
        XCTAssertEqual(CivilDate.daysSince1970(containingSecond: -86_401), -2)
    }
}
