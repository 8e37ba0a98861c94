function __reuse-shell_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __reuse-shell_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __reuse-shell_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __reuse-shell_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __reuse-shell_parse_tokens -S
    set -l unparsed_tokens (__reuse-shell_tokens -pc)
    switch $unparsed_tokens[1]
    case 'reuse-shell'
        __reuse-shell_parse_subcommand -r 1 'c/command=+' 'import=+' 'echo' 'bail' 'q/quiet' 'color=' 'no-color' 'no-init' 'i/interactive' 'step' 'width=' 'export-html=' 'strategy=' 'generate-manual' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __reuse-shell_parse_subcommand -r 1 'version'
        end
    end
end

function __reuse-shell_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __reuse-shell_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __reuse-shell_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __reuse-shell_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__reuse-shell_tokens -p)
    if test -z "$(__reuse-shell_tokens -t)"
        set -l index (count (__reuse-shell_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'reuse-shell' -f
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_positional "reuse-shell" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'reuse\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell"' -l 'command' -s 'c' -d 'Run one command after the files (may be repeated).' -rfka ''
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell"' -l 'import' -d 'Before the files, build and mount a screen from a view-hierarchy dump: UIKit\'s recursiveDescription, Android\'s uiautomator or Appium XML or dumpsys, or a DivKit card (may be repeated; \'help import\' in the shell).' -rF
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" echo' -l 'echo' -d 'Print each command before its output (for transcripts).'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" bail' -l 'bail' -d 'Stop at the first command that fails.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" q quiet' -l 'quiet' -s 'q' -d 'Print only what inspections (and help) print: no pass lines, no \'defined\', no echo; errors still go to stderr. For pipes: reuse-shell s.reuse -q -c \'tree --json\' | jq .'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" color' -l 'color' -d 'Colour: auto (on a terminal, unless TERM=dumb or NO_COLOR is set), always, or never.' -rfka 'auto always never'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" no-color' -l 'no-color' -d 'The same as --color never.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" no-init' -l 'no-init' -d 'Do not run the start-up file in an interactive session.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" i interactive' -l 'interactive' -s 'i' -d 'After the scripts and commands, continue interactively.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" step' -l 'step' -d 'Presenter mode: show each command of the scripts and wait for Enter before running it.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" width' -l 'width' -d 'Wrap text output to N columns (0: never); by default the terminal\'s width (followed when the window is resized), or 80.' -rfka ''
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" export-html' -l 'export-html' -d 'Write the scripts as offline web pages instead of running them.' -rfka ''
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" strategy' -l 'strategy' -d 'Start with this reuse strategy (theodolite, naive, theodolite-2019, componentkit, divkit, uikit, recyclerview, valdi-rebind, valdi-attach, uikit-diffable, iglistkit, compose, flashlist, texture, litho).' -rfka ''
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" generate-manual' -l 'generate-manual' -d 'Print the manual page, reuse-shell(1), in roff and exit.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" version' -l 'version' -d 'Show the version.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_positional "reuse-shell" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'reuse-shell' -n '__reuse-shell_should_offer_completions_for_flags_or_options "reuse-shell help" version' -l 'version' -d 'Show the version.'
