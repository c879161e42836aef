import Foundation
import Testing

@testable import DrawdocSystem

@Suite struct ReadinessTests {
  @Test func aPollerReportsADescriptorOnceItIsReadable() throws {
    let poller = try ReadinessPoller()
    let pipe = try DrawdocSystem.Pipe()
    try poller.set(pipe.readEnd, interest: .read)
    #expect(try poller.wait(timeout: 0).isEmpty)

    pipe.signal()
    let events = try poller.wait(timeout: 5)
    #expect(events.count == 1)
    #expect(events.first?.descriptor == pipe.readEnd)
    #expect(events.first?.ready == .read)

    pipe.drain()
    #expect(try poller.wait(timeout: 0).isEmpty)
    try poller.set(pipe.readEnd, interest: [], previously: .read)
    pipe.signal()
    #expect(try poller.wait(timeout: 0).isEmpty)
  }

  @Test func aPollerReportsRoomToWrite() throws {
    let poller = try ReadinessPoller()
    let pipe = try DrawdocSystem.Pipe()
    try poller.set(pipe.writeEnd, interest: .write)
    let events = try poller.wait(timeout: 5)
    #expect(events.map(\.descriptor) == [pipe.writeEnd])
    #expect(events.first?.ready == .write)
  }

  @Test func aPipeIsSignalledUntilDrained() throws {
    let pipe = try DrawdocSystem.Pipe()
    #expect(!pipe.isSignalled)
    pipe.signal()
    pipe.signal()
    #expect(pipe.isSignalled)
    pipe.drain()
    #expect(!pipe.isSignalled)
  }

  @Test func aFolderWatcherWakesForANewFileAndStopsForGood() throws {
    let folder = try ScratchFolder()
    let watcher = FolderWatcher(watching: folder.path)
    let newFile = "\(folder.path)/new"
    // Made before the wait or during it: the watch, set up already, wakes the wait either way.
    let writer = SystemThread.start {
      try? FileDescriptor.open(newFile, .writeOnly, options: .create).close()
    }
    let started = MonotonicClock.seconds()
    watcher.wait(seconds: 30)
    writer?.join()
    // inotify (Linux) or kqueue (Darwin) wakes the wait as soon as the file is made, long
    // before its 30 s.
    #expect(MonotonicClock.seconds() - started < 20)
    #expect(!watcher.isStopped)

    watcher.stop()
    #expect(watcher.isStopped)
    let stopped = MonotonicClock.seconds()
    watcher.wait(seconds: 30)
    #expect(MonotonicClock.seconds() - stopped < 20)
  }

  @Test func theClocksAgreeWithTheSystemsOwn() {
    let before = MonotonicClock.seconds()
    // Kept a sleep: the clock's own sleep is under test.
    MonotonicClock.sleep(seconds: 0.01)
    #expect(MonotonicClock.seconds() - before >= 0.009)
    let wall = WallClock.secondsSince1970()
    #expect(abs(wall - Int64(Date().timeIntervalSince1970)) <= 2)
    #expect(CurrentProcess.activeProcessorCount == ProcessInfo.processInfo.activeProcessorCount)
    #expect(CurrentProcess.id == ProcessInfo.processInfo.processIdentifier)
    #expect(CurrentProcess.isRunning(CurrentProcess.id))
    #expect(CurrentProcess.environment() == ProcessInfo.processInfo.environment)
    #expect(
      CurrentProcess.environmentVariable("PATH") == ProcessInfo.processInfo.environment["PATH"])
  }
}
