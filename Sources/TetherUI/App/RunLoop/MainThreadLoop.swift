internal import CTetherDispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The driver behind ``Application/runOnMainThread()``: one thread, the main one, waits
/// with `poll(2)` on the backend's descriptors and on the main dispatch queue's wake-up
/// descriptor; it processes input and draws at once, then drains queued main-actor work
/// (tasks, timers, `DispatchQueue.main`) on the same thread and draws again.
///
/// A key therefore costs one thread wake-up (docs/decisions/0024-apps-keep-the-main-thread-runonmainthread-over.md, "Apps keep the main thread").
@MainActor
struct MainThreadLoop {
    let backend: any PollingBackend
    let queueDescriptor: Int32

    /// A loop over `backend`, or an error when this thread cannot run one: not the main
    /// thread, or Dispatch owns the main queue (an `async` main).
    init(backend: any PollingBackend) throws(Application.RunLoopError) {
        let descriptor = tether_main_queue_descriptor()
        #if canImport(Darwin)
        // The main queue wakes a Mach port there: the loop waits in CFRunLoop instead.
        guard tether_is_main_thread() != 0 else { throw .notOnMainThread }
        #else
        guard tether_is_main_thread() != 0, descriptor >= 0 else { throw .notOnMainThread }
        #endif
        self.backend = backend
        queueDescriptor = descriptor
    }

    #if canImport(Darwin)
    /// Runs until `client` is finished: the main thread's CFRunLoop waits on the backend's
    /// descriptors and runs queued main-actor work itself (unverified: no Mac builds here).
    func run(_ client: any RunLoopClient) throws(Application.RunLoopError) {
        client.renderIfNeeded()
        while !client.isFinished {
            let descriptors = backend.pollDescriptors
            let timeout = pollMilliseconds(backend.pollTimeout)
            _ = descriptors.withUnsafeBufferPointer {
                tether_wait_in_run_loop($0.baseAddress, Int32($0.count), timeout)
            }
            backend.processPendingInput()
            client.renderIfNeeded()
        }
    }
    #else
    /// Runs until `client` is finished. The backend must have been started.
    func run(_ client: any RunLoopClient) throws(Application.RunLoopError) {
        var descriptors: [pollfd] = []
        client.renderIfNeeded()
        while !client.isFinished {
            descriptors.removeAll(keepingCapacity: true)
            for descriptor in backend.pollDescriptors {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            descriptors.append(pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0))
            let timeout = pollMilliseconds(backend.pollTimeout)
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno != EINTR, errno != EAGAIN {
                throw .pollFailed(errno: errno)
            }
            backend.processPendingInput()
            // The key's frame goes out before queued work runs.
            client.renderIfNeeded()
            if descriptors[descriptors.count - 1].revents != 0, !client.isFinished {
                tether_drain_main_queue()
                client.renderIfNeeded()
            }
        }
    }
    #endif
}
