import ReuseEngine

/// The line a pass prints: `pass 2 (scroll Feed by 1): created 0, reused 2,
/// hidden 1, ...`, wrapped to the width between counts (a count is never
/// split; continuation lines are indented by two spaces).
///
/// Printed after every command that runs a pass, so it is built as bytes in
/// one buffer: no string per count.
enum PassLine {
    /// Each entry's label as bytes, made once (appending a string's UTF-8
    /// view byte by byte cost more than the rest of the line).
    private static let labels: [[UInt8]] = Stat.passLine.map { Array($0.label.utf8) }

    /// `pass 2 (scroll Feed by 1):`, and the column it ends at.
    static func head(of summary: PassSummary, style: Style) -> (bytes: [UInt8], column: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(summary.trigger.utf8.count + 160)
        if style.color {
            let head = style.accent("pass \(summary.pass)") + " " + style.dim("(\(summary.trigger))") + ":"
            bytes.append(contentsOf: head.utf8)
            return (bytes, head.displayWidth)
        }
        bytes.append(contentsOf: "pass ".utf8)
        var column = 5 + appendDecimal(summary.pass, to: &bytes)
        bytes.append(contentsOf: " (".utf8)
        bytes.append(contentsOf: summary.trigger.utf8)
        bytes.append(contentsOf: "):".utf8)
        column += 4 + summary.trigger.displayWidth
        return (bytes, column)
    }

    /// The counts, wrapped to `width` from `column` on.
    static func appendCounts(_ counts: EventCounts, from column: Int, width: Int, to bytes: inout [UInt8]) {
        var column = column
        let entries = Stat.passLine
        func shows(_ index: Int) -> Bool { entries[index].always || counts[entries[index].stat] > 0 }
        let lastShown = entries.indices.last(where: shows) ?? 0
        var lineHasCounts = false
        for index in entries.indices where shows(index) {
            let value = counts[entries[index].stat]
            let label = labels[index]
            let last = index == lastShown
            let pieceWidth = label.count + 1 + decimalWidth(value) + (last ? 0 : 1)
            if width > 0, column + 1 + pieceWidth > width, lineHasCounts {
                bytes.append(contentsOf: "\n  ".utf8)
                column = 2 + pieceWidth
            } else {
                bytes.append(UInt8(ascii: " "))
                column += 1 + pieceWidth
            }
            bytes.append(contentsOf: label)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(value, to: &bytes)
            if !last { bytes.append(UInt8(ascii: ",")) }
            lineHasCounts = true
        }
    }

    /// Pass lines with the counts part of the last one kept: a run of one
    /// command (a thousand `scroll Feed by 1`) prints the same counts from
    /// the same column every time, so only the head is made again.
    struct Cache {
        private var last: (counts: EventCounts, column: Int, width: Int, bytes: [UInt8])?

        mutating func text(for summary: PassSummary, style: Style, width: Int) -> String {
            var line = PassLine.head(of: summary, style: style)
            if let last, last.counts == summary.counts, last.column == line.column, last.width == width {
                line.bytes.append(contentsOf: last.bytes)
            } else {
                var counts: [UInt8] = []
                PassLine.appendCounts(summary.counts, from: line.column, width: width, to: &counts)
                line.bytes.append(contentsOf: counts)
                last = (summary.counts, line.column, width, counts)
            }
            return String(decoding: line.bytes, as: UTF8.self)
        }
    }

    /// Columns `value` takes in decimal.
    static func decimalWidth(_ value: Int) -> Int {
        var width = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 { rest /= 10; width += 1 }
        return width
    }

    /// Appends `value` in decimal; returns the digits' count (with the sign).
    @discardableResult
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) -> Int {
        let width = decimalWidth(value)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Room for the digits, then filled from the last one.
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - (value < 0 ? 1 : 0)))
        var position = bytes.count - 1
        var rest = value.magnitude
        while rest > 0 {
            bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            position -= 1
        }
        return width
    }
}
