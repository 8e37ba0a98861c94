import ReuseEngine

/// `compare --explain` as text and as JSON (Schemas/compare.schema.json,
/// `explained`), built from one ``CompareExplanation`` so the two agree.
struct ExplanationReport {
    let explanation: CompareExplanation

    private var first: String { explanation.names[0] }
    private var second: String { explanation.names[1] }

    /// `pass 2, 'scroll Feed by 1' (<session>:8)`.
    private func place(_ divergence: CompareExplanation.Divergence) -> String {
        let location = "\(divergence.location.file):\(divergence.location.line)"
        return (divergence.pass.map { "pass \($0), " } ?? "") + "'\(divergence.command)' (\(location))"
    }

    private func steps(_ count: Int) -> String { count == 1 ? "1 step" : "\(count) steps" }
    private func passes(_ count: Int) -> String { count == 1 ? "1 pass" : "\(count) passes" }

    /// `created 0/2, hidden 1/0`: the first system's value, then the second's.
    private func differences(_ list: [CompareExplanation.Difference]) -> String {
        list.map { "\($0.stat.name) \($0.first)/\($0.second)" }.joined(separator: ", ")
    }

    /// The whole story: where they part, what each did and by which rule,
    /// then the drift, line by line, and the totals.
    var text: String {
        var lines: [String] = []
        guard let divergence = explanation.divergence else {
            lines.append("\(first) and \(second) take the same \(steps(explanation.alike)) over \(passes(explanation.passes)): "
                         + "they never differ.")
            if !explanation.totals.isEmpty {
                lines.append("At the end, \(first)/\(second): " + differences(explanation.totals) + ".")
            }
            if let stopped = explanation.stopped { lines.append("Stopped: \(stopped).") }
            return lines.joined(separator: "\n")
        }
        lines.append("\(first) and \(second) take the same \(steps(explanation.alike)), then part in \(place(divergence)).")
        if divergence.countsOnly {
            lines.append("That line took more steps than a replay keeps; its counts differ.")
        }
        for side in divergence.sides {
            lines.append("\(side.strategy):")
            if let failure = side.failure {
                lines.append("  refuses the line: \(failure)")
                if let rule = side.rule { lines += wrapped("rule: " + rule, width: 78, indent: "  ") }
                continue
            }
            if side.events.isEmpty, !divergence.countsOnly {
                lines.append("  takes no further step in that pass")
            }
            for line in EventReport.lines(side.events) { lines.append("  " + line) }
            if side.more > 0 { lines.append("  and \(side.more) more step\(side.more == 1 ? "" : "s") in that pass") }
            if let first = side.events.first {
                let rule = side.rule ?? "no sentence of 'help strategy \(strategyName(side.strategy))' names a \(first.kind.rawValue)"
                lines += wrapped("rule: " + rule, width: 78, indent: "  ")
            }
        }
        if !explanation.drift.isEmpty {
            lines.append("From there, lines whose counts differ (\(first)/\(second)):")
            for drift in explanation.drift {
                let passes = drift.passes.count == 1 ? "pass \(drift.passes.lowerBound)" : "passes \(drift.passes.lowerBound)-\(drift.passes.upperBound)"
                lines.append("  \(passes)  \(drift.command): " + differences(drift.differences))
            }
            let more = explanation.driftLines - explanation.drift.count
            if more > 0 { lines.append("  and \(more) more line\(more == 1 ? "" : "s")") }
        }
        if explanation.drift.isEmpty, explanation.totals.isEmpty {
            lines.append("Their counts never differ: the same views created, reused and hidden, the same attributes applied.")
        }
        if !explanation.totals.isEmpty {
            lines.append("At the end (\(first)/\(second)): " + differences(explanation.totals) + ".")
        }
        if let stopped = explanation.stopped { lines.append("Stopped: \(stopped).") }
        return lines.joined(separator: "\n")
    }

    /// Two lines: where they first differ (pass and command), then the
    /// first system's step vs the second's; or one line when they never do.
    var line: String {
        guard let divergence = explanation.divergence else {
            return "never differ: the same \(steps(explanation.alike)) over \(passes(explanation.passes))"
                + (explanation.stopped.map { "; stopped: \($0)" } ?? "")
        }
        // Short enough for 80 columns: the header names the first system.
        let what = divergence.sides.map { side -> String in
            if side.failure != nil { return "refused" }
            guard let event = side.events.first else { return "nothing more" }
            return "\(event.kind.rawValue) \(event.view)" + (event.path.map { " \($0.display)" } ?? "")
        }
        return (divergence.pass.map { "pass \($0), " } ?? "") + divergence.command + "\n" + what.joined(separator: " vs ")
    }

    /// The name a label starts with (`recyclerview (cache 1)`: `recyclerview`).
    private func strategyName(_ label: String) -> String {
        String(label.prefix { $0 != " " })
    }

    /// An `explained` item of Schemas/compare.schema.json.
    var json: JSON {
        var pairs: [(String, JSON)] = [
            ("pair", .array(explanation.names.map(JSON.string))),
            ("alike", .int(explanation.alike)),
            ("passes", .int(explanation.passes)),
        ]
        if let divergence = explanation.divergence {
            let sides = divergence.sides.map { side -> JSON in
                .object([
                    ("strategy", .string(side.strategy)),
                    ("events", .array(side.events.map { EventReport(event: $0).json })),
                    ("more", .int(side.more)),
                    ("rule", side.rule.map(JSON.string) ?? .null),
                    ("failure", side.failure.map(JSON.string) ?? .null),
                ])
            }
            pairs.append(("divergence", .object([
                ("pass", divergence.pass.map(JSON.int) ?? .null),
                ("command", .string(divergence.command)),
                ("location", .string("\(divergence.location.file):\(divergence.location.line)")),
                ("countsOnly", .bool(divergence.countsOnly)),
                ("sides", .array(sides)),
            ])))
        } else {
            pairs.append(("divergence", .null))
        }
        func differencesJSON(_ list: [CompareExplanation.Difference]) -> JSON {
            .array(list.map { .object([("stat", .string($0.stat.name)), ("first", .int($0.first)), ("second", .int($0.second))]) })
        }
        pairs.append(("drift", .array(explanation.drift.map { drift in
            .object([("fromPass", .int(drift.passes.lowerBound)), ("toPass", .int(drift.passes.upperBound)),
                     ("command", .string(drift.command)), ("differences", differencesJSON(drift.differences))])
        })))
        pairs.append(("driftLines", .int(explanation.driftLines)))
        pairs.append(("totals", differencesJSON(explanation.totals)))
        pairs.append(("stopped", explanation.stopped.map(JSON.string) ?? .null))
        return .object(pairs)
    }
}
