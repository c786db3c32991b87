import NIOCore
import NIOPosix
import NIOSSH

/// A command (`ssh host -- ARGS`) or a shell without a terminal (`ssh -T host`): the form is
/// answered without a terminal on the client's standard input, output and error. With a
/// program per session, the program runs on pipes with the command's words as arguments;
/// in the server's process, the session is a conversation of the host on pipes
/// (``SSHServer/openConversation(_:link:)``), the words its ``SSHSession/arguments``.
extension SessionChannelHandler {
    func startCommand(_ context: ChannelHandlerContext, command: String) {
        started = true
        let program = server.program
        guard program != nil || term == nil else {
            let message =
                "Connect without a command to fill in the form in a terminal (ssh host), or answer it line by line without one (ssh -T host)."
            return refuse(context, message, 2)
        }
        let words: [String]
        do {
            words = try CommandWords.split(command)
        } catch {
            return refuse(context, error.message, 2)
        }
        guard words.isEmpty || (program?.acceptsCommandWords ?? server.configuration.acceptsCommandWords) else {
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
        if let program {
            Task { @MainActor in server.openCommand(request, link: link, program: program) }
        } else {
            Task { @MainActor in server.openConversation(request, link: link) }
        }
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
        openRelays = 2
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
                    try pipe.pipeline.syncOperations.addHandler(
                        TerminalSideHandler(session: bound, channel: channel, type: .stdErr))
                }
            }
            .takingOwnershipOfDescriptor(input: pipes.error)
            .whenComplete { result in
                switch result {
                case .success(let pipe):
                    bound.value.errorSide = pipe
                    if !channel.isWritable { _ = pipe.setOption(ChannelOptions.autoRead, value: false) }
                case .failure:
                    closeDescriptor(pipes.error)
                    bound.value.errorRelayEnded()
                }
            }
    }
}
