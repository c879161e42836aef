import Glibc

/// Number formatting without Foundation, so that the benchmark's own memory stays what the
/// library needs.
enum Text {
  /// `printf`-style formatting of one value.
  static func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A duration: `812 µs`, `12.3 ms`, `1.23 s`, `12.3 s`.
  static func seconds(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    if value < 1e-3 { return cFormat("%.0f µs", value * 1e6) }
    if value < 1 { return significant(value * 1e3) + " ms" }
    return significant(value) + " s"
  }

  /// Three significant figures, without an exponent.
  static func significant(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let magnitude = abs(value)
    if magnitude >= 100 { return cFormat("%.0f", value) }
    if magnitude >= 10 { return cFormat("%.1f", value) }
    return cFormat("%.2f", value)
  }

  /// Bytes as megabytes (10⁶ bytes).
  static func megabytes(_ bytes: Double) -> String {
    guard bytes.isFinite else { return "—" }
    return significant(bytes / 1e6) + " MB"
  }

  /// A count with thin groups: `1 000 000`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(" ") }
      out.append(digit)
    }
    return out
  }

  /// A per-second rate: `316 MB/s`, `2.81 M/s`.
  static func rate(_ perSecond: Double, unit: String) -> String {
    guard perSecond.isFinite else { return "—" }
    if perSecond >= 1e6 { return significant(perSecond / 1e6) + " M" + unit }
    if perSecond >= 1e3 { return significant(perSecond / 1e3) + " k" + unit }
    return significant(perSecond) + " " + unit
  }

  /// A size label: `10 k`, `100 k`, `1 M`.
  static func sizeLabel(_ count: Int) -> String {
    if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000) M" }
    if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000) k" }
    return "\(count)"
  }
}
