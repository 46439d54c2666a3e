import Care
import Cryptography
import Exports
import Foundation
import HealthImport
import RecoverData
import Testing

/// Stored Apple Health daily figures in the FHIR and JSON exports, on SQLite and PostgreSQL.
@Suite struct HealthExportTests {
    static let importedAt = Date(timeIntervalSince1970: 1_775_000_000)  // 2026-03-31T23:33:20Z

    /// A participant in Europe/Berlin with steps and sleep on the day clocks go forward (2026-03-29), a heart
    /// rate day, a blood pressure day and basal energy; returns the database and the participant's account id.
    static func seeded(_ backend: ExportBackend) throws -> (StudyStorage, String) {
        let storage = try backend.open()
        let account = try AccountStore(database: storage).createAccount(
            Account(
                email: "ada@example.com", passwordHash: "x", role: .participant, timeZone: "Europe/Berlin",
                createdAt: Date(timeIntervalSince1970: 1_772_000_000)))
        let rows: [(String, HealthType, Double?, Double?, Double?, Double?, Int?)] = [
            ("2026-03-01", .heartRate, nil, 48, 71.5, 162, 240),
            ("2026-03-01", .bloodPressureSystolic, nil, 112, 118, 126, 3),
            ("2026-03-29", .stepCount, 9_876, nil, nil, nil, nil),
            ("2026-03-29", .sleepAnalysis, 27_000, nil, nil, nil, nil),
            ("2026-03-30", .basalEnergyBurned, 1_650.5, nil, nil, nil, nil),
        ]
        try storage.write { db in
            try db.execute(
                """
                INSERT INTO health_import (id, participant_id, imported_at, records_read, records_kept, skipped,
                    days_stored, samples_stored, first_day, last_day)
                VALUES (?, ?, ?, 5, 5, ?, 3, 0, '2026-03-01', '2026-03-30')
                """, ["import-1", account.id, importedAt, Data("{}".utf8)])
            for (day, type, total, minimum, mean, maximum, count) in rows {
                try db.execute(
                    """
                    INSERT INTO health_daily (participant_id, local_day, health_type, id, total, minimum, mean, maximum,
                        reading_count, import_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'import-1')
                    """,
                    [
                        account.id, day, type.rawValue, "\(account.id)/\(day)/\(type.rawValue)", total, minimum, mean,
                        maximum, count,
                    ])
            }
        }
        return (storage, account.id)
    }

    static func export(
        _ format: ExportFormat, _ storage: StudyStorage, filter: ExportFilter, key: SigningKey
    ) throws -> (root: [String: Any], text: String) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-exports-tests")
            .appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "export.\(format.rawValue)")
        try format.write(from: storage, filter: filter, pseudonyms: Pseudonyms(signingKey: key), to: out)
        let data = try Data(contentsOf: out)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (root, String(decoding: data, as: UTF8.self))
    }

    static func observations(_ bundle: [String: Any]) -> [[String: Any]] {
        let entries = bundle["entry"] as? [[String: Any]] ?? []
        return entries.compactMap { $0["resource"] as? [String: Any] }.filter {
            $0["resourceType"] as? String == "Observation"
        }
    }

    static func codings(_ resource: [String: Any]) -> [(system: String, code: String)] {
        let code = resource["code"] as? [String: Any]
        return (code?["coding"] as? [[String: Any]] ?? []).map {
            ($0["system"] as? String ?? "", $0["code"] as? String ?? "")
        }
    }

    static func category(_ resource: [String: Any]) -> String? {
        let categories = resource["category"] as? [[String: Any]]
        let coding = (categories?.first?["coding"] as? [[String: Any]])?.first
        guard coding?["system"] as? String == "http://terminology.hl7.org/CodeSystem/observation-category" else {
            return nil
        }
        return coding?["code"] as? String
    }

    static func observation(_ observations: [[String: Any]], healthKit type: HealthType) -> [String: Any]? {
        observations.first { resource in
            codings(resource).contains { $0.system == "urn:recover:healthkit-type" && $0.code == type.rawValue }
        }
    }

    @Test(arguments: ExportBackend.allCases)
    func everyStoredFigureIsAnObservationWithLOINCAndUCUMOverTheLocalDay(backend: ExportBackend) throws {
        let (storage, participant) = try Self.seeded(backend)
        let key = SigningKey.generate()
        let (bundle, text) = try Self.export(.fhir, storage, filter: try ExportFilter(), key: key)
        let observations = Self.observations(bundle)
        #expect(observations.count == 5)
        let entries = bundle["entry"] as? [[String: Any]] ?? []
        let patientURL = try #require(
            entries.first { ($0["resource"] as? [String: Any])?["resourceType"] as? String == "Patient" }?["fullUrl"]
                as? String)
        for resource in observations {
            #expect(resource["status"] as? String == "final")
            #expect((resource["subject"] as? [String: Any])?["reference"] as? String == patientURL)
            #expect(
                ((resource["method"] as? [String: Any])?["text"] as? String)?.contains("Apple Health export") == true)
            #expect(resource["issued"] as? String == "2026-03-31T23:33:20.000Z")
            let quantity = try #require(resource["valueQuantity"] as? [String: Any])
            #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        }

        let steps = try #require(Self.observation(observations, healthKit: .stepCount))
        #expect(Self.codings(steps).contains { $0 == ("http://loinc.org", "41950-7") })
        #expect(Self.category(steps) == "activity")
        let stepValue = try #require(steps["valueQuantity"] as? [String: Any])
        #expect(stepValue["value"] as? Double == 9_876 && stepValue["code"] as? String == "{steps}/d")
        // 2026-03-29 in Berlin is 23 hours long: it starts in winter time and ends in summer time.
        #expect(
            steps["effectivePeriod"] as? [String: String]
                == ["start": "2026-03-29T00:00:00+01:00", "end": "2026-03-30T00:00:00+02:00"])

        let sleep = try #require(Self.observation(observations, healthKit: .sleepAnalysis))
        #expect(Self.codings(sleep).contains { $0 == ("http://loinc.org", "93832-4") })
        let sleepValue = try #require(sleep["valueQuantity"] as? [String: Any])
        #expect(sleepValue["value"] as? Double == 7.5 && sleepValue["code"] as? String == "h")
        #expect(
            sleep["effectivePeriod"] as? [String: String]
                == ["start": "2026-03-28T18:00:00+01:00", "end": "2026-03-29T18:00:00+02:00"])

        let heart = try #require(Self.observation(observations, healthKit: .heartRate))
        #expect(Self.codings(heart).contains { $0 == ("http://loinc.org", "8867-4") })
        #expect(Self.category(heart) == "vital-signs")
        let heartValue = try #require(heart["valueQuantity"] as? [String: Any])
        #expect(heartValue["value"] as? Double == 71.5 && heartValue["code"] as? String == "/min")
        let components = try #require(heart["component"] as? [[String: Any]])
        let statistics = components.compactMap { component -> (String, Any)? in
            let coding = ((component["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
            guard let code = coding?["code"] as? String else { return nil }
            return (
                code,
                component["valueQuantity"].map { ($0 as? [String: Any])?["value"] as Any } ?? component["valueInteger"]
                    as Any
            )
        }
        #expect(statistics.map(\.0) == ["minimum", "maximum", "reading-count"])
        #expect(statistics[0].1 as? Double == 48 && statistics[1].1 as? Double == 162 && statistics[2].1 as? Int == 240)
        #expect(
            heart["effectivePeriod"] as? [String: String]
                == ["start": "2026-03-01T00:00:00+01:00", "end": "2026-03-02T00:00:00+01:00"])

        let systolic = try #require(Self.observation(observations, healthKit: .bloodPressureSystolic))
        #expect(Self.codings(systolic).contains { $0 == ("http://loinc.org", "8480-6") })
        #expect((systolic["valueQuantity"] as? [String: Any])?["code"] as? String == "mm[Hg]")

        let basal = try #require(Self.observation(observations, healthKit: .basalEnergyBurned))
        #expect(Self.codings(basal).map(\.system) == ["urn:recover:healthkit-type"], "no LOINC code is claimed")
        #expect((basal["valueQuantity"] as? [String: Any])?["code"] as? String == "kcal/d")

        #expect(Set(observations.compactMap { $0["id"] as? String }).count == 5)
        #expect(!text.contains(participant), "the account id never appears, even inside an id")
    }

    @Test(arguments: ExportBackend.allCases)
    func theDateFilterSelectsHealthDaysByTheirStoredDay(backend: ExportBackend) throws {
        let (storage, _) = try Self.seeded(backend)
        let day = try #require(LocalDate("2026-03-29"))
        let filter = try ExportFilter(from: day, to: day)
        let (bundle, _) = try Self.export(.fhir, storage, filter: filter, key: SigningKey.generate())
        let types = Set(
            Self.observations(bundle).flatMap(Self.codings).filter { $0.system == "urn:recover:healthkit-type" }.map(
                \.code))
        #expect(types == [HealthType.stepCount.rawValue, HealthType.sleepAnalysis.rawValue])
    }

    @Test(arguments: ExportBackend.allCases)
    func theJSONExportListsEachParticipantsHealthDays(backend: ExportBackend) throws {
        let (storage, participant) = try Self.seeded(backend)
        let (root, text) = try Self.export(.json, storage, filter: try ExportFilter(), key: SigningKey.generate())
        let participants = try #require(root["participants"] as? [[String: Any]])
        let days = try #require(participants.first?["healthDays"] as? [[String: Any]])
        #expect(days.count == 5)
        #expect(
            days.compactMap { $0["day"] as? String } == [
                "2026-03-01", "2026-03-01", "2026-03-29", "2026-03-29", "2026-03-30",
            ])
        let heart = try #require(days.first { $0["type"] as? String == HealthType.heartRate.rawValue })
        #expect(heart["unit"] as? String == "count/min")
        #expect(
            heart["minimum"] as? Double == 48 && heart["mean"] as? Double == 71.5 && heart["maximum"] as? Double == 162)
        #expect(heart["readingCount"] as? Int == 240 && heart["total"] == nil)
        let steps = try #require(days.first { $0["type"] as? String == HealthType.stepCount.rawValue })
        #expect(steps["total"] as? Double == 9_876 && steps["mean"] == nil)
        #expect(
            steps["importID"] as? String == "import-1" && steps["importedAt"] as? String == "2026-03-31T23:33:20.000Z")
        #expect(!text.contains(participant))
    }
}
