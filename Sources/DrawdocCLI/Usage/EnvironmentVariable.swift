/// An environment variable drawdoc reads, for the man page.
struct EnvironmentVariable {
  /// Its name.
  let name: String
  /// What drawdoc does with it.
  let meaning: String

  /// Every variable drawdoc reads.
  static let all: [EnvironmentVariable] = [
    EnvironmentVariable(
      name: "DRAWDOC_STORE", meaning: "The store folder, when --store is not given."),
    EnvironmentVariable(
      name: "XDG_DATA_HOME",
      meaning: "Without --store and DRAWDOC_STORE, the store is $XDG_DATA_HOME/drawdoc."),
    EnvironmentVariable(
      name: "HOME",
      meaning: "Without --store, DRAWDOC_STORE and XDG_DATA_HOME, the store is "
        + "~/.local/share/drawdoc."),
    EnvironmentVariable(
      name: "DRAWDOC_LOCK_TIMEOUT",
      meaning: "How many seconds a command waits for the store lock before it exits with "
        + "status 75 (default 10)."),
    EnvironmentVariable(
      name: "DRAWDOC_LOG",
      meaning: "Diagnostics on standard error: debug, info or error (the default)."),
    EnvironmentVariable(
      name: "PATH",
      meaning: "Where git install and git uninstall find git, and where git install checks "
        + "that drawdoc is, since git runs the drivers by that name."),
    EnvironmentVariable(
      name: "PWD",
      meaning: "The current folder's path as the shell shows it, which git install and "
        + "uninstall print, when it names the folder drawdoc runs in."),
    EnvironmentVariable(
      name: "XDG_CONFIG_HOME",
      meaning: "git install --global (and uninstall) writes $XDG_CONFIG_HOME/git/attributes "
        + "when git's core.attributesFile is not set (else ~/.config/git/attributes)."),
    EnvironmentVariable(
      name: "XDG_RUNTIME_DIR",
      meaning: "Where serve --open writes the page that leads the browser to the app "
        + "(default /tmp)."),
  ]
}
