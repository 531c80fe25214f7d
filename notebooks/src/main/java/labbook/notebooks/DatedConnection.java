package labbook.notebooks;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.channels.ShellChannel;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.MessageContext;
import org.dflib.jjava.jupyter.messages.publish.PublishStatus;

/**
 * The kernel's sockets to Jupyter: jjava-jupyter's, with every message dated to the microsecond. Requests are answered
 * through a {@link DatedReplyEnvironment}; the one message jjava-jupyter sends outside a request, the "starting"
 * status, is sent from {@link #connect()} here.
 */
final class DatedConnection extends JupyterConnection {
    private final KernelConnectionProperties properties;
    private boolean connected;

    DatedConnection(KernelConnectionProperties properties) throws NoSuchAlgorithmException, InvalidKeyException {
        super(properties);
        this.properties = properties;
    }

    /** jjava-jupyter's connect: binds the five sockets, then says "starting", dated. */
    @Override
    public void connect() {
        if (connected) {
            return;
        }
        heartbeat.bind(properties);
        shell.bind(properties);
        control.bind(properties);
        stdin.bind(properties);
        iopub.bind(properties);
        iopub.sendMessage(
                MessageDates.datedNow(new Message<>(null, PublishStatus.MESSAGE_TYPE, PublishStatus.STARTING)));
        connected = true;
    }

    @Override
    public ShellReplyEnvironment prepareReplyEnv(ShellChannel channel, MessageContext context) {
        return new DatedReplyEnvironment(channel, stdin, iopub, context);
    }
}
