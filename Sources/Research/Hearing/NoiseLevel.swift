import Foundation

/// Sound level of the microphone signal for the environment noise check (REFERENCE.md, "Hearing tasks"):
/// `dB = 20 log10(RMS) + 94 - device offset`, where the RMS is taken over the A-weighted signal.
///
/// The browser applies ``aWeighting(frequency:)`` to the spectrum of each block of samples (the same
/// curve, IEC 61672), then reports one level per reading; the server re-checks the run of quiet
/// readings with ``NoiseCheck/passes(_:)``.
///
/// ```swift
/// let level = NoiseLevel.decibels(rms: 0.001, deviceOffset: 0)   // 34 dBA
/// ```
public enum NoiseLevel {
    /// The sound pressure level of a full-scale RMS of 1, before the device offset.
    public static let fullScaleReference = 94.0
    /// The quietest level reported (silence has no logarithm).
    public static let silence = 0.0

    /// The level in dB of a signal with this (A-weighted) RMS, for a microphone whose offset is
    /// `deviceOffset` dB.
    public static func decibels(rms: Double, deviceOffset: Double = 0) -> Double {
        guard rms.isFinite, rms > 0 else { return silence }
        return max(silence, 20 * log10(rms) + fullScaleReference - deviceOffset)
    }

    /// The RMS of `samples` (full scale = 1).
    public static func rms(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)).squareRoot()
    }

    /// The A-weighting gain in dB at `frequency` hertz (0 dB at 1 kHz).
    public static func aWeighting(frequency f: Double) -> Double {
        guard f > 0 else { return -.infinity }
        let f2 = f * f
        let numerator = 12194.0 * 12194.0 * f2 * f2
        let denominator =
            (f2 + 20.6 * 20.6) * ((f2 + 107.7 * 107.7) * (f2 + 737.9 * 737.9)).squareRoot() * (f2 + 12194.0 * 12194.0)
        return 20 * log10(numerator / denominator) + 2.0
    }

    /// The A-weighted RMS of a signal from its power spectrum: `power[i]` is the mean power of the bin
    /// centred on `frequencies[i]` (full scale = 1).
    public static func aWeightedRMS(power: [Double], frequencies: [Double]) -> Double {
        var total = 0.0
        for (bin, frequency) in zip(power, frequencies) where frequency > 0 && bin.isFinite && bin > 0 {
            total += bin * pow(10, aWeighting(frequency: frequency) / 10)
        }
        return total.squareRoot()
    }
}
