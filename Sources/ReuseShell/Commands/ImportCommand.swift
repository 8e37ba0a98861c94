import Foundation
import ReuseEngine

/// `import FILE`: a real screen's view-hierarchy dump as definitions in the
/// shell's language, mounted (or, with `--script`, printed).
enum ImportCommand {
    static let options: [CommandOption] = [.flag("script")]

    static let spec = CommandSpec(
        name: "import", group: .session,
        usage: "import FILE [as uikit|android|divkit] [card NAME] [--script]",
        summary: "build a screen from a view-hierarchy dump and mount it",
        details: """
        Reads a real screen and writes it as view, component and list lines,
        then mounts it, scrolls its lists to the rows shown, sets the values the
        dump states and hides the views it shows hidden. The format is found
        from the text unless 'as' names it:
        uikit: recursiveDescription (lldb: po [[UIWindow keyWindow]
        recursiveDescription]; Chisel's pviews; Cycript). UIKit's containers and
        private views are folded (subviews join their superview); UITableView
        and UICollectionView (subclasses too, by baseClass) are lists, their
        visible cells in frame order, rows from contentSize over the cell height.
        android: uiautomator dump (adb shell uiautomator dump), Appium page
        source, or dumpsys activity top. RecyclerView, ListView and GridView are
        lists, rows in bounds order; the dump has no row count: 100 assumed.
        divkit: a card's JSON, templates resolved; galleries are lists of their
        items or item_builder rows ('card NAME' picks one of several cards).
        Cells of one kind (a UIKit class, an Android class and id, a DivKit
        template or prototype) are one type, a subview some lack added hidden;
        rows beyond the screen repeat the types shown. It prints what it found and
        what it left out; lines it cannot read are named by line and column. The
        lines run quietly and count as typed for 'save', so the screen can be
        edited and replayed. --script prints them without running them.
        """,
        example: "import screen.txt",
        options: options,
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        guard let file = parsed.rest.first else { throw arguments.missing("a dump file") }
        var format: DumpFormat?
        var card: Token?
        var rest = parsed.rest.dropFirst()
        while let word = rest.popFirst() {
            switch word.text {
            case "as":
                guard let name = rest.popFirst() else { throw ShellError("import: expected a format after 'as': uikit, android or divkit", at: word) }
                guard let named = DumpFormat(rawValue: name.text) else {
                    throw ShellError("import: unknown format '\(name.text)'; the formats are uikit, android and divkit", at: name)
                }
                format = named
            case "card":
                guard let name = rest.popFirst() else { throw ShellError("import: expected a card's name after 'card'", at: word) }
                card = name
            default:
                throw ShellError("import: unexpected '\(word.text)'; after the file come 'as FORMAT' and 'card NAME'", at: word)
            }
        }
        let path = shell.resolve(file.text)
        let dump: DumpFile
        do {
            dump = try DumpFile.read(atPath: path)
        } catch let error as DumpFile.NotAFile {
            throw ShellError("import: '\(file.text)' is \(error.kind), not a file; save the dump to a file first", at: file)
        } catch let error as DumpFile.TooLarge {
            throw ShellError("import: '\(file.text)' is larger than \(error.limit / (1 << 20)) MiB; a view dump is far smaller", at: file)
        } catch {
            throw ShellError("import: cannot read '\(file.text)': \(shell.describe(error, path: path))", at: file)
        }
        let detected = format ?? DumpFormat.detect(dump.text)
        if let card, detected != .divkit { throw ShellError("import: 'card' names a DivKit card; this is a \(detected.rawValue) dump", at: card) }
        let parsedDump: ParsedDump
        let screen: ImportedScreen
        let rules: any ScreenRules
        var cards: (all: [String], taken: String?) = ([], nil)
        switch detected {
        case .uikit:
            parsedDump = RecursiveDescription.parse(dump.text)
            rules = UIKitRules()
            screen = ImportedScreen(parsedDump, rules: UIKitRules())
        case .android:
            parsedDump = dump.text.contains("View Hierarchy:") && !dump.text.hasPrefix("<")
                ? AndroidHierarchy.parseDumpsys(dump.text) : AndroidHierarchy.parseXML(dump.text)
            rules = AndroidRules()
            screen = ImportedScreen(parsedDump, rules: AndroidRules())
        case .divkit:
            let reading: DivKitCard.Reading
            do throws(JSONText.Failure) {
                reading = try DivKitCard.parse(dump.text, card: card?.text)
            } catch {
                throw ShellError("import: \(file.text):\(error.line):\(error.column): \(error.message)", at: card ?? file)
            }
            parsedDump = reading.dump
            cards = (reading.cards, reading.card)
            rules = DivKitRules()
            screen = ImportedScreen(parsedDump, rules: DivKitRules())
        }
        guard !parsedDump.roots.isEmpty else {
            throw ShellError("import: no view found in '\(file.text)': expected " + (detected == .uikit
                ? "lines like '<UIView: 0x…; frame = (…); …>'" : detected == .android
                ? "'<node class=… bounds=…>' elements or a 'View Hierarchy:' section" : "a card whose first state has a div"), at: file)
        }
        let script = ScreenScript(screen)
        var report: [String] = []
        if dump.replacedBytes { report.append("\(file.text): bytes that are not UTF-8 were read as U+FFFD") }
        for warning in screen.warnings {
            report.append("\(file.text):\(warning.line):\(warning.column): " + shell.style.warn("warning:") + " \(warning.message)")
        }
        if parsed.flags.contains("script") {
            if !report.isEmpty { shell.writeError(report.joined(separator: "\n") + "\n") }
            // Unwrapped: each line a command, to save or paste as it is.
            shell.write(script.lines.joined(separator: "\n") + "\n")
            return
        }
        let views = parsedDump.roots.reduce(0) { $0 + ImportCommand.count($1) }
        report.append("imported \(file.text): \(views) views, \(script.typeCount) component types, \(script.lists.count) list\(script.lists.count == 1 ? "" : "s")")
        report += script.lists.map { "  list " + $0 }
        if cards.all.count > 1, let taken = cards.taken {
            report.append("  card \(taken) of " + cards.all.joined(separator: ", ") + " ('import FILE card NAME' for another)")
        }
        var outs: [String] = []
        if screen.folded > 0 { outs.append("folded: \(screen.folded) \(rules.plumbing) (their subviews kept)") }
        if screen.leftOut > 0 { outs.append("left out: \(screen.leftOut) private or system view\(screen.leftOut == 1 ? "" : "s") with nothing inside") }
        if screen.leftOutOfLists > 0 { outs.append("left out of lists, not rows: \(screen.leftOutOfLists) (\(rules.notRows))") }
        if !outs.isEmpty { report.append("  " + outs.joined(separator: "; ")) }
        // Names the session already uses: the import's definitions replace them.
        let replaced = script.typeNames.filter { shell.engine.catalog.components[$0] != nil }
        if !replaced.isEmpty {
            report.append("  " + shell.style.warn("replaces") + " your definition\(replaced.count == 1 ? "" : "s") of " + replaced.joined(separator: ", "))
        }

        if screen.emptyLists > 0 {
            report.append("  \(screen.emptyLists) list\(screen.emptyLists == 1 ? "" : "s") with no cell shown kept as plain views")
        }
        shell.emit(report.joined(separator: "\n"))
        // The lines run quietly (errors still show): the summary says what they made.
        let before = shell.engine.log.currentPass
        let wasMuted = shell.muted
        shell.muted = true
        let ok = shell.run(script: script.lines.joined(separator: "\n") + "\n", file: "<import \(file.text)>")
        shell.muted = wasMuted
        guard ok else { throw .reportedInside(file) }
        let passes = shell.engine.log.currentPass - before
        shell.emit(shell.style.dim("ran \(script.lines.count) lines, \(passes) pass\(passes == 1 ? "" : "es"): "
            + "\(shell.engine.views.aliveCount) views alive; 'import \(ImportCommand.written(file.text)) --script' prints the lines, 'save' writes them"))
    }

    /// A file name as it can be typed back: quoted when a space or a quote would split it.
    static func written(_ name: String) -> String {
        name.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "#" }) ? quoted(name) : name
    }

    static func count(_ view: DumpedView) -> Int {
        1 + view.children.reduce(0) { $0 + count($1) }
    }
}

/// A dump file's text, read with a limit and whatever its bytes.
struct DumpFile {
    var text: String
    /// Bytes that were not UTF-8 were replaced.
    var replacedBytes: Bool

    struct TooLarge: Error {
        let limit: Int
    }

    /// The path names a FIFO, a device, a socket or a loop of links, not a dump saved to a file.
    struct NotAFile: Error {
        let kind: String
    }

    /// The most a dump may hold (16 MiB): the largest real dump seen is
    /// about 100 KB, and a device or a runaway file is refused before it
    /// fills memory.
    static let limit = 16 << 20

    /// Reads at most ``limit`` bytes (a larger file is refused); bytes that
    /// are not UTF-8 become U+FFFD.
    static func read(atPath path: String) throws -> DumpFile {
        // Only a regular file: a FIFO with no writer would block the open
        // for good, and a device never ends.
        // `stat` follows links, as the open will.
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: break
            case S_IFCHR, S_IFBLK: throw NotAFile(kind: "a device")
            case S_IFSOCK: throw NotAFile(kind: "a socket")
            default: throw NotAFile(kind: "a FIFO")
            }
        } else if errno == ELOOP {
            throw NotAFile(kind: "a loop of symbolic links")
        }
        let data: [UInt8]
        do {
            data = try ScriptReader.readBytes(atPath: path, limit: limit, lineLimit: limit)
        } catch .tooLarge, .lineTooLong, .lineNeverEnds {
            throw TooLarge(limit: limit)
        }
        if let text = String(validating: data, as: UTF8.self) { return DumpFile(text: text, replacedBytes: false) }
        return DumpFile(text: String(decoding: data, as: UTF8.self), replacedBytes: true)
    }

}

/// The dump formats `import` reads.
enum DumpFormat: String {
    /// UIKit's recursiveDescription (lldb, Cycript, Chisel's pviews).
    case uikit
    /// uiautomator or Appium XML, or dumpsys activity top.
    case android
    /// A DivKit card's JSON.
    case divkit

    /// The format by the text's first characters.
    static func detect(_ text: String) -> DumpFormat {
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return .divkit }
        if start.hasPrefix("<?xml") || start.hasPrefix("<hierarchy") || text.contains("View Hierarchy:") { return .android }
        return .uikit
    }
}
