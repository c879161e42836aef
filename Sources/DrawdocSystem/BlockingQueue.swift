#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work handed from threads that must not wait to threads that do: ``push(_:)`` never waits,
/// ``pop()`` waits until there is an element or the queue is closed. First in, first out.
package final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
  // A mutex and a condition of the C library, in memory that does not move. Every stored
  // property below them is only touched with the mutex held.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var elements: [Element] = []
  private var head = 0
  private var closed = false

  /// Makes an empty, open queue. The corresponding C functions are `pthread_mutex_init` and
  /// `pthread_cond_init`.
  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Adds an element at the end and wakes one waiting ``pop()``.
  ///
  /// - Returns: `false`, and drops the element, once the queue is closed.
  @discardableResult
  package func push(_ element: Element) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard !closed else { return false }
    elements.append(element)
    pthread_cond_signal(condition)
    return true
  }

  /// Takes the first element, waiting for one.
  ///
  /// - Returns: The element, or `nil` once the queue is closed (elements still in it are
  ///   dropped).
  package func pop() -> Element? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !closed && head == elements.count { pthread_cond_wait(condition, mutex) }
    guard !closed else { return nil }
    let element = elements[head]
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return element
  }

  /// How many elements wait.
  package var count: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return elements.count - head
  }

  /// Closes the queue: every ``pop()``, waiting or to come, returns `nil`, and ``push(_:)``
  /// drops what it is given.
  package func close() {
    pthread_mutex_lock(mutex)
    closed = true
    elements.removeAll()
    head = 0
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
