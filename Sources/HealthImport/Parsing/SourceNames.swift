/// The export's source names (`Sam’s Apple Watch`), each stored once and named by an index.
final class SourceNames {
    /// More sources than this share the last index: real exports have tens, and the table must stay small.
    static let maximumCount = 4096

    private(set) var names: [String] = []
    private var indices: [[UInt8]: Int] = [:]
    /// The two most recent hits: records come in runs from one or two sources.
    private var recent: [(bytes: [UInt8], index: Int)] = []

    /// The index of the name in `bytes`, adding it on first sight.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for hit in recent where ByteWord.equal(hit.bytes, bytes) { return hit.index }
        let key = Array(bytes)
        let index: Int
        if let known = indices[key] {
            index = known
        } else if names.count < Self.maximumCount {
            index = names.count
            names.append(String(decoding: key, as: UTF8.self))
            indices[key] = index
        } else {
            index = Self.maximumCount - 1
        }
        recent.insert((key, index), at: 0)
        if recent.count > 2 { recent.removeLast() }
        return index
    }
}
