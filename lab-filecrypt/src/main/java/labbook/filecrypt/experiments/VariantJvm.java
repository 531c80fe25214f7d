package labbook.filecrypt.experiments;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.core.UnsignedJar;
import labbook.core.WorkerRows;
import labbook.filecrypt.cli.LabCommand;

/**
 * The parent's side of one variant's own JVM ({@link VariantWorker} is the other): a fresh {@code java} started by
 * lab-core's {@link ForkedJava#isolated} with the module's declared JVM flags, whatever launched the experiment, so the
 * variant's JIT state is its own (as a JMH fork's is) and the same in a run of every variant as in a run of one. It
 * starts from the module's {@link UnsignedJar}, as the wallet's variants and the command line do: BouncyCastle's signed
 * JARs have each class they load checked against the signature, about a quarter of a second of every start.
 *
 * <p>The parent drives it by requests, one tab-separated line each on its stdin: {@value #WARM_UP} then the variant's
 * words, or {@value #MEASURE} then the variant's words; it answers each with a line on its stdout once done, and leaves
 * the rows it measured as CSVs of the experiment's own schemas, which {@link #await} reads back by column name. Several
 * variants' JVMs live side by side, so the parent can interleave them within a repeat as the experiments always did,
 * and let them warm up at the same time.
 */
public final class VariantJvm implements AutoCloseable {
    /** The worker's line once it has started. */
    static final String READY = "ready";
    /** The worker's line once a request is done (its rows written). */
    static final String DONE = "done";
    /** The first word of a warm-up request: untimed work, no rows ({@link VariantWorker.Runner#warmUp}). */
    static final String WARM_UP = "warm-up";
    /** The first word of a timed request, which leaves rows ({@link VariantWorker.Runner#measure}). */
    static final String MEASURE = "measure";

    /**
     * The longest a worker may print nothing while the parent waits on it: a full-mode request (a 100 MB file at
     * {@code -z 9} by every engine, or a warm-up over the full corpus) takes minutes, not half an hour.
     */
    static final Duration SILENCE = Duration.ofMinutes(30);

    private final String name;
    private final Child child;
    private final Path rowsRoot;
    private final OutputStream requests;

    private VariantJvm(String name, Child child, Path rowsRoot) {
        this.name = name;
        this.child = child;
        this.rowsRoot = rowsRoot;
        this.requests = child.stdin();
    }

    /**
     * Starts {@code workerMain} (a class whose {@code main} calls {@link VariantWorker#serve}) in a fresh JVM: its
     * arguments are the folder it writes its rows under ({@code scratch/<name>}), then {@code args}. Returns once it
     * said it is ready; its stderr shows on this console.
     */
    public static VariantJvm start(String name, Class<?> workerMain, List<String> args, Path scratch) {
        Path rowsRoot = scratch.resolve(name.replaceAll("[^A-Za-z0-9._-]+", "_"));
        try {
            Files.createDirectories(rowsRoot);
        } catch (IOException e) {
            throw LabException.cannot("create", rowsRoot, e);
        }
        List<String> workerArgs = new ArrayList<>(List.of(rowsRoot.toString()));
        workerArgs.addAll(args);
        ChildSpec spec = Child.spec(
                        name,
                        ForkedJava.isolated(
                                LabCommand.COMMAND,
                                List.of(),
                                UnsignedJar.classPathOf(LabCommand.COMMAND),
                                workerMain.getName(),
                                workerArgs))
                .stdinPipe()
                .stdoutLines()
                .relayStderr(System.err)
                .silence(SILENCE)
                .limit(NativeJvm.RUN_LIMIT);
        VariantJvm jvm = new VariantJvm(name, Child.start(spec), rowsRoot);
        try {
            jvm.expect(READY);
            return jvm;
        } catch (RuntimeException e) {
            jvm.child.close();
            throw e;
        }
    }

    public String name() {
        return name;
    }

    /** Sends one request; {@link #await} waits for it. Sending to several JVMs before awaiting runs them together. */
    void send(List<String> request) {
        for (String word : request) {
            if (word.contains("\t") || word.contains("\n")) {
                throw new IllegalArgumentException("a request word holds a tab or a line end: " + word);
            }
        }
        try {
            requests.write((String.join("\t", request) + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
        } catch (IOException e) {
            throw child.failure("stopped taking requests (" + e.getMessage() + ")");
        }
    }

    /**
     * Waits for the request sent last, then returns the rows it measured of each of {@code schemas} (none when it
     * measured none), each a map from column name to cell, as {@link labbook.core.CsvJournal#kept()} gives a resumed
     * run's rows.
     */
    Map<ResultsSchema, List<Map<String, String>>> await(ResultsSchema... schemas) {
        expect(DONE);
        Map<ResultsSchema, List<Map<String, String>>> rows = new LinkedHashMap<>();
        for (ResultsSchema schema : schemas) {
            Path csv = rowsFile(rowsRoot, schema);
            if (Files.exists(csv)) {
                rows.put(schema, read(csv, schema));
                try {
                    Files.delete(csv);
                } catch (IOException e) {
                    throw LabException.cannot("delete", csv, e);
                }
            } else {
                rows.put(schema, List.of());
            }
        }
        return rows;
    }

    /**
     * One timed request ({@value #MEASURE} then {@code words}), run to its end: the rows it measured of each of
     * {@code schemas} ({@link #await}).
     */
    public Map<ResultsSchema, List<Map<String, String>>> measure(List<String> words, ResultsSchema... schemas) {
        List<String> request = new ArrayList<>(List.of(MEASURE));
        request.addAll(words);
        send(request);
        return await(schemas);
    }

    private void expect(String answer) {
        while (true) {
            String line = child.nextLine();
            if (line.equals(answer)) {
                return;
            }
            System.err.println(line); // something in the worker printed on stdout: shown, not taken for an answer
        }
    }

    /** Where a worker's request leaves its rows of {@code schema} ({@link WorkerRows#writer}). */
    static Path rowsFile(Path rowsRoot, ResultsSchema schema) {
        return rowsRoot.resolve(schema.study()).resolve(schema.fileName());
    }

    /** The rows of a worker's CSV by column name; every column of {@code schema} must be in its header. */
    static List<Map<String, String>> read(Path csv, ResultsSchema schema) {
        List<Map<String, String>> rows = new ArrayList<>();
        for (WorkerRows.Cells cells : WorkerRows.read(csv, schema)) {
            Map<String, String> row = new LinkedHashMap<>();
            schema.columns().forEach(column -> row.put(column.name(), cells.text(column)));
            rows.add(row);
        }
        return rows;
    }

    /** No more requests: the worker ends; its failure, if it had one, is a one-line {@link LabException}. */
    @Override
    public void close() {
        try {
            requests.close();
            child.waitForSuccess();
        } catch (IOException e) {
            throw child.failure("could not be told to end (" + e.getMessage() + ")");
        } finally {
            child.close();
        }
    }
}
