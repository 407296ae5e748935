@testable import Menagerie
import XCTest

final class DomainRulesTests: XCTestCase {
    func testBreedDisplayNames() {
        XCTAssertEqual(BreedNaming.displayName(path: "akita"), "Akita")
        XCTAssertEqual(BreedNaming.displayName(path: "hound/afghan"), "Afghan Hound")
        XCTAssertEqual(BreedNaming.displayName(path: "bulldog/french"), "French Bulldog")
        XCTAssertEqual(BreedNaming.displayName(path: "germanshepherd"), "Germanshepherd")
        XCTAssertEqual(BreedNaming.displayName(path: "australian/shepherd"), "Australian Shepherd")
        XCTAssertEqual(BreedNaming.displayName(path: "african/wild"), "African Wild")
    }

    func testLookupKeyTrimsAndLowercases() {
        XCTAssertEqual(BreedNaming.lookupKey("  Afghan Hound \n"), "afghan hound")
        XCTAssertEqual(BreedNaming.lookupKey("HOUND/afghan"), "hound/afghan")
    }

    func testNameOrderLowercasesThenId() {
        let breeds = ["pug", "aZ", "Pug", "ab"].map { BreedModel(main: $0, sub: nil, subBreedsOfMain: []) }
        XCTAssertEqual(BreedCatalog.sorted(breeds).map(\.id), ["ab", "aZ", "Pug", "pug"])
        XCTAssertTrue(NameOrder.matches("Afghan Hound", search: "HOUND"))
        XCTAssertTrue(NameOrder.matches("Afghan Hound", search: ""))
        XCTAssertFalse(NameOrder.matches("Afghan Hound", search: "cat"))
    }

    /// Searches compare keys made once per upstream answer with a byte search when both texts
    /// are printable ASCII: it must answer exactly as the text search it replaces.
    func testSearchKeyByteSearchAgreesWithTheTextSearch() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab -'.()".utf8) + Array(0x20...0x7E)
        func text(_ length: Int) -> String {
            String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
        }
        for _ in 0..<20_000 {
            let name = text(Int.random(in: 0...12, using: &generator))
            let search =
                Bool.random(using: &generator) && name.count > 2
                ? String(
                    name.dropFirst(Int.random(in: 0...1, using: &generator)).prefix(
                        Int.random(in: 1...3, using: &generator)))
                : text(Int.random(in: 1...3, using: &generator))
            let key = SearchKey(name)
            let searchKey = NameOrder.searchKey(search)
            XCTAssertTrue(key.isPrintableASCII)
            let expected = search.isEmpty || NameOrder.textContains(name.lowercased(), search.lowercased())
            XCTAssertEqual(NameOrder.matches(key: key, searchKey: searchKey), expected, "\(name) / \(search)")
        }
        // Other texts take the text search itself.
        for (name, search) in [
            ("Cafe\u{301} Bear", "e"), ("Caf\u{E9}", "cafe"), ("line\r\nfeed", "\n"), ("Ours brun", "BRUN"),
            ("Straße", "SS")
        ] {
            XCTAssertEqual(
                NameOrder.matches(key: SearchKey(name), searchKey: NameOrder.searchKey(search)),
                NameOrder.textContains(name.lowercased(), search.lowercased()), "\(name) / \(search)")
        }
    }

    func testLifeSpanForms() {
        XCTAssertEqual(NumberText.lifeSpan("10 - 12 years"), MeasuredRange(min: 10, max: 12, unit: "years"))
        XCTAssertEqual(NumberText.lifeSpan("10 – 16 years"), MeasuredRange(min: 10, max: 16, unit: "years"))
        XCTAssertEqual(NumberText.lifeSpan("12-15"), MeasuredRange(min: 12, max: 15, unit: "years"))
        XCTAssertEqual(NumberText.lifeSpan("12 years"), MeasuredRange(min: 12, max: 12, unit: "years"))
        XCTAssertEqual(NumberText.lifeSpan("12"), MeasuredRange(min: 12, max: 12, unit: "years"))
        XCTAssertNil(NumberText.lifeSpan("NaN"))
        XCTAssertNil(NumberText.lifeSpan("NaN - 12 years"))
        XCTAssertNil(NumberText.lifeSpan("about a decade"))
        XCTAssertNil(NumberText.lifeSpan(""))
    }

    func testMetricRanges() {
        XCTAssert(NumberText.range("3 - 6")! == (3, 6))
        XCTAssert(NumberText.range("3.2-4.5")! == (3.2, 4.5))
        XCTAssert(NumberText.range("25")! == (25, 25))
        XCTAssertNil(NumberText.range("Male: 55-65; Female: 45-55"))
        XCTAssertNil(NumberText.range("unknown"))
        XCTAssertNil(NumberText.range("3 - "))
        XCTAssertNil(NumberText.range("1e3"))
    }

    func testDecimalIsStrict() {
        XCTAssertEqual(NumberText.decimal("1.90"), 1.9)
        XCTAssertEqual(NumberText.decimal(" 25 "), 25)
        XCTAssertNil(NumberText.decimal("NaN"))
        XCTAssertNil(NumberText.decimal("Infinity"))
        XCTAssertNil(NumberText.decimal("1."))
        XCTAssertNil(NumberText.decimal(".5"))
        XCTAssertNil(NumberText.decimal("0x10"))
    }

    func testTemperamentList() {
        XCTAssertEqual(NumberText.list(" Loyal, ,Brave ,Calm,"), ["Loyal", "Brave", "Calm"])
        XCTAssertEqual(NumberText.list(nil), [])
        XCTAssertEqual(NumberText.list(""), [])
    }

    func testConversionsAreRoundedToTenSignificantDigits() {
        let cm = MeasuredRange(min: 23, max: 29, unit: "cm")
        XCTAssertEqual(Units.fromCentimeters(cm, to: .centimeters), cm, "the upstream's own unit: as given")
        XCTAssertEqual(Units.fromCentimeters(cm, to: .meters), MeasuredRange(min: 0.23, max: 0.29, unit: "m"))
        XCTAssertEqual(
            Units.fromCentimeters(cm, to: .inches), MeasuredRange(min: 9.055118110, max: 11.41732283, unit: "in"))
        XCTAssertEqual(
            Units.fromCentimeters(cm, to: .feet), MeasuredRange(min: 0.7545931759, max: 0.9514435696, unit: "ft"))
        let kg = MeasuredRange(min: 3, max: 6, unit: "kg")
        XCTAssertEqual(
            Units.fromKilograms(kg, to: .pounds), MeasuredRange(min: 6.613867866, max: 13.22773573, unit: "lb"))
        let ft = MeasuredRange(min: 1.9, max: 2.5, unit: "ft")
        XCTAssertEqual(Units.fromFeet(ft, to: .meters), MeasuredRange(min: 0.57912, max: 0.762, unit: "m"))
        XCTAssertEqual(Units.fromFeet(ft, to: .inches), MeasuredRange(min: 22.8, max: 30, unit: "in"))
        XCTAssertEqual(Units.fromFeet(ft, to: .centimeters), MeasuredRange(min: 57.912, max: 76.2, unit: "cm"))
        XCTAssertEqual(
            Units.fromFeet(MeasuredRange(min: 1.7, max: 1.7, unit: "ft"), to: .meters).min, 0.51816,
            "not 0.5181600000000001")
        let lb = MeasuredRange(min: 10, max: 5, unit: "lb")
        XCTAssertEqual(Units.fromPounds(lb, to: .kilograms), MeasuredRange(min: 4.5359237, max: 2.26796185, unit: "kg"))
        // Every magnitude keeps ten significant digits; zero and the edges stay as they are.
        XCTAssertEqual(Units.rounded(123_456_789_012.345), 123_456_789_000)
        XCTAssertEqual(Units.rounded(0.000_012_345_678_901_23), 0.000_012_345_678_90)
        XCTAssertEqual(Units.rounded(-2.000_000_000_04), -2)
        XCTAssertEqual(Units.rounded(0), 0)
        XCTAssertEqual(Units.rounded(.infinity), .infinity)
        XCTAssertTrue(Units.rounded(.nan).isNaN)
        XCTAssertEqual(Units.rounded(1e-300), 1e-300)
    }

    func testPagination() {
        XCTAssertEqual(try Page.validated(limit: 0, skip: 0).get(), Page(limit: 0, skip: 0))
        XCTAssertEqual(try Page.validated(limit: 100, skip: 7).get(), Page(limit: 100, skip: 7))
        XCTAssertThrowsError(try Page.validated(limit: 101, skip: 0).get())
        XCTAssertThrowsError(try Page.validated(limit: -1, skip: 0).get())
        XCTAssertThrowsError(try Page.validated(limit: 5, skip: -1).get())
        let page = Page(limit: 2, skip: 3).slice([1, 2, 3, 4, 5, 6])
        XCTAssertEqual(page.items, [4, 5])
        XCTAssertEqual(page.totalCount, 6)
        XCTAssertTrue(page.hasMore)
        let last = Page(limit: 5, skip: 4).slice([1, 2, 3, 4, 5, 6])
        XCTAssertEqual(last.items, [5, 6])
        XCTAssertFalse(last.hasMore)
        let beyond = Page(limit: 5, skip: 40).slice([1, 2])
        XCTAssertEqual(beyond.items, [])
        XCTAssertFalse(beyond.hasMore)
    }

    func testMonsterRules() {
        XCTAssertEqual(MonsterRules.modifier(score: 1), -5)
        XCTAssertEqual(MonsterRules.modifier(score: 9), -1)
        XCTAssertEqual(MonsterRules.modifier(score: 10), 0)
        XCTAssertEqual(MonsterRules.modifier(score: 11), 0)
        XCTAssertEqual(MonsterRules.modifier(score: 30), 10)
        XCTAssertEqual(
            MonsterRules.imageURL(path: "/api/images/monsters/aboleth.png"),
            "https://www.dnd5eapi.co/api/images/monsters/aboleth.png")
        XCTAssertNil(MonsterRules.imageURL(path: nil))
    }
}
