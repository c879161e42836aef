extension CompletionScript {
  /// The fish script: one dynamic completion, `__drawdoc_complete`, that prints candidates
  /// with their descriptions.
  static func fish(_ commands: [any Command.Type]) -> String {
    func described(_ name: String, _ help: String) -> String {
      quoted(name + "\t" + help)
    }
    var script = """
      # fish completion for drawdoc \(DrawdocCLI.version), made by 'drawdoc completions fish' from the
      # descriptions 'drawdoc --help' prints.

      # The commands, with their abstracts.
      function __drawdoc_commands
          printf '%s\\n' \\

      """
    for command in commands {
      script += "        \(described(command.name, command.abstract)) \\\n"
    }
    script += """

      end

      # The options of command $argv[1] (none: before the command), with their help.
      function __drawdoc_options --argument-names command
          switch "$command"
              case ''
                  printf '%s\\n' \\

      """
    for option in DrawdocCLI.globalOptions {
      script += "                \(described("--\(option.name)", option.help)) \\\n"
    }
    script += "\n"
    for command in commands {
      script += "        case \(command.name)\n            printf '%s\\n' \\\n"
      for (spelling, help) in spellings(command) {
        script += "                \(described(spelling, help)) \\\n"
      }
      script += "\n"
    }
    script += """
          end
      end

      # What the value of option $argv[2] of command $argv[1] names; nothing for a flag.
      function __drawdoc_option_value --argument-names command option
          switch "$command $option"

      """
    for (patterns, kind) in valueCases(commands) {
      script += "        case \(patterns.map(quoted).joined(separator: " "))\n"
      script += "            echo \(quoted(kind))\n"
    }
    script += """
          end
      end

      # What positional argument $argv[2] (from 0) of command $argv[1] names.
      function __drawdoc_argument --argument-names command index
          set -l kinds
          set -l repeats 0
          switch "$command"

      """
    for (command, kinds, repeats) in argumentKinds(commands) {
      script += "        case \(command)\n            set kinds \(kinds)\n"
      if repeats { script += "            set repeats 1\n" }
    }
    script += """
          end
          if test $index -lt (count $kinds)
              echo $kinds[(math $index + 1)]
          else if test $repeats = 1; and test (count $kinds) -gt 0
              echo $kinds[-1]
          end
      end

      # Reads the words before the cursor: the command, its positional arguments, the --store
      # given, and the option whose value comes next, if any.
      function __drawdoc_parse
          set -g __drawdoc_command ''
          set -g __drawdoc_positionals
          set -g __drawdoc_store
          set -g __drawdoc_pending ''
          set -l words (commandline -opc)
          set -g __drawdoc_program $words[1]
          set -l only 0
          set -l i 2
          while test $i -le (count $words)
              set -l word $words[$i]
              if test $only = 1; or not string match -qr -- '^-.' $word; or string match -qr -- '^-[0-9.]+$' $word
                  if test -z "$__drawdoc_command"
                      set -g __drawdoc_command $word
                  else
                      set -ga __drawdoc_positionals $word
                  end
              else if test "$word" = --
                  set only 1
              else if string match -q -- '--store=*' $word
                  set -g __drawdoc_store --store (string replace -- '--store=' '' $word)
              else if not string match -q -- '*=*' $word
                  set -l kind (__drawdoc_option_value "$__drawdoc_command" $word)
                  if test -n "$kind"
                      if test $i -eq (count $words)
                          set -g __drawdoc_pending $word
                      else if test $word = --store
                          set -g __drawdoc_store --store $words[(math $i + 1)]
                      end
                      set i (math $i + 1)
                  end
              end
              set i (math $i + 1)
          end
      end

      # The candidates of kind $argv[1].
      function __drawdoc_candidates --argument-names kind
          set -l list
          switch $kind
              case 'choices=*'
                  string split '|' -- (string replace 'choices=' '' -- $kind)
              case command
                  __drawdoc_commands
              case file
                  __fish_complete_path (commandline -ct)
              case directory
                  __fish_complete_directories (commandline -ct)
              case drawing
                  set list --list drawings
              case drawing-or-file
                  __fish_complete_path (commandline -ct)
                  set list --list drawings
              case trash
                  set list --list trash
              case 'rectangle=*'
                  set -l index (math (string replace 'rectangle=' '' -- $kind) + 1)
                  set list --list rectangles --drawing $__drawdoc_positionals[$index]
          end
          if test (count $list) -gt 0
              $__drawdoc_program $__drawdoc_store completions $list 2>/dev/null
          end
      end

      function __drawdoc_complete
          __drawdoc_parse
          set -l current (commandline -ct)
          if test -n "$__drawdoc_pending"
              __drawdoc_candidates (__drawdoc_option_value "$__drawdoc_command" $__drawdoc_pending)
          else if test -z "$__drawdoc_command"; and not string match -q -- '-*' "$current"
              __drawdoc_commands
          else if string match -q -- '-*' "$current"
              __drawdoc_options "$__drawdoc_command"
          else
              set -l kind (__drawdoc_argument "$__drawdoc_command" (count $__drawdoc_positionals))
              if test -n "$kind"
                  __drawdoc_candidates $kind
              end
          end
      end

      complete -c drawdoc -e
      complete -c drawdoc -f -a '(__drawdoc_complete)'

      """
    return script
  }
}
