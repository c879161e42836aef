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
    Parallel.forEach(count, extraThreads: 3) { number in
      calls[number] += 1
      threads[number] = UInt(bitPattern: Int(bitPattern: pthread_self()))
      usleep(50)  // long enough for every thread to take some numbers
    }
    #expect(calls.allSatisfy { $0 == 1 })
    #expect(Set(threads).count > 1)
  }
}
