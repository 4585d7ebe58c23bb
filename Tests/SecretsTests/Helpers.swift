#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Secrets

func hex(_ s: String) -> [UInt8] {
    let chars = Array(s.filter { !$0.isWhitespace })
    precondition(chars.count % 2 == 0)
    return stride(from: 0, to: chars.count, by: 2).map { UInt8(String(chars[$0...$0 + 1]), radix: 16)! }
}

func hexString(_ b: some Sequence<UInt8>) -> String {
    b.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// A fresh private folder under /tmp, removed by the caller's teardown.
final class TempDir {
    let path: String

    init() {
        var template = Array("/tmp/secrets-test-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ bytes: [UInt8], mode: mode_t) {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
        close(fd)
    }

    func read(_ name: String) -> [UInt8] {
        let fd = open(file(name), O_RDONLY | O_CLOEXEC)
        precondition(fd >= 0)
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    func mode(_ name: String) -> UInt32 {
        var st = stat()
        precondition(lstat(file(name), &st) == 0)
        return UInt32(st.st_mode) & 0o7777
    }

    func remove() {
        // The tests make flat folders only.
        if let d = opendir(path) {
            while let e = readdir(d) {
                let name = withUnsafePointer(to: e.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name != "." && name != ".." { unlink(file(name)) }
            }
            closedir(d)
        }
        rmdir(path)
    }
}

let fixedKeyBytes: [UInt8] = Array(0x00...0x1F)
func fixedKey() -> SecretKey { try! SecretKey(bytes: fixedKeyBytes) }
