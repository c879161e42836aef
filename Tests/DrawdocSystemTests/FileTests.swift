import Foundation
import Testing

@testable import DrawdocSystem

/// A fresh folder under the temporary folder, removed when the value is gone.
final class ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-system-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct FileTests {
  @Test func writesReadsAndReadsAtOffsets() throws {
    let folder = try ScratchFolder()
    let path = "\(folder.path)/file"
    let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    try file.writeAll(Array("hello, world".utf8))
    try file.sync()
    file.close()

    #expect(try FileSystem.read(path) == Array("hello, world".utf8))
    let cut = try FileSystem.read(path, atMost: 5)
    #expect(cut.bytes == Array("hello".utf8))
    #expect(cut.cut)
    #expect(try FileSystem.read(path, atMost: 12).cut == false)

    let reader = try FileDescriptor.open(path, .readOnly)
    defer { reader.close() }
    var buffer = [UInt8](repeating: 0, count: 5)
    let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0, at: 7) }
    #expect(count == 5)
    #expect(buffer == Array("world".utf8))
    #expect(try reader.status().size == 12)
    #expect(try reader.status().isDirectory == false)
  }

  @Test func failuresCarryTheSystemsErrorNumber() throws {
    let folder = try ScratchFolder()
    #expect(throws: Errno.noSuchFile) { try FileSystem.read("\(folder.path)/missing") }
    #expect(throws: Errno.isDirectory) { try FileSystem.read(folder.path) }
    #expect(throws: Errno.exists) {
      try FileSystem.makeDirectory(folder.path)
    }
    let path = "\(folder.path)/once"
    try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive]).close()
    #expect(throws: Errno.exists) {
      try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    }
    #expect(Errno.noSuchFile.description == "No such file or directory")
  }

  @Test func linksRenamesAndRemovesKeepTheFilesIdentity() throws {
    let folder = try ScratchFolder()
    let first = "\(folder.path)/first"
    try FileDescriptor.open(first, .writeOnly, options: .create).close()
    let original = try FileSystem.status(of: first)

    try FileSystem.link(first, as: "\(folder.path)/second")
    try FileSystem.rename("\(folder.path)/second", to: "\(folder.path)/third")
    #expect(try FileSystem.status(of: "\(folder.path)/third").inode == original.inode)
    try FileSystem.remove(first)
    #expect(!FileSystem.exists(first))
    #expect(FileSystem.exists("\(folder.path)/third"))

    try FileSystem.setModificationTime(
      of: "\(folder.path)/third", seconds: 1_000_000, nanoseconds: 500)
    let touched = try FileSystem.status(of: "\(folder.path)/third")
    #expect(touched.modifiedSeconds == 1_000_000)
    #expect(touched.modifiedNanoseconds == 500)
  }

  @Test func aDirectoryListsItsEntriesAndTheirStatus() throws {
    let folder = try ScratchFolder()
    try FileSystem.makeDirectory("\(folder.path)/inner")
    for name in ["a.svg", "b.svg"] {
      let file = try FileDescriptor.open("\(folder.path)/\(name)", .writeOnly, options: .create)
      try file.writeAll(Array(name.utf8))
      file.close()
    }
    let directory = try Directory(folder.path)
    #expect(directory.names().sorted() == ["a.svg", "b.svg", "inner"])
    #expect(directory.status(of: "a.svg")?.size == 5)
    #expect(directory.status(of: "inner")?.isDirectory == true)
    #expect(directory.status(of: "gone") == nil)
    #expect(throws: Errno.noSuchFile) { try Directory("\(folder.path)/gone") }
  }

  @Test func aMappedFileIsItsBytes() throws {
    let folder = try ScratchFolder()
    let path = "\(folder.path)/mapped"
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let file = try FileDescriptor.open(path, .writeOnly, options: .create)
    try file.writeAll(bytes)
    file.close()
    #expect(try FileSystem.withMappedFile(path) { Array($0) } == bytes)
    try FileDescriptor.open("\(path).empty", .writeOnly, options: .create).close()
    #expect(try FileSystem.withMappedFile("\(path).empty") { $0.count } == 0)
  }

  @Test func anExclusiveLockIsHeldUntilUnlocked() throws {
    let folder = try ScratchFolder()
    let path = "\(folder.path)/.lock"
    let first = try FileDescriptor.open(path, .readWrite, options: .create)
    let second = try FileDescriptor.open(path, .readWrite)
    defer {
      first.close()
      second.close()
    }
    #expect(try first.tryLockExclusively())
    #expect(try second.tryLockExclusively() == false)
    first.unlock()
    #expect(try second.tryLockExclusively())
  }
}
