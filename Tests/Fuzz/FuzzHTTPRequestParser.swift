// libFuzzer entry for the HTTP request parser (built by fuzz-http.sh together with the
// parser's source files; not part of the package build).
//
// Each input is parsed twice: as one buffer and fed in small pieces (sizes from the
// first byte). Neither may trap, indexes must stay in bounds, and both must produce
// the same requests and agree on whether the input failed.

struct ParsedRequest: Equatable {
    var method: String
    var target: String
    var minorVersion: Int
    var headers: [String]
    var body: [UInt8]
    var keepAlive: Bool
}

func run(_ bytes: [UInt8], step: Int?) -> (requests: [ParsedRequest], failed: Bool) {
    let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeadBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 2048)
    var parser = HTTPRequestParser(limits: limits)
    var requests: [ParsedRequest] = []
    var buffer: [UInt8] = []
    var index = 0
    var offset = 0
    while true {
        let end = step.map { min(bytes.count, offset + $0) } ?? bytes.count
        buffer += bytes[offset..<end]
        offset = end
        events: while true {
            let event = parser.next(buffer, from: &index)
            precondition(index >= 0 && index <= buffer.count, "index out of bounds")
            switch event {
            case .request(let r):
                requests.append(
                    ParsedRequest(
                        method: r.method, target: r.target, minorVersion: r.minorVersion,
                        headers: r.headers.fields.map { $0.name + ":" + $0.value },
                        body: r.body, keepAlive: r.keepAlive))
                precondition(r.body.count <= limits.maxBodyBytes, "body over the limit")
            case .continueNeeded:
                continue
            case .needMoreData:
                break events
            case .failure(let error):
                precondition([400, 413, 417, 431, 501, 505].contains(error.status), "unexpected status")
                return (requests, true)
            }
        }
        if offset == bytes.count { return (requests, false) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = run(bytes, step: nil)
    let step = Int(bytes.first ?? 0) % 13 + 1
    let pieces = run(bytes, step: step)
    precondition(whole.failed == pieces.failed, "whole and piecewise parsing disagree on failure")
    precondition(whole.requests == pieces.requests, "whole and piecewise parsing disagree on requests")
    return 0
}
