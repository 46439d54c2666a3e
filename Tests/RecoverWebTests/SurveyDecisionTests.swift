import Dispatch
import Foundation
import SQLite
import Synchronization
import Testing
import Web

/// A survey page post decides inside its write transaction and is rendered after it ended
/// (docs/architecture.md, "One check-in answer, end to end").
struct SurveyDecisionTests {
    /// Watches each survey post's render: whether another write on the same database completes meanwhile.
    final class RenderWatch: Sendable {
        private let database = Mutex<Database?>(nil)
        private let secondWrites = Mutex<[Bool]>([])

        /// Whether a second write finished while each render ran, in order.
        var writesDuringRenders: [Bool] { secondWrites.withLock { $0 } }

        func watch(_ database: Database) { self.database.withLock { $0 = database } }

        /// Writes on another thread and waits for that write's commit; a writer held by the rendering request
        /// keeps it waiting until the render is over, so the wait times out.
        func rendering() {
            guard let database = database.withLock({ $0 }) else { return }
            let committed = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = try? database.write { _ in }
                committed.signal()
            }
            let completed = committed.wait(timeout: .now() + 10) == .success
            secondWrites.withLock { $0.append(completed) }
        }
    }

    @Test func anInvalidStepPageIsRenderedWithoutHoldingTheWriter() throws {
        let watch = RenderWatch()
        var client = try StudyClient(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-decision-tests")
                .appending(path: UUID().uuidString)
        ) { configuration in
            configuration.willRenderSurveyPage = { watch.rendering() }
        }
        try client.join()
        client.completeOnboarding()
        client.open("/survey/checkin/0")
        watch.watch(client.database)
        let refused = client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "eleven", "checkin.form.sleep": "7"])
        #expect(refused.status == .unprocessableContent)
        #expect(client.lastPage.contains("name=\"step\" value=\"checkin.form\""))
        #expect(watch.writesDuringRenders == [true])
    }
}
