import Foundation

/// One fuzz target: a parser (or renderer) fed arbitrary bytes, with the properties its output must keep.
/// A broken property stops the process (`check`), so libFuzzer saves the input as a crash; a trap in the
/// code under test does the same.
///
/// `recover-fuzz` runs the targets under libFuzzer (`make fuzz`) and, built normally, replays files through
/// them (`recover-fuzz TARGET FILE...`); `FuzzRegressionTests` replays the committed corpus and every saved
/// crash in each test run.
public struct FuzzTarget: Sendable {
    /// The target's name, as `make fuzz` and the corpus folders (`Fuzz/corpus/<name>`) know it.
    public let name: String
    /// What the target feeds and checks.
    public let summary: String
    /// Runs one input.
    public let run: @Sendable ([UInt8]) -> Void

    /// A target named `name` (the corpus folder's name), described by `summary`, running `run` on each input.
    public init(_ name: String, _ summary: String, run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.summary = summary
        self.run = run
    }

    /// Every target.
    public static let all: [FuzzTarget] =
        WebFuzzTargets.all + EngineFuzzTargets.all + ExportFuzzTargets.all
        + HealthFuzzTargets.all

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Stops the process with `message` when `condition` is false: a property the target promises is broken.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("fuzz property broken: \(message())\n".utf8))
        abort()
    }
}
