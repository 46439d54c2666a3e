import Foundation
import Testing
import Web

/// What the study's pages cost a phone: fingerprinted assets compressed once and cached for a year, pages
/// revalidated with their tags, the manifest and icons, and no pages left in a shared browser after sign-out.
@Suite struct PageWeightTests {
    /// The first `href` or `src` in `page` that contains `part`.
    func link(containing part: String, in page: String) throws -> String {
        let range = try #require(page.range(of: part))
        let start = try #require(page[..<range.lowerBound].lastIndex(of: "\"")).utf16Offset(in: page) + 1
        let end = try #require(page[range.upperBound...].firstIndex(of: "\""))
        return String(page[page.index(page.startIndex, offsetBy: start)..<end])
    }

    @Test func studyAssetsHaveVersionedURLsCachedForAYearAndComeCompressed() throws {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        let feed = client.get("/")
        let entry = try link(containing: "/css/study.css", in: feed.text)
        #expect(entry.hasPrefix("/assets/study/v"))
        let script = client.get(entry, headers: ["accept-encoding": "gzip, deflate, br"])
        #expect(script.status == .ok)
        #expect(script.header("Cache-Control") == "public, max-age=31536000, immutable")
        let sheet = client.get(
            try link(containing: "/css/study.css", in: feed.text), headers: ["accept-encoding": "br"])
        #expect(sheet.header("Content-Encoding") == "br")
        #expect(sheet.header("Vary") == "Accept-Encoding")
        let plain = client.get(try link(containing: "/css/study.css", in: feed.text))
        #expect(plain.header("Content-Encoding") == nil)
        #expect(sheet.body.count * 3 < plain.body.count)
        // An older version's URL (a page from before an upgrade) gets today's file, revalidated.
        let old = client.get(entry.replacingOccurrences(of: "/assets/study/v", with: "/assets/study/vold"))
        #expect(old.status == .ok && old.header("Cache-Control") == "no-cache")
        #expect(client.get("/assets/study/js/study.js").header("Cache-Control") == "no-cache")
        #expect(client.get("/assets/study/js/none.js").status == .notFound)
    }

    /// The module scripts a page loads.
    func scripts(_ page: String) -> [String] {
        page.components(separatedBy: "<script type=\"module\" src=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map { String($0.split(separator: "/").last ?? "") }
        }
    }

    @Test func aPageLoadsOnlyTheModulesOfTheComponentsItHolds() throws {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        let feed = client.get("/").text
        #expect(!scripts(feed).contains("study.js"))
        #expect(!scripts(feed).contains("scale-slider.js"))
        let checkin = client.get("/survey/checkin/0", headers: [:])
        let step =
            checkin.status == .seeOther ? client.get(try #require(checkin.header("Location"))).text : checkin.text
        #expect(scripts(step).contains("scale-slider.js"))
        #expect(!scripts(step).contains("signature-pad.js"))
        #expect(scripts(client.get("/account").text).contains("timezone.js"))
    }

    @Test func theFeedIsRevalidatedAndAnUnchangedFeedIsA304() throws {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        client.get("/")  // shows the one-time "saved" note of onboarding, which the next view no longer has
        let first = client.get("/")
        #expect(first.status == .ok)
        #expect(first.header("Cache-Control") == "private, no-cache")
        let tag = try #require(first.header("ETag"))
        let again = client.get("/", headers: ["if-none-match": tag])
        #expect(again.status == .notModified)
        #expect(again.body.count == 0)
        // The account page is kept and revalidated the same way.
        #expect(client.get("/account").header("Cache-Control") == "private, no-cache")
    }

    @Test func everyPageLinksTheManifestWhoseIconsAreServed() throws {
        var client = try AccountsClient()
        let page = client.get("/sign-in").text
        #expect(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
        let response = client.get("/manifest.webmanifest")
        #expect(response.header("Content-Type") == "application/manifest+json")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(manifest["start_url"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]))
        for icon in icons {
            let served = client.get(try #require(icon["src"]))
            #expect(served.status == .ok && served.header("Content-Type") == icon["type"])
        }
        for rel in ["icon", "apple-touch-icon"] {
            let marker = "<link rel=\"\(rel)\" href=\""
            let start = try #require(page.range(of: marker)).upperBound
            let end = try #require(page[start...].firstIndex(of: "\""))
            #expect(client.get(String(page[start..<end])).status == .ok)
        }
    }

    @Test func signingOutClearsThePagesThisBrowserKept() throws {
        var client = try AccountsClient()
        try client.join()
        let response = client.post("/sign-out", form: [:])
        #expect(response.status == .seeOther)
        #expect(response.header("Clear-Site-Data") == "\"cache\"")
    }
}
