import DrawdocTestSupport
import Synchronization
import Testing

@testable import DrawdocSystem

@Suite struct SocketTests {
  @Test func aListenerThatDoesNotWaitAcceptsWhatIsThereAndNothingMore() throws {
    let (listener, port) = try Socket.listen(onLoopbackPort: 0, backlog: 16)
    listener.setNonBlocking()
    guard case .wouldBlock = listener.acceptWithoutWaiting() else {
      Issue.record("a connection was accepted before any came")
      return
    }
    let client = try Socket.connect(toLoopbackPort: port)
    let poller = try ReadinessPoller()
    try poller.set(listener.descriptor, interest: .read)
    #expect(try poller.wait(timeout: 5).map(\.descriptor) == [listener.descriptor])
    guard case .connection(let server) = listener.acceptWithoutWaiting() else {
      Issue.record("the waiting connection was not accepted")
      return
    }
    guard case .wouldBlock = listener.acceptWithoutWaiting() else {
      Issue.record("a second connection was accepted")
      return
    }
    // The accepted socket does not wait either: a read with nothing there returns at once.
    var bytes: [UInt8] = []
    #expect(server.read(into: &bytes, upTo: 16) == .timedOut)
    #expect(client.write(Array("hi".utf8)))
    try poller.set(server.descriptor, interest: .read)
    _ = try poller.wait(timeout: 5)
    #expect(server.read(into: &bytes, upTo: 16) == .bytes(2))
    #expect(bytes == Array("hi".utf8))
  }

  @Test func writeSomeTakesWhatFitsThenSaysWouldBlock() throws {
    let (listener, port) = try Socket.listen(onLoopbackPort: 0, backlog: 16)
    let client = try Socket.connect(toLoopbackPort: port)
    let server = try #require(listener.accept())
    server.setNonBlocking()
    // Nobody reads: the socket's buffers fill, and a write that does not wait stops short.
    let chunk = [UInt8](repeating: 7, count: 1 << 20)
    var total = 0
    var blocked = false
    for _ in 0..<256 {
      let result = chunk.withUnsafeBytes { server.writeSome($0) }
      if case .wrote(let count) = result {
        total += count
      } else {
        #expect(result == .wouldBlock)
        blocked = true
        break
      }
    }
    #expect(blocked)
    #expect(total > 0)
    withExtendedLifetime(client) {}
  }

  @Test func shutdownWritingEndsTheStreamForThePeerWhichMayStillSend() throws {
    let (listener, port) = try Socket.listen(onLoopbackPort: 0, backlog: 16)
    let client = try Socket.connect(toLoopbackPort: port)
    let server = try #require(listener.accept())
    #expect(server.write(Array("answer".utf8)))
    server.shutdownWriting()
    client.setReadTimeout(seconds: 5)
    var bytes: [UInt8] = []
    #expect(client.read(into: &bytes, upTo: 64) == .bytes(6))
    #expect(client.read(into: &bytes, upTo: 64) == .closed)
    // The other direction stays open.
    #expect(client.write(Array("more".utf8)))
    server.setReadTimeout(seconds: 5)
    var received: [UInt8] = []
    #expect(server.read(into: &received, upTo: 64) == .bytes(4))
  }

  @Test func aPollerReportsAPeerThatHangsUp() throws {
    let (listener, port) = try Socket.listen(onLoopbackPort: 0, backlog: 16)
    var client: Socket? = try Socket.connect(toLoopbackPort: port)
    let server = try #require(listener.accept())
    server.setNonBlocking()
    let poller = try ReadinessPoller()
    try poller.set(server.descriptor, interest: .read)
    #expect(try poller.wait(timeout: 0).isEmpty)
    client = nil
    let events = try poller.wait(timeout: 5)
    #expect(events.first?.descriptor == server.descriptor)
    #expect(events.first?.ready.contains(.read) == true)
    var bytes: [UInt8] = []
    #expect(server.read(into: &bytes, upTo: 16) == .closed)
    withExtendedLifetime(client) {}
  }

  @Test func aWakeUpSignalWakesAPollerOnceUntilDrained() throws {
    let signal = try WakeUpSignal()
    let poller = try ReadinessPoller()
    try poller.set(signal.descriptor, interest: .read)
    #expect(try poller.wait(timeout: 0).isEmpty)
    let thread = SystemThread.start { signal.signal() }
    thread?.join()
    signal.signal()
    #expect(try poller.wait(timeout: 5).map(\.descriptor) == [signal.descriptor])
    signal.drain()
    #expect(try poller.wait(timeout: 0).isEmpty)
  }

  @Test func aBlockingQueueHandsEachElementToOneTakerAndEndsWhenClosed() throws {
    let queue = BlockingQueue<Int>()
    let taken = Mutex<[Int]>([])
    var threads: [SystemThread] = []
    for _ in 0..<3 {
      let thread = try #require(
        SystemThread.start {
          while let element = queue.pop() { taken.withLock { $0.append(element) } }
        })
      threads.append(thread)
    }
    for element in 0..<1000 { #expect(queue.push(element)) }
    #expect(eventually { taken.withLock { $0.count } == 1000 })
    queue.close()
    for thread in threads { thread.join() }
    #expect(taken.withLock { $0.sorted() } == Array(0..<1000))
    #expect(!queue.push(1))
    #expect(queue.pop() == nil)
    #expect(queue.count == 0)
  }

  @Test func theSoftOpenFileLimitRisesToTheHardOne() throws {
    let before = try CurrentProcess.openFileLimit()
    #expect(before.soft <= before.hard)
    let raised = try CurrentProcess.raiseOpenFileLimitToHard()
    let after = try CurrentProcess.openFileLimit()
    #expect(after.soft == raised)
    #expect(after.hard == before.hard)
    #if os(Linux)
      #expect(after.soft == after.hard)
    #endif
    // Not lowered here: other tests of this process may hold many descriptors at once.
    try CurrentProcess.setOpenFileLimit(soft: after.soft)
    #expect(try CurrentProcess.openFileLimit() == after)
    if after.hard < Int.max {
      #expect(throws: Errno.self) { try CurrentProcess.setOpenFileLimit(soft: after.hard + 1) }
    }
  }
}
