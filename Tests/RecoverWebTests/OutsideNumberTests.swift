import Foundation
import RecoverData
import RecoverWeb
import Testing
import Web

/// Numbers from outside are read with bounds: a hostile page number is a 400 page, never a trap.
@Suite struct OutsideNumberTests {
    @Test func boundedIntegersRefuseWhatIsNotAWholeNumberInRange() {
        #expect(BoundedInteger.parse("42", in: 1...100) == 42)
        #expect(BoundedInteger.parse("+7", in: 1...100) == 7)
        for text in [
            "", "0", "101", "-1", "abc", "4.5", " 4", "4 ", "0x10", "400000000000000000", "9223372036854775808",
            "99999999999999999999999999", "-9223372036854775809", "1e3", "٤",
        ] {
            #expect(BoundedInteger.parse(text, in: 1...100) == nil, "\(text)")
        }
        #expect(BoundedInteger.parse("9223372036854775807", in: 0...Int.max) == Int.max)
        #expect(BoundedInteger.parse("-9223372036854775808", in: Int.min...0) == Int.min)
    }

    @Test(arguments: ["/console/participants", "/console/invitations"])
    func aHugePageNumberIsABadRequestAndTheServerKeepsServing(path: String) throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        try fixture.addParticipant("alice@example.com")
        var client = fixture.client()
        client.signIn("admin@example.com")
        for page in ["400000000000000000", "9223372036854775807", "99999999999999999999", "-3", "0", "two"] {
            let response = client.get(path, query: ["page": page])
            #expect(response.status == .badRequest, "page=\(page)")
            #expect(response.text.contains("A number in this address is not valid."))
        }
        #expect(client.get(path, query: ["page": "1"]).status == .ok)
        #expect(client.get(path, query: ["page": "\(100_000)"]).status == .ok)
        #expect(client.get(path).status == .ok)
    }

    @Test func anInvitationCountOutOfRangeChangesNothing() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        var client = fixture.client()
        client.signIn("admin@example.com")
        client.get("/console/invitations")
        for count in ["0", "101", "9223372036854775808", "-1", "x"] {
            #expect(client.post("/console/invitations", form: ["count": count]).status == .badRequest, "\(count)")
        }
        #expect(try fixture.accounts.invitations().isEmpty)
    }
}
