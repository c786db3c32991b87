#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTetherPty
import TetherTerminal
import TetherUI

extension SSHServer {
    /// Starts the form line by line in this process for a client without a terminal (`ssh
    /// -T host`, `ssh host -- ARGS`), or tells the channel why not: a conversation session of
    /// the host on three pipes, as a program would have (the answers on standard input, the
    /// questions on standard error, the result on standard output at the end).
    func openConversation(_ request: CommandRequest, link: ChannelLink) {
        guard !link.clientLeft else { return link.finish(1, nil) }
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], error: [Int32] = [-1, -1]
        let opened = [tether_open_pipe(&input), tether_open_pipe(&output), tether_open_pipe(&error)]
        guard opened.allSatisfy({ $0 == 0 }) else {
            let saved = errno
            for fd in input + output + error where fd >= 0 { close(fd) }
            return refuseSession(link, user: request.user, address: request.address, error: "errno \(saved)")
        }
        link.conversationEnds = [input[0], error[1]]
        link.resultOutput = output[1]
        let io = TerminalIO(input: input[0], output: error[1], environment: request.environment)
        do {
            let note = AccessibleBackend.sshTypingNote
            let hosted = try host.startConversation(io: io, unhiddenTypingNote: note) { hosted in
                let session = SSHSession(
                    user: request.user, address: request.address, term: "", environment: request.environment,
                    hosted: hosted, arguments: request.arguments)
                link.ssh = session
                return try application(session)
            }
            link.session = hosted
            link.who = (request.user, request.address)
            track(link, id: hosted.id)
            link.pipesOpened?(ProcessPipes(input: input[1], output: output[0], error: error[0]))
            // The words may hold answers: the log counts them, never says them.
            logger.info(
                "session started",
                metadata: [
                    "session": "\(hosted.id)", "address": "\(request.address)", "user": "\(request.user)",
                    "term": "none", "arguments": "\(request.arguments.count)",
                ])
        } catch let refusal {
            for fd in [input[1], output[0], error[0]] { close(fd) }
            link.ssh = nil
            refuseSession(
                link, user: request.user, address: request.address, error: "\(refusal)",
                message: Self.message(for: refusal))
        }
    }

    /// A conversation's end: its result written to the client's standard output when it
    /// succeeded, then its pipes closed (the channel relays what is left, then closes).
    /// Returns the message for the client's standard error, if any.
    func endConversation(_ link: ChannelLink, status: Int, farewell: String?) -> String? {
        var message = farewell
        if status == 0, let farewell, link.resultOutput >= 0 {
            // A fresh pipe the relay reads: a line fits in its buffer, so this never waits.
            _ = fcntl(link.resultOutput, F_SETFL, fcntl(link.resultOutput, F_GETFL) | O_NONBLOCK)
            _ = writeAll(link.resultOutput, Array("\(farewell)\n".utf8))
            message = nil
        }
        for fd in link.conversationEnds + [link.resultOutput] where fd >= 0 { close(fd) }
        link.conversationEnds = []
        link.resultOutput = -1
        return message
    }
}
