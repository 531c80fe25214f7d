package labbook.notebooks;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.BaseKernelBuilder;
import org.dflib.jjava.jupyter.kernel.HelpLink;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.comm.CommManager;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.history.HistoryManager;
import org.dflib.jjava.jupyter.kernel.magic.MagicParser;
import org.dflib.jjava.jupyter.kernel.magic.MagicTranspiler;
import org.dflib.jjava.jupyter.kernel.magic.MagicsRegistry;
import org.dflib.jjava.jupyter.kernel.util.StringStyler;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.reply.KernelInfoReply;
import org.dflib.jjava.jupyter.messages.request.KernelInfoRequest;

/**
 * The lab's Jupyter kernel: jjava-jupyter speaks the protocol, a {@link JavaShell} (JShell) runs the cells. A cell's
 * value is shown richly ({@link RichOutput}); a failed cell becomes a Jupyter error whose trace shows the cell's lines,
 * not JShell's; an interrupt stops the running cell.
 */
final class JShellKernel extends BaseKernel {
    static final String VERSION = "0.1.0";
    private static final String RED = "\u001b[0;31m";
    private static final String RESET = "\u001b[0m";

    private final JavaShell shell;
    /** The running cell's System.out and System.err, sent to the front end in few messages. */
    private final CellOutput output = new CellOutput();

    private JShellKernel(
            String name,
            String version,
            HistoryManager history,
            JupyterIO io,
            CommManager comms,
            Renderer renderer,
            MagicsRegistry magics,
            StringStyler errorStyler,
            JavaShell shell) {
        super(
                name,
                version,
                languageInfo(),
                List.of(
                        new HelpLink("JShell", "https://docs.oracle.com/en/java/javase/17/jshell/"),
                        new HelpLink("XChart", "https://knowm.org/open-source/xchart/"),
                        new HelpLink("Tablesaw", "https://jtablesaw.github.io/tablesaw/")),
                history,
                io,
                comms,
                renderer,
                new MagicParser("(?<=(?:^|=))\\s*%", "%%", new MagicTranspiler()),
                magics,
                false,
                errorStyler);
        this.shell = shell;
        Display.sendTo(this::display);
    }

    /** A kernel whose JShell sees the given class path (the lab's jars). */
    static JShellKernel create(String classPath) {
        return new Builder()
                .name("labbook")
                .version(VERSION)
                .build(new JavaShell(classPath, JavaShell.DEFAULT_IMPORTS));
    }

    /**
     * What Jupyter writes into every notebook's metadata on opening it (language_info, from kernel_info): the same on
     * every machine, so that opening a notebook changes nothing in it. The version is the Java version cells are
     * written in, not this JDK's (the banner names that).
     */
    static LanguageInfo languageInfo() {
        return new LanguageInfo(
                "java",
                Integer.toString(JavaShell.JAVA_RELEASE),
                "text/x-java-source",
                ".jshell",
                "java",
                "java",
                null);
    }

    @Override
    public String getBanner() {
        return "labbook " + VERSION + ": Java " + Runtime.version()
                + " (JShell) with the lab's reports, Tablesaw and XChart";
    }

    @Override
    public Object evalRaw(String code) {
        try {
            JavaShell.Value value = shell.eval(code);
            return value == null ? null : RichOutput.render(value.object(), value.text());
        } finally {
            output.flush(); // what the cell printed comes before its value or its error
        }
    }

    /** A display comes after what the cell printed before it. */
    @Override
    public void display(DisplayData data) {
        output.flush();
        super.display(data);
    }

    /**
     * For the request's time, System.out and System.err are the cell's {@link CellOutput} (jjava-jupyter's streams send
     * a message per write), and System.in reads from the front end, as in jjava-jupyter.
     */
    @Override
    protected void replaceOutputStreams(ShellReplyEnvironment env) {
        PrintStream kernelOut = System.out;
        PrintStream kernelErr = System.err;
        InputStream kernelIn = System.in;
        DatedReplyEnvironment request = (DatedReplyEnvironment) env; // DatedConnection makes every reply environment
        output.attach(request::publishNow);
        System.setOut(output.out);
        System.setErr(output.err);
        System.setIn(io.in);
        env.defer(() -> {
            output.detach();
            System.setOut(kernelOut);
            System.setErr(kernelErr);
            System.setIn(kernelIn);
        });
    }

    @Override
    public DisplayData inspect(String code, int at, boolean extraDetail) {
        String doc = shell.documentation(code, at);
        return doc.isBlank() ? null : new DisplayData(doc);
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        JavaShell.Completions completions = shell.complete(code, at);
        return new ReplacementOptions(completions.candidates(), completions.start(), at);
    }

    @Override
    public String isComplete(String code) {
        String state = shell.isComplete(code);
        return "incomplete".equals(state)
                ? "    "
                : state; // jjava reads any other answer as "incomplete, indent by this"
    }

    @Override
    public void interrupt() {
        shell.interrupt();
    }

    @Override
    public List<String> formatError(Throwable e) {
        if (e instanceof CellError cell) {
            List<String> lines = new ArrayList<>(cell.traceback());
            lines.set(0, RED + lines.get(0) + RESET);
            return lines;
        }
        return super.formatError(e);
    }

    /** jjava-jupyter's reply omits "status", which the protocol (and jupyter_kernel_test) requires. */
    @Override
    protected void handleKernelInfoRequest(ShellReplyEnvironment env, Message<KernelInfoRequest> request) {
        env.setBusyDeferIdle();
        env.reply(new KernelInfoOk(
                Header.PROTOCOL_VERISON, name, version, getLanguageInfo(), getBanner(), getHelpLinks()));
    }

    private static final class KernelInfoOk extends KernelInfoReply {
        @SuppressWarnings("unused") // serialised by jjava-jupyter's gson
        private final String status = "ok";

        KernelInfoOk(
                String protocol,
                String name,
                String version,
                LanguageInfo language,
                String banner,
                List<HelpLink> links) {
            super(protocol, name, version, language, banner, links);
        }
    }

    @Override
    public void onShutdown(boolean isRestarting) {
        super.onShutdown(isRestarting);
        shell.close();
    }

    /** Reaches the protected parts of jjava-jupyter's builder. */
    private static final class Builder extends BaseKernelBuilder<Builder, JShellKernel> {
        JShellKernel build(JavaShell shell) {
            return new JShellKernel(
                    buildName(),
                    buildVersion(),
                    buildHistoryManager(),
                    buildJupyterIO(buildJupyterIOEncoding()),
                    buildCommManager(),
                    buildRenderer(),
                    buildMagicsRegistry(),
                    buildErrorStyler(),
                    shell);
        }

        /** jjava-jupyter's entry point; {@link JShellKernel#create} is ours, with the shell built first. */
        @Override
        public JShellKernel build() {
            return create(System.getProperty("java.class.path"));
        }
    }
}
