import Foundation
import FuzzTargets

#if FUZZING
    /// libFuzzer's driver (`libclang_rt.fuzzer_no_main`, linked by scripts/fuzz.sh).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target the libFuzzer callback runs (set once, before the driver starts).
    // nonisolated(unsafe): set on the main thread before the driver starts; its callback only reads it, there.
    nonisolated(unsafe) var selected: FuzzTarget?
#endif

/// `recover-fuzz TARGET [libFuzzer options] [CORPUS...]` built by `scripts/fuzz.sh` (with coverage and
/// AddressSanitizer) fuzzes TARGET; built normally, `recover-fuzz TARGET FILE...` replays the files through
/// it, and `recover-fuzz --list` names the targets.
@main struct RecoverFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, arguments[1] != "--list", let target = FuzzTarget.named(arguments[1]) else {
            var text = "usage: recover-fuzz TARGET [FILE...]\ntargets:\n"
            for target in FuzzTarget.all { text += "  \(target.name): \(target.summary)\n" }
            FileHandle.standardError.write(Data(text.utf8))
            exit(arguments.count >= 2 && arguments[1] == "--list" ? 0 : 64)
        }
        #if FUZZING
            selected = target
            // libFuzzer sees the program name and the options after TARGET.
            var argc = CommandLine.argc - 1
            let argv = CommandLine.unsafeArgv
            argv[1] = argv[0]
            var rest: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
            exit(
                runFuzzerDriver(&argc, &rest) { data, size in
                    selected?.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                    return 0
                })
        #else
            for path in arguments.dropFirst(2) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(66)
                }
                target.run([UInt8](data))
            }
        #endif
    }
}
