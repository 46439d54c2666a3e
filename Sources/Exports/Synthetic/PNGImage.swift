/// A minimal PNG encoder for small black-and-white images (synthetic signature images): 1-bit grayscale, no
/// filtering, zlib data in stored (uncompressed) deflate blocks, with CRC-32 and Adler-32 computed here.
/// Every PNG decoder reads it; it is only larger than a compressed one.
public struct PNGImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major gray levels, 0 black to 255 white.
    public var pixels: [UInt8]

    /// A white image.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt8](repeating: 255, count: self.width * self.height)
    }

    /// Darkens a round dot of `radius` at (x, y), ignoring what falls outside.
    public mutating func dot(x: Double, y: Double, radius: Double) {
        let r = Int(radius.rounded(.up))
        let cx = Int(x.rounded())
        let cy = Int(y.rounded())
        for dy in -r...r {
            for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius {
                let px = cx + dx
                let py = cy + dy
                if px >= 0, px < width, py >= 0, py < height { pixels[py * width + px] = 20 }
            }
        }
    }

    /// The PNG file bytes.
    public var data: [UInt8] {
        // One bit per pixel (a signature is ink or paper), eight pixels a byte, most significant bit first.
        let rowBytes = (width + 7) / 8
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter type None
            for byteIndex in 0..<rowBytes {
                var byte: UInt8 = 0
                for bit in 0..<8 {
                    let x = byteIndex * 8 + bit
                    let white = x >= width || pixels[row * width + x] >= 128
                    if white { byte |= 0x80 >> UInt8(bit) }
                }
                raw.append(byte)
            }
        }
        var header: [UInt8] = []
        header += Self.bigEndian(UInt32(width))
        header += Self.bigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", header)
        file += Self.chunk("IDAT", Self.zlibStored(raw))
        file += Self.chunk("IEND", [])
        return file
    }

    /// A zlib stream of stored deflate blocks (at most 65 535 bytes each) with the Adler-32 trailer.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let isLast = offset + count >= bytes.count
            output.append(isLast ? 1 : 0)
            output += [UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
            output += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        output += bigEndian(adler32(bytes))
        return output
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// CRC-32 (ISO 3309, polynomial 0xEDB88320), as PNG chunks use.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32, as the zlib trailer uses.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }
}
