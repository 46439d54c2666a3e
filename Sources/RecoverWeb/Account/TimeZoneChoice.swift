import Foundation
import Web

/// The time zones a person may choose, by region and city, in each page language: "London (UTC+0)" under
/// "Europe", in Chinese "伦敦（UTC+0）" under "欧洲". Every name is ICU's (through Foundation's date formatter: the
/// zone's city, and its country where the country has one zone); none is translated here. The account page's
/// select shows them grouped (usable without script; the filter box finds a city or a country in either
/// language), and every form that takes a zone accepts these identifiers only.
///
/// ```swift
/// TimeZoneChoice.isKnown("Europe/London")                           // true
/// TimeZoneChoice.label("Europe/London", language: .english, at: now) // "London (UTC+0)" in winter
/// ```
enum TimeZoneChoice {
    /// One zone as the list offers it.
    struct Option: Hashable, Sendable {
        /// The IANA identifier, the value posted and stored.
        let identifier: String
        /// The place in the page's language: "London", "伦敦"; the identifier for `UTC` and `GMT`.
        let name: String
        /// What the filter box finds the zone by besides its label: the city and the country (where ICU names
        /// one) in both languages, and the identifier.
        let words: String
    }

    /// The zones of one region, in the list's order.
    struct Group: Hashable, Sendable {
        let name: String
        let options: [Option]
    }

    /// The system's IANA identifiers plus `UTC`.
    static let identifiers: [String] = Array(Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])).sorted()
    private static let known = Set(identifiers)

    /// Whether `identifier` names a zone we accept and Foundation can evaluate: one of the system's, or a newer
    /// name ICU knows for a city the list holds (a browser may say Asia/Kolkata where the system lists
    /// Asia/Calcutta).
    static func isKnown(_ identifier: String) -> Bool {
        guard TimeZone(identifier: identifier) != nil else { return false }
        return known.contains(identifier) || listedZone(for: identifier) != nil
    }

    /// The list in `language`, made once per language. An old alias ICU names after the same city as its
    /// current zone (Asia/Chongqing, Europe/Kiev) is accepted but not listed: the list shows that city once.
    static func groups(for language: Language) -> [Group] { byLanguage[language] ?? [] }

    /// What the list shows for `option` at `now`: the place and the zone's offset then, "London (UTC+1)" in summer.
    static func label(_ option: Option, language: Language, at now: Date) -> String {
        guard option.identifier.contains("/") else { return option.name }
        let offset = offset(of: option.identifier, at: now)
        return language == .simplifiedChinese ? "\(option.name)（\(offset)）" : "\(option.name) (\(offset))"
    }

    /// How the list names `identifier` (an alias by its listed zone); the identifier itself for one it does
    /// not accept.
    static func label(_ identifier: String, language: Language, at now: Date) -> String {
        guard let listed = listedZone(for: identifier), let option = byIdentifier[language]?[listed] else {
            return identifier
        }
        return label(option, language: language, at: now)
    }

    /// The listed zone that stands for `identifier`: itself, or the zone of the same city.
    static func listedZone(for identifier: String) -> String? {
        if let zone = listed[identifier] { return zone }
        return names(identifier, .english).city.flatMap { byCity[$0] }
    }

    /// "UTC+0", "UTC+5:30", "UTC−3" (a minus sign, which screen readers say as "minus").
    static func offset(of identifier: String, at now: Date) -> String {
        let seconds = TimeZone(identifier: identifier)?.secondsFromGMT(for: now) ?? 0
        let sign = seconds < 0 ? "\u{2212}" : "+"
        let minutes = abs(seconds) / 60
        let hours = "UTC\(sign)\(minutes / 60)"
        return minutes % 60 == 0 ? hours : hours + ":" + String(format: "%02d", minutes % 60)
    }

    // MARK: - Making the list

    /// ICU's names of a zone in one language: the city ("VVV") and the generic location ("VVVV": the country
    /// of a one-zone country, else the city again), without the words "Time"/"时间".
    private struct Names {
        let city: String?
        let place: String?
    }

    private static func names(_ identifier: String, _ language: Language) -> Names {
        guard identifier.contains("/"), let zone = TimeZone(identifier: identifier) else {
            return Names(city: nil, place: nil)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.tag)
        let day = Date(timeIntervalSince1970: 0)
        formatter.dateFormat = "VVV"
        formatter.timeZone = TimeZone(identifier: "GMT")
        let unknown = formatter.string(from: day)  // "Unknown City", "未知城市"
        formatter.timeZone = zone
        let city = formatter.string(from: day)
        formatter.dateFormat = "VVVV"
        var place = formatter.string(from: day)
        for suffix in [" Time", "时间"] where place.hasSuffix(suffix) { place.removeLast(suffix.count) }
        return Names(
            city: city.isEmpty || city == unknown ? nil : city,
            place: place.isEmpty || place.hasPrefix("GMT") ? nil : place)
    }

    /// Each identifier's listed zone: aliases ICU names after the same city go to the one whose identifier
    /// ends in that city's English name (Asia/Shanghai for Asia/Chongqing and Asia/Harbin), else the first.
    private static let listed: [String: String] = {
        var sameCity: [String: [String]] = [:]
        var result: [String: String] = [:]
        for identifier in identifiers {
            guard let city = names(identifier, .english).city else {
                result[identifier] = identifier
                continue
            }
            sameCity[city, default: []].append(identifier)
        }
        for (city, zones) in sameCity {
            let own = zones.first { $0.split(separator: "/").last?.replacingOccurrences(of: "_", with: " ") == city }
            let chosen = own ?? zones[0]
            for zone in zones { result[zone] = chosen }
        }
        return result
    }()

    /// The listed zone of each city ICU names (in English).
    private static let byCity: [String: String] = Dictionary(
        Set(listed.values).compactMap { zone in names(zone, .english).city.map { ($0, zone) } },
        uniquingKeysWith: { first, _ in first })

    private static let byIdentifier: [Language: [String: Option]] = {
        var result: [Language: [String: Option]] = [:]
        for identifier in Set(listed.values) {
            let all = Language.allCases.map { names(identifier, $0) }
            let words = (all.flatMap { [$0.city, $0.place] }.compactMap { $0 } + [identifier]).joined(separator: " ")
            for (language, own) in zip(Language.allCases, all) {
                result[language, default: [:]][identifier] = Option(
                    identifier: identifier, name: own.city ?? identifier, words: words)
            }
        }
        return result
    }()

    private static let byLanguage: [Language: [Group]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, makeGroups(language: $0)) })

    private static func makeGroups(language: Language) -> [Group] {
        let locale = Locale(identifier: language.tag)
        var byRegion: [String: [Option]] = [:]
        for option in (byIdentifier[language] ?? [:]).values {
            let parts = option.identifier.split(separator: "/")
            byRegion[parts.count > 1 ? String(parts[0]) : otherRegion, default: []].append(option)
        }
        let before = { (a: String, b: String) in a.compare(b, locale: locale) == .orderedAscending }
        let groups = byRegion.map { region, options in
            Group(
                name: regionName(region, language),
                options: options.sorted {
                    before($0.name, $1.name) || ($0.name == $1.name && $0.identifier < $1.identifier)
                })
        }
        // Regions by name, the universal zones (UTC, GMT) last.
        let other = regionName(otherRegion, language)
        return groups.filter { $0.name != other }.sorted { before($0.name, $1.name) }
            + groups.filter { $0.name == other }
    }

    private static let otherRegion = "Other"

    /// The regions of the IANA identifiers (continents and oceans, which ICU does not name).
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
