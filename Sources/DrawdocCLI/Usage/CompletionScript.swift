/// The shell completion scripts, made from the commands' descriptions: their names, abstracts,
/// options (with what each option's value names) and positional arguments.
///
/// The three scripts share one shape: tables generated from the descriptions (the options of
/// each command, what each option's value names, what each positional argument names), and a
/// small fixed function per shell that reads the words typed so far, finds the command and
/// the arguments given, and offers the candidates for what comes next. Drawings, drawings in
/// the trash and rectangles come from `drawdoc completions --list`, run with the `--store`
/// typed on the line, if any.
enum CompletionScript {
  // MARK: - The tables, as shell words

  /// What a value names, as the scripts spell it: `choices=svg|png|json`, `drawing`,
  /// `rectangle=0`, …; `text` offers nothing.
  static func word(for kind: ValueKind) -> String {
    switch kind {
    case .text: return "text"
    case .choices(let choices): return "choices=" + choices.joined(separator: "|")
    case .drawing: return "drawing"
    case .trashedDrawing: return "trash"
    case .rectangle(let argument): return "rectangle=\(argument)"
    case .file: return "file"
    case .drawingOrFile: return "drawing-or-file"
    case .directory: return "directory"
    case .command: return "command"
    }
  }

  /// Text in single quotes, for any POSIX shell, zsh and fish alike.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  /// The options a command accepts, `--help` included, as typed, each with its help:
  /// `--output` and `-o`.
  static func spellings(_ command: any Command.Type) -> [(spelling: String, help: String)] {
    command.optionsWithHelp.flatMap { option in
      [("--\(option.name)", option.help)]
        + (option.shortName.map { [("-\($0)", option.help)] } ?? [])
    }
  }

  /// The spellings and kind of every option that takes a value, by command: `export
  /// --format`, or `export --output` and `export -o`. The global options are those of the
  /// empty command name.
  static func valueCases(_ commands: [any Command.Type]) -> [(patterns: [String], kind: String)] {
    var cases: [(patterns: [String], kind: String)] = []
    for option in DrawdocCLI.globalOptions where option.takesValue {
      cases.append(([" --\(option.name)"], word(for: option.valueKind)))
    }
    for command in commands {
      for option in command.options where option.takesValue {
        var patterns = ["\(command.name) --\(option.name)"]
        if let short = option.shortName { patterns.append("\(command.name) -\(short)") }
        cases.append((patterns, word(for: option.valueKind)))
      }
    }
    return cases
  }

  /// The same, as the branches of a `case` in bash or zsh that write the kind with the
  /// shell's `print` command (`echo` in bash, `print -r --` in zsh).
  static func shellValueCases(_ commands: [any Command.Type], print: String) -> String {
    valueCases(commands).map { patterns, kind in
      "    \(patterns.map(quoted).joined(separator: " | "))) \(print) \(quoted(kind)) ;;\n"
    }.joined()
  }

  /// What each positional argument of each command names, as quoted words, and whether the
  /// last one repeats; commands without positional arguments are left out.
  static func argumentKinds(_ commands: [any Command.Type]) -> [(
    command: String, kinds: String, repeats: Bool
  )] {
    commands.filter { !$0.arguments.isEmpty }.map { command in
      (
        command.name, command.arguments.map { quoted(word(for: $0.kind)) }.joined(separator: " "),
        command.arguments.last?.repeats == true
      )
    }
  }

  /// The same, as the branches of a `case` in bash or zsh that set `kinds` and `repeats`.
  static func shellArgumentCases(_ commands: [any Command.Type]) -> String {
    argumentKinds(commands).map { command, kinds, repeats in
      "    \(command)) kinds=(\(kinds))\(repeats ? "; repeats=1" : "") ;;\n"
    }.joined()
  }

  // MARK: - bash

  /// The bash script: `complete -F _drawdoc drawdoc`.
  static func bash(_ commands: [any Command.Type]) -> String {
    var script = """
      # bash completion for drawdoc \(DrawdocCLI.version), made by 'drawdoc completions bash' from the
      # descriptions 'drawdoc --help' prints. Needs bash 4 or later.

      _drawdoc_commands=\(quoted(commands.map { $0.name }.joined(separator: " ")))
      _drawdoc_global_options=\(quoted(DrawdocCLI.globalOptions.map { "--\($0.name)" }.joined(separator: " ")))

      # The options of command $1.
      _drawdoc_options() {
        case $1 in

      """
    for command in commands {
      let spelled = spellings(command).map(\.spelling).joined(separator: " ")
      script += "    \(command.name)) echo \(quoted(spelled)) ;;\n"
    }
    script += """
        esac
      }

      # What the value of option $2 of command $1 names; nothing for a flag.
      _drawdoc_option_value() {
        case "$1 $2" in

      """
    script += shellValueCases(commands, print: "echo")
    script += """
        esac
      }

      # What positional argument $2 (from 0) of command $1 names.
      _drawdoc_argument() {
        local kinds=() repeats=0
        case $1 in

      """
    script += shellArgumentCases(commands)
    script += """
        esac
        if (($2 < ${#kinds[@]})); then
          echo "${kinds[$2]}"
        elif ((repeats && ${#kinds[@]} > 0)); then
          echo "${kinds[${#kinds[@]}-1]}"
        fi
      }

      _drawdoc_add() {
        local line
        while IFS= read -r line; do COMPREPLY+=("$line"); done
      }

      # Adds to COMPREPLY the candidates of kind $1 that start with $2.
      _drawdoc_candidates() {
        local kind=$1 cur=$2 line list=(--list drawings)
        case $kind in
          choices=*)
            local choices=${kind#choices=}
            _drawdoc_add < <(compgen -W "${choices//|/ }" -- "$cur") ;;
          command) _drawdoc_add < <(compgen -W "$_drawdoc_commands" -- "$cur") ;;
          file) compopt -o filenames 2>/dev/null; _drawdoc_add < <(compgen -f -- "$cur") ;;
          directory) compopt -o filenames 2>/dev/null; _drawdoc_add < <(compgen -d -- "$cur") ;;
          drawing | trash | rectangle=* | drawing-or-file)
            [[ $kind == trash ]] && list=(--list trash)
            [[ $kind == rectangle=* ]] \\
              && list=(--list rectangles --drawing "${_drawdoc_positionals[${kind#rectangle=}]}")
            if [[ $kind == drawing-or-file ]]; then
              compopt -o filenames 2>/dev/null
              _drawdoc_add < <(compgen -f -- "$cur")
            fi
            while IFS= read -r line; do
              [[ $line == "$cur"* ]] || continue
              # A title with spaces is one word; bash quotes file names itself.
              if [[ $kind == drawing-or-file ]]; then
                COMPREPLY+=("$line")
              else
                COMPREPLY+=("$(printf '%q' "$line")")
              fi
            done < <("$_drawdoc_program" "${_drawdoc_store[@]}" completions "${list[@]}" 2>/dev/null) ;;
        esac
      }

      _drawdoc() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev="" command="" word kind i=1 only_positionals=0
        local _drawdoc_program=${COMP_WORDS[0]} _drawdoc_store=() _drawdoc_positionals=()
        _drawdoc_program=${_drawdoc_program/#\\~/$HOME}
        ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}
        COMPREPLY=()
        while ((i < COMP_CWORD)); do
          word=${COMP_WORDS[i]}
          if ((only_positionals)) || [[ $word != -?* || $word =~ ^-[0-9.]+$ ]]; then
            if [[ -z $command ]]; then command=$word; else _drawdoc_positionals+=("$word"); fi
          elif [[ $word == -- ]]; then
            only_positionals=1
          elif [[ $word == --store=* ]]; then
            _drawdoc_store=(--store "${word#--store=}")
          elif [[ $word != *=* && -n $(_drawdoc_option_value "$command" "$word") ]]; then
            [[ $word == --store ]] && _drawdoc_store=(--store "${COMP_WORDS[i+1]/#\\~/$HOME}")
            ((i++))
          fi
          ((i++))
        done
        if ((!only_positionals)) && [[ $prev == -?* && $prev != *=* ]] && ((i == COMP_CWORD + 1)); then
          _drawdoc_candidates "$(_drawdoc_option_value "$command" "$prev")" "$cur"
          return 0
        fi
        if [[ -z $command ]]; then
          if [[ $cur == -* ]]; then
            _drawdoc_add < <(compgen -W "$_drawdoc_global_options" -- "$cur")
          else
            _drawdoc_add < <(compgen -W "$_drawdoc_commands" -- "$cur")
          fi
        elif ((!only_positionals)) && [[ $cur == -* ]]; then
          _drawdoc_add < <(compgen -W "$(_drawdoc_options "$command")" -- "$cur")
        else
          kind=$(_drawdoc_argument "$command" "${#_drawdoc_positionals[@]}")
          [[ -n $kind ]] && _drawdoc_candidates "$kind" "$cur"
        fi
        return 0
      }

      complete -F _drawdoc drawdoc

      """
    return script
  }
}

extension String {
  /// The string with every `target` replaced; the CLI keeps Foundation out.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
