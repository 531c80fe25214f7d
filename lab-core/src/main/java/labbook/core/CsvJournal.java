package labbook.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.io.IOUtils;

/**
 * A long experiment's results CSV, written as it is measured: each row reaches the file at once (a SIGKILL loses
 * nothing), {@link #checkpoint()} syncs it to the disk after each step (a reboot loses at most the step in hand), and
 * {@link #commit()} renames it to {@code <experiment>.csv}. Until then it is the hidden
 * {@code .<experiment>.csv.journal} beside it, with {@code .journal.json} naming the machine and the commit that wrote
 * it.
 *
 * <p>A run with {@code --resume} keeps the rows of the steps a killed run finished ({@link #kept()}: the rows up to its
 * last checkpoint, which {@code .journal.json} counts; a step cut short is measured again), and the experiment goes on
 * from the next step; the committed CSV then has every step once, with the same header as an unbroken run. A resume
 * onto another machine or commit is refused unless {@code --force} is given. A run without {@code --resume} starts
 * afresh.
 */
public final class CsvJournal implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    private final Path target;
    private final Path journal;
    private final Path meta;
    private final ResultsSchema schema;
    private final FileOutputStream stream;
    private final CSVPrinter printer;
    private final List<Map<String, String>> kept;
    private final Runnable onCommit;
    private final Map<String, Object> identity;
    private final Resumed resumed;
    private long rows;
    private boolean done;

    /** How the journal was opened: afresh, or resumed with the rows a killed run left, and what changed since. */
    public record Resumed(int keptRows, boolean machineChanged, boolean codeChanged) {}

    private CsvJournal(
            Path target,
            ResultsSchema schema,
            List<Map<String, String>> kept,
            Resumed resumed,
            Map<String, Object> identity,
            Runnable onCommit) {
        this.target = target;
        this.journal = journalOf(target);
        this.meta = metaOf(journal);
        this.schema = schema;
        this.kept = List.copyOf(kept);
        this.onCommit = onCommit;
        this.identity = new LinkedHashMap<>(identity);
        this.resumed = resumed;
        this.rows = kept.size();
        try {
            Files.createDirectories(target.getParent());
            Path temp = journal.resolveSibling(journal.getFileName() + ".new");
            try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
                    CSVPrinter p = new CSVPrinter(w, FORMAT)) {
                p.printRecord(schema.names());
                for (Map<String, String> row : kept) {
                    p.printRecord(schema.names().stream().map(row::get).toList());
                }
            }
            // the count first: a kill between the two leaves a count no larger than the rows it counts
            writeMeta();
            AtomicFiles.replace(temp, journal);
            this.stream = new FileOutputStream(journal.toFile(), true);
            this.printer = new CSVPrinter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), FORMAT);
        } catch (IOException e) {
            throw LabException.cannot("write", journal, e);
        }
    }

    /** The sidecar: who writes the journal, and how many of its rows the last checkpoint made safe. */
    private void writeMeta() throws IOException {
        identity.put("checkpointed_rows", rows);
        Path temp = meta.resolveSibling(meta.getFileName() + ".new");
        JSON.writeValue(temp.toFile(), identity);
        AtomicFiles.replace(temp, meta);
    }

    static Path journalOf(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".journal");
    }

    private static Path metaOf(Path journal) {
        return journal.resolveSibling(journal.getFileName() + ".json");
    }

    /**
     * What the sidecar of {@code target}'s journal says of the run that wrote it (its machine, commit, mode and
     * options), when a killed run left one; empty when there is none, or none that can be read (a resume then refuses
     * it when it opens the journal).
     */
    static Optional<JsonNode> writtenBy(Path target) {
        Path meta = metaOf(journalOf(target));
        if (!Files.isRegularFile(meta) || !Files.isRegularFile(journalOf(target))) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(meta.toFile()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Opens the journal of {@code target}: afresh, or (with {@code resume}) keeping the rows of the one a killed run
     * left. {@code identity} is this run's machine and commit ({@code host}, {@code lab_commit}), and its mode and
     * options, which a resume's {@link LabRun} compares ({@link #writtenBy}).
     */
    static CsvJournal open(
            Path target,
            ResultsSchema schema,
            boolean resume,
            boolean force,
            Map<String, Object> identity,
            Runnable onCommit) {
        Path journal = journalOf(target);
        List<Map<String, String>> kept = List.of();
        Resumed resumed = null;
        Path meta = metaOf(journal);
        // without its count (killed before its first one was written), a journal has no step to keep
        if (resume && Files.isRegularFile(journal) && Files.isRegularFile(meta)) {
            JsonNode before;
            try {
                before = JSON.readTree(meta.toFile());
            } catch (IOException e) {
                throw new LabException(meta + ": cannot tell which run wrote " + journal + " (" + Reasons.of(e)
                        + "): run without --resume to start afresh");
            }
            boolean machineChanged = !text(before, "host").equals(String.valueOf(identity.get("host")));
            boolean codeChanged = !text(before, "lab_commit").equals(String.valueOf(identity.get("lab_commit")));
            if ((machineChanged || codeChanged) && !force) {
                throw new LabException(journal + " was written by commit " + text(before, "lab_commit") + " on "
                        + text(before, "host") + "; this is commit " + identity.get("lab_commit") + " on "
                        + identity.get("host")
                        + ": resume with --force to mix them, or run without --resume to start afresh");
            }
            kept = readKept(journal, schema);
            long safe = before.path("checkpointed_rows").asLong(0);
            if (kept.size() > safe) {
                kept = kept.subList(0, (int) safe); // the rows of a step cut short: measured again
            }
            resumed = new Resumed(kept.size(), machineChanged, codeChanged);
        }
        return new CsvJournal(target, schema, kept, resumed, identity, onCommit);
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).asText("");
    }

    /** The journal's complete rows: a header that is not the schema's refuses it; a row cut short is dropped. */
    static List<Map<String, String>> readKept(Path journal, ResultsSchema schema) {
        List<Map<String, String>> rows = new ArrayList<>();
        try {
            byte[] bytes = Files.readAllBytes(journal);
            String text = new String(bytes, StandardCharsets.UTF_8);
            // a row reaches the file whole or is cut by the kill: only lines that ended count
            int end = text.lastIndexOf('\n');
            text = end < 0 ? "" : text.substring(0, end + 1);
            try (Reader r = new java.io.StringReader(text);
                    CSVParser parser =
                            CSVParser.builder().setReader(r).setFormat(FORMAT).get()) {
                List<CSVRecord> records = parser.getRecords();
                if (records.isEmpty()) {
                    return rows;
                }
                if (!records.get(0).toList().equals(schema.names())) {
                    throw new LabException(journal + ": its header is not " + schema.fileName()
                            + "'s (an older schema?): run without --resume to start afresh");
                }
                for (CSVRecord rec : records.subList(1, records.size())) {
                    if (rec.size() != schema.names().size()) {
                        throw new LabException(journal + " line " + rec.getRecordNumber() + ": " + rec.size()
                                + " fields for " + schema.names().size() + " columns: run without --resume to"
                                + " start afresh");
                    }
                    Map<String, String> row = new LinkedHashMap<>();
                    for (int i = 0; i < rec.size(); i++) {
                        row.put(schema.names().get(i), rec.get(i));
                    }
                    rows.add(row);
                }
            }
        } catch (IOException e) {
            throw LabException.cannot("read", journal, e);
        }
        return rows;
    }

    /** How this journal went on from a killed run's; empty when it started afresh. */
    public Optional<Resumed> resumed() {
        return Optional.ofNullable(resumed);
    }

    /** The rows a killed run left, by column name, in the order it wrote them (empty unless resumed). */
    public List<Map<String, String>> kept() {
        return kept;
    }

    /** The kept rows as the records {@code type} binds to this CSV's schema. */
    public <R extends Record> List<R> kept(RowType<R> type) {
        return type.readAll(kept, target + " (the rows a killed run kept)");
    }

    /** The rows of the CSV: those kept from a killed run and those written since. */
    public long rowCount() {
        return rows;
    }

    /** Whether a kept row has these values in these columns (the step it measured is done). */
    public boolean keptHas(Map<Column, Object> key) {
        return kept.stream()
                .anyMatch(row -> key.entrySet().stream()
                        .allMatch(e -> Objects.equals(row.get(e.getKey().name()), CsvResults.format(e.getValue()))));
    }

    /** Appends one measurement: {@code value}'s components, as {@code type} binds them (see {@link #row(Consumer)}). */
    public <R extends Record> CsvJournal row(RowType<R> type, R value) {
        return row(r -> type.fill(r, value));
    }

    /** Appends one measurement, filled by column; it reaches the file (not yet the disk) before this returns. */
    public CsvJournal row(Consumer<Row> fill) {
        Row r = new Row(schema);
        fill.accept(r);
        try {
            printer.printRecord(CsvResults.cells(r.values()));
            printer.flush();
        } catch (IOException e) {
            throw LabException.cannot("write", journal, e);
        }
        rows++;
        return this;
    }

    /** The end of a step: its rows go to the disk, and a resume keeps them. */
    public void checkpoint() {
        try {
            printer.flush();
            stream.getFD().sync();
            writeMeta();
        } catch (IOException e) {
            throw LabException.cannot("sync", journal, e);
        }
    }

    /** Makes the CSV visible, whole, at its final path. */
    public Path commit() {
        checkpoint();
        try {
            printer.close();
            AtomicFiles.replace(journal, target);
            Files.deleteIfExists(meta);
        } catch (IOException e) {
            throw LabException.cannot("save", target, e);
        }
        done = true;
        onCommit.run();
        return target;
    }

    /** Without a commit, the journal stays for a {@code --resume}. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            // a failed close loses nothing: what was written is on the file already, and a resume reads what is there
            IOUtils.closeQuietly(printer);
        }
    }
}
