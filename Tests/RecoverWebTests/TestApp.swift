import Cryptography
import Foundation
import RecoverApp
import RecoverWeb

extension AppConfiguration {
    /// The configuration every web test fixture builds ``RecoverApp`` from: a fast password hasher, normal
    /// durability, the UTC default zone and the test's clocks.
    static func forTests(
        folder: URL, clock: @escaping @Sendable () -> Date, studyClock: (@Sendable () -> Date)? = nil,
        dashboardLifetime: TimeInterval = 30, uploadLimit: Int = MediaServices.defaultUploadLimit
    ) -> AppConfiguration {
        var configuration = AppConfiguration(dataDirectory: folder)
        configuration.durability = .normal
        configuration.defaultTimeZone = "UTC"
        configuration.passwordHasher = PasswordHasher(strength: .minimum)
        configuration.uploadLimit = uploadLimit
        configuration.dashboardLifetime = dashboardLifetime
        configuration.clock = clock
        configuration.studyClock = studyClock ?? clock
        return configuration
    }
}
