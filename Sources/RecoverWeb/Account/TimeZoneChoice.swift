import Foundation
import Web

/// The time zones a person may choose, by region and city, in each page language: "Zurich (Europe/Zurich)" under
/// "Europe"; in Chinese the name ICU gives the zone's place ("瑞士（Europe/Zurich）", "纽约（America/New_York）") under
/// "欧洲". The account page's select shows them grouped (usable without script, the filter box finds a city), and
/// every form that takes a zone accepts these identifiers only.
///
/// ```swift
/// TimeZoneChoice.isKnown("Europe/Zurich")                  // true
/// TimeZoneChoice.label("Europe/Zurich", language: .english) // "Zurich (Europe/Zurich)"
/// ```
enum TimeZoneChoice {
    /// One zone as the list offers it.
    struct Option: Hashable, Sendable {
        /// The IANA identifier, the value posted and stored.
        let identifier: String
        /// What the list shows.
        let label: String
        /// Other words the filter box finds the zone by (empty for most).
        let alsoKnownAs: String
    }

    /// The zones of one region, in the list's order.
    struct Group: Hashable, Sendable {
        let name: String
        let options: [Option]
    }

    /// The zones offered and accepted: the system's IANA identifiers plus `UTC`.
    static let identifiers: [String] = Array(Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])).sorted()
    private static let known = Set(identifiers)

    /// Whether `identifier` names a zone we offer and Foundation can evaluate.
    static func isKnown(_ identifier: String) -> Bool {
        known.contains(identifier) && TimeZone(identifier: identifier) != nil
    }

    /// The list in `language`, made once per language (ICU's names and the collation cost a few milliseconds).
    static func groups(for language: Language) -> [Group] { byLanguage[language] ?? [] }

    /// How the list names `identifier`; the identifier itself for one it does not offer.
    static func label(_ identifier: String, language: Language) -> String {
        labels[language]?[identifier] ?? identifier
    }

    private static let byLanguage: [Language: [Group]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, makeGroups(language: $0)) })

    private static let labels: [Language: [String: String]] = byLanguage.mapValues { groups in
        Dictionary(groups.flatMap(\.options).map { ($0.identifier, $0.label) }, uniquingKeysWith: { first, _ in first })
    }

    /// China has one zone for the whole country, named after Shanghai: people in Beijing look for Beijing.
    private static let alsoKnownAs = ["Asia/Shanghai": "Shanghai 上海 Beijing 北京 China 中国"]

    private static func makeGroups(language: Language) -> [Group] {
        let locale = Locale(identifier: language.tag)
        var byRegion: [String: [Option]] = [:]
        for identifier in identifiers {
            let parts = identifier.split(separator: "/")
            let region = parts.count > 1 ? String(parts[0]) : otherRegion
            let option = Option(
                identifier: identifier, label: label(of: identifier, language: language, locale: locale),
                alsoKnownAs: alsoKnownAs[identifier] ?? "")
            byRegion[region, default: []].append(option)
        }
        let before = { (a: String, b: String) in a.compare(b, locale: locale) == .orderedAscending }
        let groups = byRegion.map { region, options in
            Group(name: regionName(region, language), options: options.sorted { before($0.label, $1.label) })
        }
        // Regions by name, the universal zones (UTC, GMT) last.
        return groups.filter { $0.name != regionName(otherRegion, language) }.sorted { before($0.name, $1.name) }
            + groups.filter { $0.name == regionName(otherRegion, language) }
    }

    private static let otherRegion = "Other"

    /// "Zurich (Europe/Zurich)"; in Chinese ICU's place name without its "时间" ("瑞士（Europe/Zurich）"); `UTC`
    /// and `GMT` as they are.
    private static func label(of identifier: String, language: Language, locale: Locale) -> String {
        guard identifier.contains("/") else { return identifier }
        switch language {
        case .english:
            let city = identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") }
            return "\(city ?? identifier) (\(identifier))"
        case .simplifiedChinese:
            guard var place = TimeZone(identifier: identifier)?.localizedName(for: .shortGeneric, locale: locale),
                !place.isEmpty
            else { return identifier }
            if place.hasSuffix("时间"), place.count > 2 { place.removeLast(2) }
            return "\(place)（\(identifier)）"
        }
    }

    private static func regionName(_ region: String, _ language: Language) -> String {
        let names: [String: (String, String)] = [
            "Africa": ("Africa", "非洲"), "America": ("Americas", "美洲"), "Antarctica": ("Antarctica", "南极洲"),
            "Arctic": ("Arctic", "北极"), "Asia": ("Asia", "亚洲"), "Atlantic": ("Atlantic Ocean", "大西洋"),
            "Australia": ("Australia", "澳大利亚"), "Europe": ("Europe", "欧洲"), "Indian": ("Indian Ocean", "印度洋"),
            "Pacific": ("Pacific Ocean", "太平洋"), otherRegion: ("Universal time", "世界标准时间"),
        ]
        guard let name = names[region] else { return region }
        return language == .english ? name.0 : name.1
    }
}
