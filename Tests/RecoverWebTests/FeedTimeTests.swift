import Foundation
import Testing

/// The times the participant's feed gives its events.
struct FeedTimeTests {
    @Test func aCheckinMovedBySpringForwardShowsTheTimeItReallyStarts() throws {
        var client = try StudyClient()
        try client.join()
        client.get("/account")
        #expect(client.post("/account/time-zone", form: ["timeZone": "America/New_York"]).status == .seeOther)
        // The test clock stands at 2027-01-15T08:00Z; 57 days later it is 03:00 on 2027-03-13 in New York.
        client.moveToday(by: 57)
        client.completeOnboarding(checkinTime: "02:30")
        // On 2027-03-14 the clocks go from 02:00 straight to 03:00: the 02:30 check-in really starts at 03:30.
        client.moveToday(by: 58)
        let springForward = client.get("/").text
        #expect(springForward.contains("Due 03:30"))
        #expect(!springForward.contains("Due 02:30"))
        client.moveToday(by: 59)
        #expect(client.get("/").text.contains("Due 02:30"))
    }
}
