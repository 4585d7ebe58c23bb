import Foundation
import Imaging
import RedactCore
import Encode

/// Deterministic test images: noise plus gradients, so compression has real
/// work and a swapped channel or row shows.
enum Fixtures {
    static func noise(seed: UInt64, count: Int) -> [UInt8] {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            out[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return out
    }

    static func rgb(width: Int, height: Int, seed: UInt64 = 1) -> Pixmap {
        let n = noise(seed: seed, count: width * height)
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                px[i * 3] = UInt8(truncatingIfNeeded: x &* 7)
                px[i * 3 + 1] = UInt8(truncatingIfNeeded: y &* 5)
                px[i * 3 + 2] = n[i] / 2 &+ UInt8(truncatingIfNeeded: x ^ y)
            }
        }
        // Guarantee at least one non-gray pixel.
        px[0] = 10; px[1] = 20; px[2] = 30
        return Pixmap(width: width, height: height, rgb: px)
    }

    static func gray(width: Int, height: Int, seed: UInt64 = 2) -> Pixmap {
        let n = noise(seed: seed, count: width * height)
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let v = (i % width) < width / 3 ? 255 : n[i] & 0xF0
            px[i * 3] = v; px[i * 3 + 1] = v; px[i * 3 + 2] = v
        }
        return Pixmap(width: width, height: height, rgb: px)
    }

    /// Three pages of different sizes and kinds, sizes with up to 4 decimals.
    static func mixedPages() -> [OutputPage] {
        [
            OutputPage(size: PageSize(width: 595.2756, height: 841.8898), image: rgb(width: 124, height: 175)),
            OutputPage(size: PageSize(width: 612, height: 792), image: gray(width: 85, height: 110)),
            OutputPage(size: PageSize(width: 1190.5, height: 419.53), image: rgb(width: 37, height: 13, seed: 9)),
        ]
    }

    /// Continuous tone, like a photo: smooth waves plus grain, mid-tones
    /// throughout. Big enough that lossless Flate is far over budget.
    static func photo(width: Int, height: Int, gray: Bool = false, seed: UInt64 = 3) -> Pixmap {
        let n = noise(seed: seed, count: width * height)
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let grain: Double = Double(n[i]) / 255 * 24 - 12
                let wave: Double = sin(Double(x) / 37) * cos(Double(y) / 23)
                let base: Double = 128 + 60 * wave + grain
                let r = base
                let g: Double = gray ? base : 128 + 50 * sin(Double(x + y) / 51) + grain
                let b: Double = gray ? base : 120 + 40 * cos(Double(x - y) / 29) + grain
                px[i * 3] = UInt8(max(0, min(255, r)))
                px[i * 3 + 1] = UInt8(max(0, min(255, g)))
                px[i * 3 + 2] = UInt8(max(0, min(255, b)))
            }
        }
        return Pixmap(width: width, height: height, rgb: px)
    }

    /// Text-like: white paper, black strokes with gray anti-aliased edges
    /// and scattered dark specks, so Flate is over budget without being a photo.
    static func busyText(width: Int, height: Int) -> Pixmap {
        let n = noise(seed: 21, count: width * height)
        var px = [UInt8](repeating: 255, count: width * height * 3)
        for y in 0..<height where y % 12 < 8 {
            for x in 0..<width {
                let i = y * width + x
                let v: UInt8 = n[i] < 70 ? 0 : (n[i] < 90 ? 128 : 255)
                px[i * 3] = v; px[i * 3 + 1] = v; px[i * 3 + 2] = v
            }
        }
        return Pixmap(width: width, height: height, rgb: px)
    }
}
