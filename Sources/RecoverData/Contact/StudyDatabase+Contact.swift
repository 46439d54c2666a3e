import Foundation

/// The study team's contact card: set by an admin in the console, read by the participant pages.
extension StudyDatabase {
    /// The study's contact, nil before an admin set one.
    public func studyContact() throws -> StudyContact? {
        try database.read { db in try StudyContactStore.contact(in: db) }
    }

    /// Replaces the study's contact with `contact` (made by ``StudyContact/validated(name:roleEnglish:roleChinese:phone:email:notesEnglish:notesChinese:at:)``),
    /// as `actor`, in one audited write.
    public func setStudyContact(_ contact: StudyContact, by actor: String) throws {
        try database.write { db in
            db.auditActor = actor
            try StudyContactStore.set(contact, in: db)
        }
    }
}
