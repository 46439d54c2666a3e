import Foundation

/// Turns one `<Record>`'s attributes into a kept sample or the reason it is skipped, following the rules in
/// docs/health-import.md: granted types only, from the enrolment on, dates with an offset, finite values in
/// range, known units.
struct RecordInterpreter {
    /// Where in the document the record stands.
    enum Placement {
        case topLevel
        case insideBloodPressure
        case insideOtherCorrelation
    }

    /// The longest a sample may last.
    static let longestInterval: Int64 = 86_400

    private let granted: [Bool]
    private let start: Int64

    private static let types = ByteWordTable(HealthType.allCases.map { ($0.rawValue, $0) })
    private static let stages = ByteWordTable(SleepStage.allCases.map { ($0.rawValue, $0) })
    /// Factors from each unit Apple writes to the type's unit.
    private static let distanceUnits = ByteWordTable([
        ("km", 1000.0), ("m", 1), ("mi", 1609.344), ("ft", 0.3048), ("yd", 0.9144), ("cm", 0.01),
    ])
    private static let energyUnits = ByteWordTable([("kcal", 1.0), ("Cal", 1), ("kJ", 1 / 4.184), ("cal", 0.001)])
    private static let countUnits = ByteWordTable([("count", 1.0)])
    private static let rateUnits = ByteWordTable([("count/min", 1.0)])
    private static let pressureUnits = ByteWordTable([("mmHg", 1.0)])

    init(granted: Set<HealthType>, start: Date) {
        var flags = Array(repeating: false, count: HealthType.allCases.count)
        for type in granted { flags[type.index] = true }
        self.granted = flags
        self.start = Int64(max(-1e11, min(1e11, start.timeIntervalSince1970)).rounded(.down))
    }

    /// The sample, or why not; `source` interns the source name only for records that are kept.
    func interpret(
        _ attributes: RecordAttributes, placement: Placement, source: (UnsafeBufferPointer<UInt8>) -> Int
    ) -> Result<KeptSample, SkipReasonError> {
        guard let typeBytes = attributes.type else { return .failure(.init(.missingAttribute)) }
        guard let type = Self.types.value(for: typeBytes) else { return .failure(.init(.unknownType)) }
        let isBloodPressure = type == .bloodPressureSystolic || type == .bloodPressureDiastolic
        switch placement {
        case .topLevel where isBloodPressure: return .failure(.init(.repeatedOutsideCorrelation))
        case .insideBloodPressure where !isBloodPressure: return .failure(.init(.repeatedInsideCorrelation))
        case .insideOtherCorrelation: return .failure(.init(.repeatedInsideCorrelation))
        default: break
        }
        guard granted[type.index] else { return .failure(.init(.notGranted)) }
        guard let startBytes = attributes.startDate, let endBytes = attributes.endDate,
            let valueBytes = attributes.value, let sourceBytes = attributes.sourceName
        else { return .failure(.init(.missingAttribute)) }
        let startTime: Int64
        let endTime: Int64
        switch (ExportTimestamp.parse(startBytes), ExportTimestamp.parse(endBytes)) {
        case (.instant(let from), .instant(let to)): (startTime, endTime) = (from, to)
        case (.invalid, _), (_, .invalid): return .failure(.init(.invalidDate))
        default: return .failure(.init(.dateWithoutOffset))
        }
        guard endTime >= startTime, endTime - startTime <= Self.longestInterval else {
            return .failure(.init(.invalidInterval))
        }
        guard startTime >= start else { return .failure(.init(.beforeStart)) }
        let value: Double
        var stage: SleepStage?
        if type == .sleepAnalysis {
            guard let known = Self.stages.value(for: valueBytes) else { return .failure(.init(.valueNotNumber)) }
            stage = known
            value = known.isAsleep ? Double(endTime - startTime) : 0
        } else {
            guard let number = DecimalValue.parse(valueBytes) else { return .failure(.init(.valueNotNumber)) }
            guard let factor = Self.unitFactor(type, attributes.unit) else { return .failure(.init(.unknownUnit)) }
            value = number * factor
            guard Self.plausibleRange(type).contains(value) else { return .failure(.init(.valueOutOfRange)) }
        }
        return .success(
            KeptSample(
                type: type, source: source(sourceBytes), start: startTime, end: endTime, value: value, sleepStage: stage
            ))
    }

    private static func unitFactor(_ type: HealthType, _ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        guard let unit else { return nil }
        switch type {
        case .stepCount: return countUnits.value(for: unit)
        case .distanceWalkingRunning: return distanceUnits.value(for: unit)
        case .activeEnergyBurned, .basalEnergyBurned: return energyUnits.value(for: unit)
        case .heartRate: return rateUnits.value(for: unit)
        case .bloodPressureSystolic, .bloodPressureDiastolic: return pressureUnits.value(for: unit)
        case .sleepAnalysis: return 1
        }
    }

    /// What one sample can plausibly hold, in the type's unit; beyond it a value is a device or file error.
    private static func plausibleRange(_ type: HealthType) -> ClosedRange<Double> {
        switch type {
        case .stepCount: 0...100_000
        case .distanceWalkingRunning: 0...500_000
        case .activeEnergyBurned, .basalEnergyBurned: 0...50_000
        case .heartRate: 1...400
        case .bloodPressureSystolic, .bloodPressureDiastolic: 1...400
        case .sleepAnalysis: 0...Double(longestInterval)
        }
    }
}

/// A skip reason carried through `Result`.
struct SkipReasonError: Error {
    let reason: SkipReason
    init(_ reason: SkipReason) { self.reason = reason }
}
