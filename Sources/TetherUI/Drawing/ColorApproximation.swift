/// The nearest colour a smaller palette has to a true colour, by the squared distance of
/// red, green and blue: for terminals that do not show true colour.
package enum ColorApproximation {
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values of the 16 standard colours.
    private static let standard: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    /// The entry of the 256-colour palette nearest (`r`, `g`, `b`): of the 6×6×6 cube
    /// (16–231) and the grey ramp (232–255). The first 16 are left out: terminals differ on them.
    package static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (r, g, b) = (Int(r), Int(g), Int(b))
        let (cr, cg, cb) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cubeDistance = distance(
            (r, g, b), (cubeLevels[cr], cubeLevels[cg], cubeLevels[cb]))
        let grey = min(23, max(0, ((r + g + b) / 3 - 3) / 10))
        let level = 8 + 10 * grey
        let greyDistance = distance((r, g, b), (level, level, level))
        if greyDistance < cubeDistance { return UInt8(232 + grey) }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    /// The standard colour (0–15) nearest (`r`, `g`, `b`), taking xterm's default values.
    package static func nearest16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, value) in standard.enumerated() {
            let d = distance((Int(r), Int(g), Int(b)), value)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return best
    }

    private static func cubeIndex(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
