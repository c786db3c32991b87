import NIOCore
import NIOPosix
import NIOSSH

/// A command (`ssh host -- ARGS`) or a shell without a terminal (`ssh -T host`): with a
/// program per session, the program runs on pipes with the command's words as arguments and
/// answers its form without a terminal (the client's standard input, output and error are
/// its own); in-process sessions need a terminal and say so.
extension SessionChannelHandler {
    func startCommand(_ context: ChannelHandlerContext, command: String) {
        started = true
        guard let program = server.program else {
            let how = term == nil ? "connect with a terminal (ssh -t)" : "connect without a command"
            return refuse(context, "This form is answered in a terminal: \(how).", 2)
        }
        let words: [String]
        do {
            words = try CommandWords.split(command)
        } catch {
            return refuse(context, error.message, 2)
        }
        guard words.isEmpty || program.acceptsCommandWords else {
            let message =
                "This server takes no command: connect with ssh -T and answer on standard input, or in a terminal."
            return refuse(context, message, 2)
        }
        onPipes = true
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let link = ChannelLink(
            finish: { status, message in loop.execute { bound.value.sessionEnded(status: status, message: message) } },
            pipesOpened: { pipes in loop.execute { bound.value.relay(pipes) } })
        self.link = link
        var variables = environment
        variables["TERM"] = nil
        let request = SSHServer.CommandRequest(
            user: user, address: address, environment: variables, arguments: words)
        let server = self.server
        Task { @MainActor in server.openCommand(request, link: link, program: program) }
    }

    /// Relays the client's bytes to the process's standard input, its standard output and
    /// error back as the channel's data and extended data.
    func relay(_ pipes: SSHServer.ProcessPipes) {
        guard let context else {
            for fd in [pipes.input, pipes.output, pipes.error] { closeDescriptor(fd) }
            return
        }
        let channel = context.channel
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(TerminalSideHandler(session: bound, channel: channel))
                }
            }
            .takingOwnershipOfDescriptors(input: pipes.output, output: pipes.input)
            .whenComplete { result in
                switch result {
                case .success(let pipe): bound.value.relayReady(pipe)
                case .failure:
                    for fd in [pipes.input, pipes.output] { closeDescriptor(fd) }
                    bound.value.relayEnded()
                }
            }
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(ErrorSideHandler(channel: channel))
                }
            }
            .takingOwnershipOfDescriptor(input: pipes.error)
            .whenComplete { result in
                switch result {
                case .success(let pipe):
                    bound.value.errorSide = pipe
                    if !channel.isWritable { _ = pipe.setOption(ChannelOptions.autoRead, value: false) }
                case .failure: closeDescriptor(pipes.error)
                }
            }
    }
}

/// A command's standard error: what its process writes there goes to the client's.
final class ErrorSideHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let channel: any Channel

    init(channel: any Channel) { self.channel = channel }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
