import DrawdocSystem
import Testing

@Suite struct NetworkInterfacesTests {
  private func hostnameCommand(_ arguments: [String]) throws -> String {
    let outcome = try ChildProcess.run(
      try #require(ChildProcess.find("hostname", in: "/usr/bin:/bin")), arguments,
      environment: [:], in: "/")
    #expect(outcome.status == 0)
    return outcome.outputText
  }

  @Test func theHostNameIsTheSystems() throws {
    #expect(NetworkInterfaces.hostName() + "\n" == (try hostnameCommand([])))
  }

  /// `hostname -I` lists the addresses of the interfaces that are up, but for loopback and
  /// IPv6 link-local ones: what `addresses()` lists by default.
  @Test func theAddressesAreThoseTheSystemLists() throws {
    let listed = try hostnameCommand(["-I"]).split(whereSeparator: \.isWhitespace).map(String.init)
    let addresses = try NetworkInterfaces.addresses()
    #expect(Set(addresses.map(\.text)) == Set(listed))
    #expect(addresses.allSatisfy { !$0.isLoopback && !$0.isLinkLocal })
    #expect(addresses.allSatisfy { $0.isIPv6 == $0.text.contains(":") })

    let withLoopback = try NetworkInterfaces.addresses(
      includingLoopback: true, includingLinkLocal: true)
    let loopback = try #require(withLoopback.first { $0.text == "127.0.0.1" })
    #expect(loopback.isLoopback && !loopback.isIPv6)
    #expect(Set(addresses).isSubset(of: Set(withLoopback)))
    for address in withLoopback where address.isLinkLocal && address.isIPv6 {
      #expect(address.text.hasPrefix("fe80:") && address.scope != 0)
    }
  }

  /// The canonical text of RFC 5952's own examples.
  @Test(arguments: [
    ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
    ("2001:0db8:0:0::1", "2001:db8::1"),
    ("2001:DB8:aaaa:bbbb:cccc:dddd:eeee:0001", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1"),
    ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
    ("2001:0:0:1:0:0:0:1", "2001:0:0:1::1"),
    ("0:0:0:0:0:0:0:1", "::1"),
    ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
    ("192.0.2.1", "192.0.2.1"),
  ])
  func addressesHaveOneCanonicalText(given: String, canonical: String) {
    #expect(InternetAddress.canonical(given) == canonical)
  }

  @Test(arguments: [
    "192.0.2", "192.0.2.256", "192.0.2.01", "fe80::1%eth0", "1::2::3", "", "studio",
  ])
  func whatIsNotAnAddressHasNoBytes(text: String) {
    #expect(InternetAddress.bytes(of: text) == nil)
  }
}
