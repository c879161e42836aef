import DrawdocTestSupport
import Synchronization
import Testing

@testable import DrawdocSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ParallelTests {
  @Test func parallelForEachCallsEveryNumberOnceOnSeveralThreads() {
    let count = 2000
    let calls = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    calls.initialize(repeating: 0)
    let threads = UnsafeMutableBufferPointer<UInt>.allocate(capacity: count)
    threads.initialize(repeating: 0)
    defer {
      calls.deallocate()
      threads.deallocate()
    }
    let seen = Mutex<Set<UInt>>([])
    Parallel.forEach(count, extraThreads: 3) { number in
      calls[number] += 1
      let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
      threads[number] = thread
      let first = seen.withLock { threads in threads.insert(thread).inserted && threads.count == 1 }
      // The first thread to come waits for a second one: were the numbers called one after
      // the other, it would wait in vain, and the test fail.
      if first { _ = eventually { seen.withLock { $0.count } > 1 } }
    }
    #expect(calls.allSatisfy { $0 == 1 })
    #expect(Set(threads).count > 1)
  }
}
