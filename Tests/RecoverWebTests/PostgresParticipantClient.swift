import Cryptography
import Foundation
import PostgresTestSupport
import RecoverApp
import RecoverData
import Web
import WebTesting

extension TestClient where Fixture == RecoverApp {
    /// A participant (`pat@example.com`, joined and signed in) over the whole app on a new PostgreSQL schema of
    /// the test cluster (``TestCluster``), with a manual clock; `folder` names the data folder's parent.
    static func postgresParticipant(folder: String) throws -> TestClient<RecoverApp> {
        let clock = ManualClock()
        var configuration = AppConfiguration.forTests(
            folder: FileManager.default.temporaryDirectory.appending(path: folder).appending(path: UUID().uuidString),
            clock: { clock.now })
        configuration.database = try TestDatabase.newSchemaURL()
        let recover = try RecoverApp(configuration: configuration)
        var client = TestClient(fixture: recover, respond: recover.web.respond(to:))
        try client.join(
            Enrollment(
                directory: recover.folder.directory, hasher: PasswordHasher(strength: .minimum), now: { clock.now }),
            email: "pat@example.com", password: "correct horse battery")
        return client
    }
}
