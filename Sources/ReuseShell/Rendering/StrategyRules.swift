import Foundation
import ReuseEngine

/// A strategy's `help strategy` text cut into sentences, and the sentence
/// that names a step it took: the rule `compare --explain` quotes.
///
/// The rules are prose written for people, not tagged by step, so the
/// sentence is found by the words each kind of step goes by in them
/// (``ReuseEvent/Kind`` `create`: "new view", "created", "entering row";
/// `hide`: "hidden", "nobody takes"), or by the step's attribute's name
/// (`contentOffset`, as much as four words), two points a word, plus a
/// point for each word of the command that ran the pass ("scroll", "reload"). The
/// highest score wins, the earliest sentence on a tie; a sentence naming
/// none of the step's words is never quoted. Every quote is a whole
/// sentence of `help strategy NAME`, word for word (a test checks it).
struct StrategyRules {
    /// The sentences of the rules, the source paragraph left out.
    let sentences: [String]

    init(_ descriptor: StrategyDescriptor) {
        var text = descriptor.rules.joined(separator: " ")
        if let source = text.range(of: " Source: ") { text = String(text[..<source.lowerBound]) }
        sentences = StrategyRules.sentences(of: text)
    }

    /// The sentence that says why `event` happened during `command`, if
    /// one names its kind of step.
    func rule(for event: ReuseEvent, command: String) -> String? {
        let words = StrategyRules.words[event.kind] ?? []
        let verb = command.split(separator: " ").first.map(String.init) ?? ""
        let commandWords = StrategyRules.commandWords[verb] ?? [verb]
        var best: (score: Int, sentence: String)?
        for sentence in sentences {
            let lowered = sentence.lowercased()
            // A sentence about another command ("reload PATH is ...") never explains this one.
            if let about = lowered.split(separator: " ").first.map(String.init),
               let family = StrategyRules.commandFamily[about], family != StrategyRules.commandFamily[verb] { continue }
            // A sentence naming the step's attribute (contentOffset) is the most
            // specific about it: it outweighs the general words of its kind.
            let attribute = event.step.attribute.map { lowered.contains($0.name.lowercased()) } == true ? 4 : 0
            let named = words.filter { lowered.contains($0) }.count + attribute
            guard named > 0 else { continue }
            // An option's sentence ("'linger N': ...") comes after the rules that always hold.
            let option = sentence.hasPrefix("'") ? 1 : 0
            let score = 2 * named + commandWords.filter { lowered.contains($0) }.count - option
            if score > best?.score ?? 0 { best = (score, sentence) }
        }
        return best?.sentence
    }

    /// The sentence that says why the system refuses a command (UIKit's
    /// unregistered identifier raises), if one does.
    func refusal() -> String? {
        let words = ["raise", "refus", "unregistered", "exception", "cannot"]
        return sentences.first { sentence in
            let lowered = sentence.lowercased()
            return words.contains { lowered.contains($0) }
        }
    }

    /// `text` cut after each ". " (the rules use no abbreviations), every
    /// sentence keeping its full stop.
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let stop = rest.range(of: ". ") {
            result.append(String(rest[..<stop.lowerBound]) + ".")
            rest = rest[stop.upperBound...].drop { $0 == " " }
        }
        let last = rest.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { result.append(last) }
        return result
    }

    /// The words each kind of step goes by in the rules, lower case, none
    /// inside another of its kind (each word found counts once).
    static let words: [ReuseEvent.Kind: [String]] = [
        .create: ["new view", "a new one", "created", "first shows", "entering row", "makes", "new slot", "new inner view", "new content view",
                  "new node"],
        .reuse: ["takes", "dequeue", "queue", "pool", "vend", "check-out", "lookup", "reuse"],
        .unhide: ["shown", "comes back", "shows again"],
        .hide: ["hidden", "nobody takes", "unclaimed", "off screen"],
        .detach: ["detach", "recycle", "leaves its superview"],
        .reattach: ["view cache", "still bound", "comes back"],
        .cacheHit: ["view cache", "still bound", "no rebind", "exact position", "comes back"],
        .cache: ["cache", "prefetch"],
        .apply: ["appl", "every attribute", "set all", "sets every", "set again", "configured"],
        .unapply: ["unappl"],
        .update: ["updater"],
        .skip: ["skip", "equal", "nothing applied", "no rebind", "unchanged"],
        .reorder: ["order"],
        .enterPool: ["didenterreusepool"],
        .leavePool: ["willleavereusepool"],
        .prepareForReuse: ["prepareforreuse"],
        .remove: ["removed", "dropped", "disposed", "leftovers", "unmounted", "no view reuse"],
        .render: ["render"],
        .layout: ["lay out", "laid out", "layout"],
        .attach: ["attach"],
        .reset: ["reset"],
        .reparent: ["shared", "moves", "reparent"],
        .insert: ["adds it as a subview", "global"],
        .reconfigure: ["reconfigure", "configureblockview", "never skips"],
        .recycle: ["onviewrecycled", "recycle"],
        .load: ["load"],
        .deliver: ["load", "result"],
        .cancel: ["cancel"],
        .discard: ["load", "dropped"],
        .move: ["follow", "insert and delete"],
        .state: ["state", "remember"],
    ]

    /// Commands a sentence may begin with, by family (`insert and delete ...`).
    static let commandFamily: [String: String] = [
        "reload": "reload", "insert": "insert", "delete": "insert", "set": "set", "scroll": "scroll", "mount": "mount",
    ]

    /// The words a command goes by in the rules, by its first word.
    static let commandWords: [String: [String]] = [
        "scroll": ["scroll"],
        "set": ["set on a row", "edit"],
        "reload": ["reload"],
        "insert": ["insert"],
        "delete": ["delete"],
        "mount": ["mount"],
        "unmount": ["unmount"],
        "hide": ["hid"],
        "show": ["show"],
        "wait": ["load"],
        "state": ["state"],
        "register": ["register"],
    ]
}
