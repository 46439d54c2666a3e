import Foundation
import RecoverWeb

/// The data folder of `serve`, `invite` and `staff`: where the account directory lives.
struct WebDataFolder {
    let directory: any AccountDirectory
    let close: @Sendable () -> Void

    static func open(_ path: String?) throws -> WebDataFolder {
        let folder = URL(fileURLWithPath: path ?? "./recover-data")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DataError("cannot create the data folder \(folder.path)")
        }
        return WebDataFolder(directory: InMemoryAccountDirectory(), close: {})
    }
}
