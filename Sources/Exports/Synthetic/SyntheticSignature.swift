import Foundation
import Research

/// A drawn-looking signature: a few cursive strokes of loops with a slant and a jitter, as pointer samples,
/// and their rendering as a PNG.
enum SyntheticSignature {
    static let width = 300
    static let height = 100

    static func strokes(using generator: inout SeededGenerator) -> [[StrokePoint]] {
        var strokes: [[StrokePoint]] = []
        var x = 20 + generator.unit() * 15
        var time = 0.0
        let slant = 0.25 + generator.unit() * 0.3
        for _ in 0..<(2 + Int(generator.next() % 2)) {
            var points: [StrokePoint] = []
            let loops = 2 + Int(generator.next() % 4)
            let size = 18 + generator.unit() * 14
            let steps = loops * 9
            for step in 0...steps {
                let phase = Double(step) / 9 * 2 * Double.pi
                let wobble = generator.normal(0.8)
                let y = 55 - sin(phase) * size * (0.6 + 0.4 * sin(phase / 3)) + wobble
                let dx = Double(step) * (5 + generator.unit() * 0.9) + cos(phase) * size * 0.35
                points.append(StrokePoint(x: (x + dx + (55 - y) * slant).rounded(), y: y.rounded(), t: time))
                time += 8 + generator.unit() * 6
            }
            strokes.append(points)
            x += Double(steps) * 5.3 + 12 + generator.unit() * 10
            time += 120 + generator.unit() * 200
        }
        return strokes
    }

    static func png(_ strokes: [[StrokePoint]]) -> Data {
        let maxX = strokes.flatMap { $0 }.map(\.x).max() ?? 1
        let scale = min(1, Double(width - 10) / max(maxX, 1))
        var image = PNGImage(width: width, height: height)
        for stroke in strokes {
            for (from, to) in zip(stroke, stroke.dropFirst()) {
                let distance = max(abs(to.x - from.x), abs(to.y - from.y))
                let steps = max(1, Int(distance * scale))
                for step in 0...steps {
                    let f = Double(step) / Double(steps)
                    image.dot(
                        x: (from.x + (to.x - from.x) * f) * scale, y: from.y + (to.y - from.y) * f, radius: 1.2)
                }
            }
        }
        return Data(image.data)
    }
}
