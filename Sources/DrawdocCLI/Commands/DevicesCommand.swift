import DrawdocEditing
import DrawdocModel

/// `drawdoc devices`: lists the devices paired with the store, makes a pairing code, or takes
/// a device out.
struct DevicesCommand: Command {
  static let name = "devices"
  static let abstract = "List the paired devices, make a pairing code, or revoke a device."
  static let usage = "drawdoc devices [--json] | devices ACTION [NAME] [--expires DURATION]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("ACTION", .choices(Action.allCases.map(\.rawValue))),
    ArgumentSpecification("NAME", .text),
  ]
  static let options: [OptionSpecification] = [
    .flag("json", help: "List as JSON (see Schema/drawdoc-devices.schema.json)."),
    .value(
      "expires", placeholder: "DURATION",
      help: "pair only: how long the code pairs, 1m to 1d (default 10m)."),
    StoreAccess.option,
  ]
  static let discussion = """
    Devices reach the app that 'drawdoc serve --lan' serves to the network, each with a token
    of its own that the store keeps only as a hash. Without ACTION, lists them: name, when
    paired, when last seen (to the minute) and from which address.
    ACTION is:
      pair          make a one-time pairing code and print the address a device opens with
                    it; the code pairs one device, within 10 minutes (or --expires)
      revoke NAME   take the device named NAME out: its token opens nothing from now on
    DURATION is a whole number and s, m, h or d: 30s, 10m, 12h, 7d.
    """

  /// What the command does besides listing.
  enum Action: String, CaseIterable {
    case pair, revoke
  }

  enum Task {
    case list(json: Bool)
    case pair(validFor: Int)
    case revoke(String)
  }

  /// The lengths of time a pairing code may be valid for.
  static let codeLifetimes = 60...86_400

  let arguments: ParsedArguments
  let task: Task

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    let expires = arguments.value("expires")
    guard let word = arguments.positionals.first else {
      try arguments.expectPositionals(atMost: 0)
      if expires != nil { throw Self.onlyWith("expires", "pair") }
      task = .list(json: arguments.flag("json"))
      return
    }
    guard let action = Action(rawValue: word) else {
      throw .invalidValue(
        command: Self.name, option: "ACTION", value: word, expected: "pair or revoke")
    }
    if arguments.flag("json") { throw Self.onlyWith("json", "the listing (no ACTION)") }
    switch action {
    case .pair:
      try arguments.expectPositionals(atMost: 1)
      let seconds = try expires.map { (text) throws(CommandLineError) in
        try ValueParser(command: Self.name).duration(
          text, option: "expires", range: Self.codeLifetimes)
      }
      task = .pair(validFor: seconds ?? DeviceAccess.pairingCodeLifetime)
    case .revoke:
      try arguments.expectPositionals(atMost: 2)
      if expires != nil { throw Self.onlyWith("expires", "pair") }
      task = .revoke(try arguments.positional(1, name: "NAME (the device to revoke)"))
    }
  }

  private static func onlyWith(_ option: String, _ what: String) -> CommandLineError {
    .invalidValue(
      command: name, option: option, value: "--\(option)", expected: "--\(option) only with \(what)"
    )
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let access = DeviceAccess(store: store)
    switch task {
    case .list(let json):
      let devices = try access.devices()
      context.standardOutput.write(json ? Self.json(devices) : Array(Self.table(devices).utf8))
    case .pair(let seconds):
      let (code, expires) = try access.makePairingCode(validFor: seconds)
      PairingPrinter.print(
        code: code, expires: expires, validFor: seconds, origins: store.servingOrigins(),
        to: context.standardOutput)
    case .revoke(let name):
      let device = try access.revokeDevice(named: name)
      context.standardOutput.writeLine(
        "Revoked '\(DisplayText.single(device.name))': its token opens nothing from now on.")
    }
    return .success
  }

  /// The path of the pairing page for a code: `/pair#code=XXXX-XXXX`. The code is in the
  /// fragment, which a browser never sends to a server.
  static func pairingPath(code: String) -> String {
    "/pair#code=\(code)"
  }

  /// What `devices pair` prints: the code, how long it pairs, and the address of the pairing
  /// page on each of `origins` (such as `https://studio.local:8443`), or its path when none
  /// is given.
  static func pairingText(
    code: String, expires: Timestamp, for seconds: Int, origins: [String] = []
  )
    -> String
  {
    var text = "Pairing code: \(code) (pairs one device, until \(LocalTime().format(expires)), "
    text += "\(UserValue.durationText(seconds)) from now)\n"
    text += "On the device, open the app served by 'drawdoc serve --lan' at:\n"
    for origin in origins.isEmpty ? [""] : origins {
      text += "  \(origin)\(pairingPath(code: code))\n"
    }
    return text
  }

  static func json(_ devices: [PairedDevice]) -> [UInt8] {
    JSONValue.array(devices.map(\.listed)).document
  }

  static func table(_ devices: [PairedDevice]) -> String {
    guard !devices.isEmpty else {
      return "No device is paired: 'drawdoc devices pair' makes a pairing code.\n"
    }
    let localTime = LocalTime()
    let rows = devices.map { device in
      [
        DisplayText.single(device.name, limit: DeviceAccess.longestDeviceName + 1),
        localTime.format(device.paired),
        device.lastSeen.map(localTime.format) ?? "never", device.address ?? "-",
      ]
    }
    return TextTable.text(header: ["NAME", "PAIRED", "LAST SEEN", "ADDRESS"], rows: rows)
  }
}
