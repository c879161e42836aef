extension CompletionScript {
  /// The zsh script: an autoloadable `_drawdoc` (`#compdef drawdoc`), which may also be
  /// sourced.
  static func zsh(_ commands: [any Command.Type]) -> String {
    func described(_ name: String, _ help: String) -> String {
      quoted(name.replacingAll(":", with: "\\:") + ":" + help)
    }
    var script = """
      #compdef drawdoc
      # zsh completion for drawdoc \(DrawdocCLI.version), made by 'drawdoc completions zsh' from the
      # descriptions 'drawdoc --help' prints.

      # The commands, with their abstracts.
      _drawdoc_commands() {
        local -a commands
        commands=(

      """
    for command in commands {
      script += "    \(described(command.name, command.abstract))\n"
    }
    script += """
        )
        _describe -t commands 'drawdoc command' commands
      }

      # The options of command $1 (none: before the command), with their help.
      _drawdoc_options() {
        local -a options
        case $1 in
          '') options=(

      """
    for option in DrawdocCLI.globalOptions {
      script += "      \(described("--\(option.name)", option.help))\n"
    }
    script += "    ) ;;\n"
    for command in commands {
      script += "    \(command.name)) options=(\n"
      for (spelling, help) in spellings(command) {
        script += "      \(described(spelling, help))\n"
      }
      script += "    ) ;;\n"
    }
    script += """
        esac
        _describe -t options 'option' options
      }

      # What the value of option $2 of command $1 names; nothing for a flag.
      _drawdoc_option_value() {
        case "$1 $2" in

      """
    script += shellValueCases(commands, print: "print -r --")
    script += """
        esac
      }

      # What positional argument $2 (from 0) of command $1 names.
      _drawdoc_argument() {
        local -a kinds
        local repeats=0
        case $1 in

      """
    script += shellArgumentCases(commands)
    script += """
        esac
        if (($2 < ${#kinds})); then
          print -r -- "${kinds[$2 + 1]}"
        elif ((repeats && ${#kinds} > 0)); then
          print -r -- "${kinds[-1]}"
        fi
      }

      # Offers the candidates of kind $1.
      _drawdoc_candidates() {
        local kind=$1
        local -a list lines
        list=(--list drawings)
        case $kind in
          choices=*) lines=(${(s:|:)${kind#choices=}}); compadd -a lines ;;
          command) _drawdoc_commands ;;
          file) _files ;;
          directory) _files -/ ;;
          drawing | trash | rectangle=* | drawing-or-file)
            [[ $kind == trash ]] && list=(--list trash)
            [[ $kind == rectangle=* ]] \\
              && list=(--list rectangles --drawing "${_drawdoc_positionals[${kind#rectangle=} + 1]}")
            lines=(${(f)"$("$_drawdoc_program" "${_drawdoc_store[@]}" completions "${list[@]}" 2>/dev/null)"})
            compadd -a lines
            [[ $kind == drawing-or-file ]] && _files ;;
        esac
      }

      _drawdoc() {
        local cur=${words[CURRENT]} prev=${words[CURRENT - 1]} command="" word
        local -i i=2 only_positionals=0
        local _drawdoc_program=${words[1]/#\\~/$HOME}
        local -a _drawdoc_store _drawdoc_positionals
        while ((i < CURRENT)); do
          word=${words[i]}
          if ((only_positionals)) || [[ $word != -?* || $word =~ '^-[0-9.]+$' ]]; then
            if [[ -z $command ]]; then command=$word; else _drawdoc_positionals+=("$word"); fi
          elif [[ $word == -- ]]; then
            only_positionals=1
          elif [[ $word == --store=* ]]; then
            word=${word#--store=}
            _drawdoc_store=(--store "${word/#\\~/$HOME}")
          elif [[ $word != *=* && -n $(_drawdoc_option_value "$command" "$word") ]]; then
            [[ $word == --store ]] && _drawdoc_store=(--store "${words[i + 1]/#\\~/$HOME}")
            ((i++))
          fi
          ((i++))
        done
        if ((!only_positionals)) && [[ $prev == -?* && $prev != *=* ]] && ((i == CURRENT + 1)); then
          _drawdoc_candidates "$(_drawdoc_option_value "$command" "$prev")"
        elif [[ -z $command && $cur != -* ]]; then
          _drawdoc_commands
        elif ((!only_positionals)) && [[ $cur == -* ]]; then
          _drawdoc_options "$command"
        else
          local kind=$(_drawdoc_argument "$command" ${#_drawdoc_positionals})
          [[ -n $kind ]] && _drawdoc_candidates "$kind"
        fi
        return 0
      }

      if [[ $funcstack[1] == _drawdoc ]]; then
        _drawdoc "$@"
      else
        compdef _drawdoc drawdoc
      fi

      """
    return script
  }
}
