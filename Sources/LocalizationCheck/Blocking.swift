import Dispatch

/// Runs async work to completion from synchronous code (the command line, the benchmarks): the work
/// runs on the cooperative pool while the main thread, which is not part of it, waits.
package func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let semaphore = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        semaphore.signal()
    }
    semaphore.wait()
    return try box.result!.get()
}

/// Written once by the task before the semaphore is signalled and read only after the wait, so the
/// semaphore orders every access.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
