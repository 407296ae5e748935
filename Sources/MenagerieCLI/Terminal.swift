#if canImport(Glibc)
    import Glibc
#endif

/// Standard streams and input files, without Foundation.
enum Terminal {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) { write(text + "\n", to: 1) }

    /// Writes `text` and a newline to standard error.
    static func err(_ text: String) { write(text + "\n", to: 2) }

    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    /// Reads a whole file, or standard input for `-`, as bytes.
    static func readInput(_ path: String) -> Result<[UInt8], InputError> {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        if fd < 0 { return .failure(InputError(message: "cannot open '\(path)': \(String(cString: strerror(errno)))")) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(InputError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return .success(bytes)
    }

    /// Reads a whole file (or stdin for `-`) as UTF-8 text.
    static func readText(_ path: String) -> Result<String, InputError> {
        readInput(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of an environment variable, if set and not empty.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }
}

struct InputError: Error {
    var message: String
}
