package labbook.filecrypt.experiments;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.Reasons;
import labbook.core.ResultsSchema;
import labbook.core.WorkerRows;

/**
 * The worker's side of a {@link VariantJvm}: one variant of an experiment in a JVM of its own. It reads the parent's
 * requests, one line each, hands each to the variant, writes the rows the variant measured as CSVs of their schemas and
 * says it is done. Anything else the variant's code prints goes to stderr, which the parent shows: stdout carries only
 * the answers.
 */
public final class VariantWorker {
    private VariantWorker() {}

    /** One variant, as its worker runs it: each method takes the words of one request of the parent's. */
    public interface Runner extends AutoCloseable {
        /** The variant's untimed warm-up, before the parent times anything. */
        void warmUp(List<String> words);

        /** One timed request; its rows go to {@code rows}. */
        void measure(List<String> words, Rows rows);

        @Override
        void close();
    }

    /** The CSVs one request writes: one per schema it measured, under the folder the parent reads them from. */
    public static final class Rows {
        private final Path root;
        private final Map<ResultsSchema, CsvResults> open = new LinkedHashMap<>();

        Rows(Path root) {
            this.root = root;
        }

        /** The CSV of {@code schema} for this request, opened at its first use. */
        public CsvResults csv(ResultsSchema schema) {
            return open.computeIfAbsent(schema, s -> WorkerRows.writer(root, s));
        }

        void commit() {
            open.values().forEach(CsvResults::commit);
        }
    }

    /**
     * The worker's {@code main}: {@code args} are the rows folder, then the variant's own arguments, which
     * {@code variant} builds it from. Exits 0 when the parent closes its stdin; on a failure, one line on stderr and
     * exit 1.
     */
    public static void serve(String[] args, Function<List<String>, Runner> variant) {
        PrintStream answers = System.out;
        System.setOut(System.err);
        Path rowsRoot = Path.of(args[0]);
        try (Runner v = variant.apply(List.of(args).subList(1, args.length));
                BufferedReader requests =
                        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            answers.println(VariantJvm.READY);
            answers.flush();
            for (String line; (line = requests.readLine()) != null; ) {
                List<String> request = Arrays.asList(line.split("\t", -1));
                List<String> words = request.subList(1, request.size());
                Rows rows = new Rows(rowsRoot);
                switch (request.get(0)) {
                    case VariantJvm.WARM_UP -> v.warmUp(words);
                    case VariantJvm.MEASURE -> v.measure(words, rows);
                    default -> throw new LabException("not a request of the parent's: '" + request.get(0) + "'");
                }
                rows.commit();
                answers.println(VariantJvm.DONE);
                answers.flush();
            }
        } catch (LabException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        } catch (Exception e) {
            System.err.println(Reasons.of(e));
            System.exit(1);
        }
        System.exit(0);
    }
}
