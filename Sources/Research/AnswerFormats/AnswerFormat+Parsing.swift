import Foundation

extension AnswerFormat {
    /// The form value that means "don't know" for formats that offer it.
    public static let dontKnowValue = "dontKnow"

    /// Reads the raw values a browser posted for one item and checks them against this format.
    ///
    /// Returns `nil` when nothing was answered (no value, or only whitespace). Values per format:
    /// scale, ladder and integer numeric `"3"`; continuous scale, decimal numeric, height (cm) and weight (kg)
    /// `"2.5"`; text scale and text choice the picked choice values (with `otherText` for the "other" choice);
    /// boolean `"true"`/`"false"`; text as typed; date `"2026-05-04"`; date-time ISO-8601 with an offset, or
    /// `"2026-05-04T08:30"` read in `timeZone`; time of day `"08:30"`; time interval `"HH:mm"` or seconds;
    /// location `"latitude,longitude"`. `"dontKnow"` where the format offers it.
    public func parse(
        formValues: [String],
        otherText: String? = nil,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
        for itemID: String
    ) throws(AnswerError) -> Answer? {
        let bounds = self.bounds
        func fail(_ code: ItemError.Code, _ message: String) -> AnswerError {
            AnswerError(itemID: itemID, code: code, message: message, bounds: bounds)
        }
        let values = formValues.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard let first = values.first else { return nil }
        let trimmed = first.trimmingCharacters(in: .whitespaces)
        if allowsDontKnow, values == [Self.dontKnowValue] {
            return .dontKnow
        }
        let isChoice: Bool
        if case .textChoice = self { isChoice = true } else { isChoice = false }
        if !isChoice, values.count > 1 { throw fail(.tooManyValues, "expected one value, got \(values.count)") }
        let answer: Answer
        switch self {
        case .scale, .socioEconomicLadder:
            guard let number = Int(trimmed) else { throw fail(.notAWholeNumber, "expected a whole number") }
            answer = .integer(number)
        case .numeric(let format):
            if let number = Int(trimmed) {
                answer = .integer(number)
            } else if format.style == .decimal, let number = Double(trimmed), number.isFinite {
                answer = .decimal(number)
            } else {
                throw format.style == .integer
                    ? fail(.notAWholeNumber, "expected a whole number") : fail(.notANumber, "expected a number")
            }
        case .continuousScale, .height, .weight:
            guard let number = Double(trimmed), number.isFinite else { throw fail(.notANumber, "expected a number") }
            answer = .decimal(number)
        case .textScale:
            answer = .choices([first], other: nil)
        case .textChoice:
            let other = otherText?.trimmingCharacters(in: .whitespacesAndNewlines)
            answer = .choices(values, other: (other?.isEmpty ?? true) ? nil : other)
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "1": answer = .boolean(true)
            case "false", "no", "0": answer = .boolean(false)
            default: throw fail(.wrongType, "expected yes or no")
            }
        case .text:
            answer = .text(first)
        case .date:
            guard let date = CalendarDate(trimmed) else { throw fail(.invalidDate, "expected a date like 2026-05-04") }
            answer = .date(date)
        case .dateTime:
            guard let date = SurveyJSON.parseDate(trimmed) ?? Self.localDateTime(trimmed, timeZone: timeZone) else {
                throw fail(.invalidDate, "expected a date and time like 2026-05-04T08:30")
            }
            answer = .dateTime(date)
        case .timeOfDay:
            guard let time = TimeOfDay(trimmed) else { throw fail(.invalidTime, "expected a time like 08:30") }
            answer = .timeOfDay(time)
        case .timeInterval:
            if let time = TimeOfDay(trimmed) {
                answer = .interval(TimeInterval(time.hour * 3600 + time.minute * 60))
            } else if trimmed == "24:00" {
                answer = .interval(TimeIntervalFormat.longest)
            } else if let seconds = Int(trimmed) {
                answer = .interval(TimeInterval(seconds))
            } else {
                throw fail(.invalidDuration, "expected a duration like 01:30")
            }
        case .location:
            let parts = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
                throw fail(.invalidLocation, "expected latitude,longitude")
            }
            answer = .location(Location(latitude: latitude, longitude: longitude))
        }
        try validate(answer, for: itemID)
        return answer
    }

    /// `yyyy-MM-ddTHH:mm[:ss]` as a wall-clock time in `timeZone` (what an HTML datetime-local input posts).
    private static func localDateTime(_ text: String, timeZone: TimeZone) -> Date? {
        let halves = text.split(separator: "T")
        guard halves.count == 2, let day = CalendarDate(String(halves[0])) else { return nil }
        let clock = halves[1].split(separator: ":")
        guard clock.count == 2 || clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: day.year,
            month: day.month,
            day: day.day,
            hour: hour,
            minute: minute,
            second: second
        )
        return calendar.date(from: components)
    }
}
