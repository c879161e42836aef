import DrawdocSystem
import DrawdocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `drawdoc serve --listen 127.0.0.2:0` as a process: what it prints (a pairing address, and
/// the same as a QR code that zbarimg reads), the certificate of the store's own authority
/// that curl trusts, and the addresses `devices pair` and `share` print while it runs.
@Suite struct NetworkServeTests {
  /// The server on a loopback alias, and everything it printed up to "Press Ctrl-C".
  final class NetworkServer {
    let process = Process()
    let printed: String
    private let output = Foundation.Pipe()

    init(_ box: Sandbox) throws {
      process.executableURL = drawdocExecutable
      process.arguments = ["serve", "--port", "0", "--listen", "127.0.0.2:0"]
      process.environment = box.environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let watchdog = DispatchWorkItem { [process] in
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
      defer { watchdog.cancel() }
      var bytes = Data()
      while !String(decoding: bytes, as: UTF8.self).contains("Press Ctrl-C") {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        bytes += more
      }
      printed = String(decoding: bytes, as: UTF8.self)
    }

    deinit {
      if process.isRunning {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
      }
    }

    /// `https://127.0.0.2:PORT`, as printed.
    var origin: String? {
      printed.firstMatch(of: #/On the network \(TLS only\): (https://127\.0\.0\.2:\d+)//#)
        .map { String($0.output.1) }
    }
  }

  /// The pairing address printed as text, and the one the QR code below it holds (zbarimg).
  static func pairingAddresses(in printed: String) throws -> (text: String, scanned: String) {
    let text = try #require(
      printed.firstMatch(of: #/\n  (https://\S+/pair#code=[A-Z2-9]{4}-[A-Z2-9]{4})\n/#)
    ).output.1
    let afterPrompt = try #require(printed.range(of: "Or scan this with the device's camera:\n"))
    let drawing = String(printed[afterPrompt.upperBound...])
      .components(separatedBy: "\n").filter { $0.contains("\u{1B}[") }.joined(separator: "\n")
    let rows = try QRCodePicture.rows(ofTerminalText: drawing, inkIsDark: true)
    let picture = QRCodePicture.pgm(rows, scale: 2, margin: 4, marginIsDark: false)
    let zbarimg = try #require(
      ChildProcess.find("zbarimg", in: CurrentProcess.environmentVariable("PATH") ?? "/usr/bin"),
      "zbarimg is missing: bash .ci/setup installs it (sudo apt-get install zbar-tools)")
    let decoded = try ChildProcess.run(
      zbarimg, ["--raw", "-q", "-Sbinary", "-"], environment: [:], in: "/", input: picture)
    #expect(decoded.status == 0, "zbarimg: \(decoded.errorText)")
    return (String(text), String(decoding: decoded.output, as: UTF8.self))
  }

  static func curl(_ arguments: [String]) throws -> ChildProcess.Outcome {
    try ChildProcess.run(
      "/usr/bin/env", ["curl", "-sS", "--max-time", "20"] + arguments,
      environment: ProcessInfo.processInfo.environment, in: "/")
  }

  @Test func servePrintsAPairingAddressAndAQRCodeThatHoldsItOverItsOwnCertificate() throws {
    let box = try Sandbox()
    let drawing = try box.newDrawing("--title", "Shared")
    let server = try NetworkServer(box)
    let origin = try #require(server.origin, "\(server.printed)")
    let (text, scanned) = try Self.pairingAddresses(in: server.printed)
    #expect(text.hasPrefix(origin + "/pair#code="))
    #expect(scanned == text)
    #expect(server.printed.contains("Certificate authority (trust it once on each device): "))
    // Where it serves is noted in the store's access folder, which stays its owner's only.
    let access = try FileManager.default.attributesOfItem(atPath: "\(box.store)/access")
    #expect((access[.posixPermissions] as? Int) == 0o700)

    // The certificate is one of the store's own authority, for 127.0.0.2.
    let authority = "\(box.store)/tls/authority.crt"
    let page = try Self.curl([
      "--cacert", authority, "-o", "/dev/null", "-w", "%{http_code}", origin + "/pair",
    ])
    #expect(page.outputText == "200", "\(page.errorText)")
    let plain = try Self.curl([origin.replacingOccurrences(of: "https://", with: "http://") + "/"])
    #expect(plain.outputText.contains("speaks HTTPS only"))

    // While it runs, `devices pair` prints a whole address and its QR code, and `share` a
    // whole link.
    let paired = box.run(["devices", "pair"])
    #expect(paired.status == 0)
    let (pairText, pairScanned) = try Self.pairingAddresses(in: paired.standardOutput)
    #expect(pairText.hasPrefix(origin + "/pair#code="))
    #expect(pairScanned == pairText)
    let shared = box.run(["share", drawing, "--view"])
    #expect(shared.status == 0)
    #expect(shared.standardOutput.contains("\(origin)/drawings/\(drawing)#link="))
  }
}
