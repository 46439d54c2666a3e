import Foundation
import FuzzTargets
import Testing

/// Replays the committed corpus (`Fuzz/corpus/<target>`) and every saved crash (`Fuzz/crashes/<target>`)
/// through each fuzz target, then a few thousand random inputs: a trap or a broken property fails the run.
@Suite struct FuzzRegressionTests {
    static let fuzz = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fuzz")

    static func inputs(_ folder: String, of target: FuzzTarget) -> [URL] {
        let directory = fuzz.appending(path: folder).appending(path: target.name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appending(path: $0) }
    }

    @Test func everyTargetHasASeedCorpus() {
        for target in FuzzTarget.all {
            #expect(!Self.inputs("corpus", of: target).isEmpty, "no seeds for \(target.name)")
        }
        #expect(Set(FuzzTarget.all.map(\.name)).count == FuzzTarget.all.count)
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func theCorpusAndEverySavedCrashRunClean(name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in Self.inputs("corpus", of: target) + Self.inputs("crashes", of: target) {
            target.run([UInt8](try Data(contentsOf: file)))
        }
    }

    /// Mutations of the seeds (byte flips, truncations, splices) and random bytes, deterministic per target.
    @Test(arguments: FuzzTarget.all.map(\.name))
    func mutatedSeedsRunClean(name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = try Self.inputs("corpus", of: target).map { [UInt8](try Data(contentsOf: $0)) }
        var state = UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { ($0 << 5) &+ $0 &+ Int($1) })
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<2000 {
            var input = seeds.isEmpty ? [] : seeds[Int(next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(next() % 4)) {
                switch next() % 4 {
                case 0 where !input.isEmpty:
                    input[Int(next() % UInt64(input.count))] = UInt8(truncatingIfNeeded: next())
                case 1 where !input.isEmpty: input.removeLast(Int(next() % UInt64(input.count)))
                case 2:
                    input.insert(
                        UInt8(truncatingIfNeeded: next()), at: input.isEmpty ? 0 : Int(next() % UInt64(input.count)))
                default: input += seeds.isEmpty ? [] : seeds[Int(next() % UInt64(seeds.count))].prefix(8)
                }
            }
            target.run(input)
        }
    }
}
