#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOSSH

/// The terminal side of one session's pseudo-terminal: what the session draws goes to the
/// client's channel.
final class TerminalSideHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let session: NIOLoopBound<SessionChannelHandler>
    let channel: any Channel
    /// `.channel` for the terminal side or a command's standard output, `.stdErr` for its error.
    let type: SSHChannelData.DataType

    init(session: NIOLoopBound<SessionChannelHandler>, channel: any Channel, type: SSHChannelData.DataType = .channel) {
        self.session = session
        self.channel = channel
        self.type = type
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        session.value.relayedBytes += bytes.readableBytes
        channel.writeAndFlush(SSHChannelData(type: type, data: .byteBuffer(bytes)), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if type == .stdErr { session.value.errorRelayEnded() } else { session.value.relayEnded() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO once the session's side closed: the end of the relay.
        context.close(promise: nil)
    }
}

/// `close(2)` (the handlers' own `close` methods hide the function's name).
func closeDescriptor(_ fd: Int32) {
    if fd >= 0 { _ = close(fd) }
}
