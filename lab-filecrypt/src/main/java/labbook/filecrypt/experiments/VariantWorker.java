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

/**
 * The worker's side of a {@link VariantJvm}: one variant of an experiment in a JVM of its own. It reads the parent's
 * requests, one line each, hands each to the variant, writes the rows the variant measured as CSVs of their schemas and
 * says it is done. Anything else the variant's code prints goes to stderr, which the parent shows: stdout carries only
 * the answers.
 */
public final class VariantWorker {
    private VariantWorker() {}

    /** One variant, as its worker runs it. */
    public interface Variant extends AutoCloseable {
        /** Does one request of the parent's (its words); timed work writes its rows to {@code rows}. */
        void handle(List<String> request, Rows rows);

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
            return open.computeIfAbsent(schema, s -> CsvResults.open(root, s));
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
    public static void serve(String[] args, Function<List<String>, Variant> variant) {
        PrintStream answers = System.out;
        System.setOut(System.err);
        Path rowsRoot = Path.of(args[0]);
        try (Variant v = variant.apply(List.of(args).subList(1, args.length));
                BufferedReader requests =
                        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            answers.println(VariantJvm.READY);
            answers.flush();
            for (String line; (line = requests.readLine()) != null; ) {
                Rows rows = new Rows(rowsRoot);
                v.handle(Arrays.asList(line.split("\t", -1)), rows);
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
