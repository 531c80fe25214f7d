package labbook.notebooks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;

/**
 * The process Jupyter starts for the kernel (see {@link KernelSpec}): {@code java -cp <the lab's jars>
 * labbook.notebooks.Kernel <connection file>}. It exits when Jupyter shuts it down, or when the front end that started
 * it is gone ({@link FrontEndWatch}).
 */
public final class Kernel {
    private Kernel() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -cp <jars> labbook.notebooks.Kernel <connection file>"
                    + " (Jupyter starts this; run `notebooks install` to register the kernel)");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true"); // charts are drawn off screen
        // jjava-jupyter's log: warnings and errors only, on stderr, which Jupyter keeps in its own log
        System.setProperty(
                "org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        Path connectionFile = Path.of(args[0]);
        String connection;
        try {
            connection = Files.readString(connectionFile);
        } catch (IOException e) {
            System.err.println(
                    "labbook kernel: cannot read the connection file " + connectionFile + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        // System.err now, before any cell's output is routed to the front end
        PrintStream stderr = System.err;
        FrontEndWatch.start(System.getenv(FrontEndWatch.PARENT_PID_ENV), pid -> {
            stderr.println("labbook kernel: its front end (pid " + pid + ") is gone: exiting");
            // at once, as ipykernel's os._exit(1): a cell still running or a shutdown hook of one must not keep
            // an unreachable JVM alive
            Runtime.getRuntime().halt(1);
        });
        JShellKernel kernel = JShellKernel.create(System.getProperty("java.class.path"));
        JupyterConnection jupyter = new DatedConnection(KernelConnectionProperties.parse(connection));
        kernel.becomeHandlerForConnection(jupyter);
        jupyter.connect();
        jupyter.waitUntilClose();
        System.exit(0);
    }
}
