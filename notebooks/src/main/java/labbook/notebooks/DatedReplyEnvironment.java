package labbook.notebooks;

import org.dflib.jjava.jupyter.channels.JupyterSocket;
import org.dflib.jjava.jupyter.channels.ShellChannel;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.channels.StdinChannel;
import org.dflib.jjava.jupyter.messages.ContentType;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.MessageContext;
import org.dflib.jjava.jupyter.messages.reply.InputReply;
import org.dflib.jjava.jupyter.messages.request.InputRequest;

/**
 * What the kernel answers one request with, as jjava-jupyter's reply environment does, with two changes: every message
 * is dated when it is sent, to the microsecond ({@link MessageDates}), and a cell's output can be published at once
 * ({@link #publishNow}) from any thread, whatever the request's handler has deferred.
 */
final class DatedReplyEnvironment extends ShellReplyEnvironment {
    private final StdinChannel stdin;
    /**
     * Whether the next message waits for the end of the request (jjava-jupyter's flag for it is private, so
     * {@link #defer()} sets this one). Only the request's handler thread reads and writes it.
     */
    private boolean deferNext;

    DatedReplyEnvironment(ShellChannel shell, StdinChannel stdin, JupyterSocket iopub, MessageContext context) {
        super(shell, stdin, iopub, context);
        this.stdin = stdin;
    }

    @Override
    public ShellReplyEnvironment defer() {
        deferNext = true;
        return this;
    }

    @Override
    public void publish(Message<?> message) {
        send(getIopub(), message);
    }

    @Override
    public void reply(Message<?> message) {
        send(getShell(), message);
    }

    private void send(JupyterSocket socket, Message<?> message) {
        if (deferNext) {
            deferNext = false;
            defer(() -> socket.sendMessage(MessageDates.datedNow(message)));
        } else {
            socket.sendMessage(MessageDates.datedNow(message));
        }
    }

    /** Publishes on IOPub now, never deferred: a cell's output, from whichever thread has it ready. */
    <T extends ContentType<T>> void publishNow(T content) {
        getIopub().sendMessage(MessageDates.datedNow(new Message<>(getContext(), content.getType(), content)));
    }

    /** jjava-jupyter's StdinChannel.getInput, with its input_request dated. */
    @Override
    public String readFromStdIn(String prompt, boolean isPassword) {
        synchronized (stdin) {
            stdin.sendMessage(MessageDates.datedNow(
                    new Message<>(getContext(), InputRequest.MESSAGE_TYPE, new InputRequest(prompt, isPassword))));
            return stdin.readMessage(InputReply.MESSAGE_TYPE).getContent().getValue() + System.lineSeparator();
        }
    }
}
