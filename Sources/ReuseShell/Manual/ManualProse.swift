/// The prose of the manual page (``ManualPage``): what the flags, the
/// command table and the strategies do not say themselves.
///
/// Each text is plain: paragraphs apart by a blank line, no roff. What it
/// states is the program's behaviour: ENVIRONMENT lists every variable the
/// program reads (a test greps the sources for them), EXIT STATUS every
/// status it ends with.
enum ManualProse {
    static let name = "explore how UI frameworks reuse views"

    static let description = """
        reuse-shell is an interactive shell over ReuseEngine, a model of how UI frameworks reuse views: Theodolite's recycling algorithm, the one ComponentKit shares, beside the rules of UIKit, RecyclerView, DivKit and Valdi (see Strategies). You define components and lists, mount and scroll them, and inspect the views, the reuse pools and a log of every step, to see why a reused cell shows stale state and to prove it cannot.

        Script files given as FILE run in order, then each -c command. With neither, commands come from the terminal, with a prompt, line editing (libedit, with the user's editrc), history and Tab completion; or, when standard input is not a terminal, plainly from standard input, with no prompt, no escape codes and no history. An interactive session first runs the start-up file (see FILES) unless --no-init.

        A command is one line. A line ending in a backslash (\\) goes on in the next: the backslash, the spaces around the line break and the next line's indentation become one space, so a long component line can be split. This holds in script files, in source, in piped standard input, at the prompt (which then shows a continuation prompt, and history keeps the whole command) and in -c, whose commands are the lines of <input>: a -c ending in a backslash goes on in the next -c. A backslash inside a comment does not continue it; a blank line ends a continued command; a backslash on the last line, with nothing after it, is an error. The joined command is what runs, what save writes and what history keeps.

        A # followed by a space, or starting a line, begins a comment (#ff0000 is a colour). Values are bare words or "quoted text". Lines end at a newline (a carriage return before it is dropped); a byte-order mark is ignored.

        An error names the file, the line and the column, shows the line with a caret under the offending text and suggests near misses. In a continued command the line and column are those of the physical line the offending text is on. A failed command changes nothing.
        """

    static let commands = """
        The shell's own commands, as help lists them by group (help COMMAND shows one, help GROUP a group). A PATH names a mounted component: names from the root joined by /, Name[i] among namesakes, row numbers in lists (Feed/3/Title), or a view id for the component holding it. A VIEW is a view id (v7), root, or a PATH for the view its component holds. Inspection commands take --json and print one JSON document.
        """

    static let strategies = """
        The reuse systems strategy switches between; help strategy NAME states the rules of one and their upstream source.
        """

    static let environment: [(String, String)] = [
        ("HOME", "Where the start-up file, the history file and ~/.editrc are found, and what a path starting with ~/ in a command starts from."),
        ("XDG_CONFIG_HOME", "The start-up file is $XDG_CONFIG_HOME/reuse-shell/init; ~/.config when unset or not an absolute path."),
        ("XDG_STATE_HOME", "The history file is $XDG_STATE_HOME/reuse-shell/history; ~/.local/state when unset or not an absolute path."),
        ("REUSE_SHELL_HISTORY", "The history file to use instead, when set and not empty."),
        ("EDITRC", "The editline settings file to read instead of ~/.editrc (read by libedit)."),
        ("NO_COLOR", "When set and not empty, output is not coloured unless --color always."),
        ("TERM", "dumb turns colour off (unless --color always); libedit reads the terminal's capabilities by it."),
        ("LANG, LC_ALL, LC_CTYPE", "The character set typed input is decoded in; a plain C or POSIX locale is taken as UTF-8."),
        ("PATH", "Where dot(1) is looked for, to draw pictures (export FILE.svg, --export-html)."),
        ("COLUMNS", "The width --help is wrapped to, when set; output itself follows the terminal's width (or --width)."),
        ("SHELL", "The shell --generate-completion-script writes for when it is given none."),
    ]

    static let files: [(String, String)] = [
        ("$XDG_CONFIG_HOME/reuse-shell/init", "The start-up file (~/.config/reuse-shell/init by default): commands an interactive session runs before its first prompt; --no-init skips it, and scripts and -c never run it."),
        ("~/.reuse_shellrc", "The start-up file when the one above does not exist."),
        ("$XDG_STATE_HOME/reuse-shell/history", "The history of commands typed at the prompt (~/.local/state/reuse-shell/history by default; its directory is created), 1000 entries, written as each command is entered. A continued command is kept whole, once."),
        ("~/.reuse_shell_history", "The history file instead, when it exists (where earlier versions kept it); $REUSE_SHELL_HISTORY overrides both."),
        ("~/.editrc", "editline settings (editrc(5)), read when the line editor starts, after the shell's own, so they win: key bindings (bind), the editing mode (bind -v for vi), and more. $EDITRC names another file. A line starting reuse-shell: applies to this program alone."),
    ]

    static let exitStatus: [(String, String)] = [
        ("0", "Every command succeeded, or a quit ended the run before any failed; --help, --version and --generate-completion-script. An interactive session (the prompt, -i after the scripts) exits 0 however its commands went."),
        ("1", "A command from a script, a -c or piped standard input failed (a source whose script has a failing line fails too), or a script could not be read; with --bail the run stops there. With --export-html: a step of a page failed, or a page could not be written."),
        ("64", "The command line was wrong: an unknown flag, a flag's value refused (--color, --width, --strategy), --export-html without a script."),
        ("130", "Ctrl-C stopped a script run (files, -c, piped standard input): the output so far is written, and the process ends by SIGINT, which the calling shell shows as 130."),
    ]

    static let examples: [(String, String)] = [
        ("Open the shell on the first lesson, then keep typing:", "reuse-shell -i Sessions/00-welcome.reuse"),
        ("Replay a script with each command shown before its output, stopping at the first error:", "reuse-shell --echo --bail session.reuse"),
        ("Run commands from the command line, the first over two -c lines:", "reuse-shell -c 'component Card view UIView \\' -c '{ backgroundColor: red }' \\\n    -c 'mount Card' -c tree"),
        ("Split a long definition in a script:", "component Photo view UIImageView { image: placeholder } \\\n    loads image \"photo{i}\" after 2 checked"),
        ("Present a lesson step by step, or write it as a web page:", "reuse-shell --step Sessions/08-scrolling-feed.reuse\nreuse-shell --export-html lesson.html Sessions/08-scrolling-feed.reuse"),
        ("Install this page and the completion scripts:", "install -D -m 644 Documentation/reuse-shell.1 /usr/local/share/man/man1/reuse-shell.1\ninstall -D -m 644 Completions/reuse-shell.bash /usr/share/bash-completion/completions/reuse-shell"),
    ]

    static let seeAlso: [(name: String, section: Int)] = [("editrc", 5), ("editline", 3), ("dot", 1)]
}
