import JSON
import Upstreams

extension UpstreamPipeline {
    /// Parses an upstream body, mapping a syntax error to ``UpstreamError/Kind/badResponse``.
    func parseJSON(_ body: [UInt8]) throws -> JSONValue {
        do {
            return try JSONParser.parse(body)
        } catch {
            throw badResponse("the body is not valid JSON")
        }
    }
}

extension JSONValue {
    /// A string, or a number written as text (`"1.90"`), as a Double; nil otherwise.
    var lenientDouble: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string(let text):
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
            // Double("nan"), Double("inf") and hex forms are not numbers here.
            guard
                trimmed.utf8.allSatisfy({
                    ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 || $0 == 43 || $0 == 101 || $0 == 69
                })
            else { return nil }
            return value
        default: return nil
        }
    }

    /// A string value, or a number rendered as text (ids that changed type between API generations).
    var lenientString: String? {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: return String(Int(value))
        case .double(let value): return String(value)
        default: return nil
        }
    }
}
