package labbook.reports.results;

import labbook.core.Reasons;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Loads a results root: every {@code <root>/<study>/*.csv} as a Tablesaw table, with the study's
 * run.json. Each declared experiment is checked against its {@link ResultsSchema} (the study
 * module's own declaration, the one its experiments write by) first, so a bad file fails with one
 * line naming the file (and the line) rather than a Tablesaw stack trace later. Text columns are
 * read as strings, counts as longs, measures as doubles; a declared column that is missing is a
 * schema error; extra columns and extra CSVs are kept, typed by what their values parse as.
 *
 * <p>What is refused, each with one line naming the file: a CSV over {@link #CSV_LIMIT} or a
 * run.json over {@link #RUN_JSON_LIMIT} (checked before reading, and again while reading, in
 * case the file grows); a declared duration, size or rate below 0 ({@link #neverNegative}). A
 * UTF-8 byte-order mark before the header is skipped, as spreadsheets write one.
 */
public final class ResultsLoader {
    /** The largest results CSV read (the full-mode sweeps write a few MB). */
    public static final long CSV_LIMIT = 512L << 20;
    /** The largest run.json read (the lab writes a few kB). */
    public static final long RUN_JSON_LIMIT = 1L << 20;
    /**
     * The units of the columns that are durations, sizes or rates, as words of a column's name
     * ({@code sync_ms}, {@code cpu_user_s}, {@code mb_per_s}, {@code file_bytes}, {@code bytes_written}):
     * a declared count or measure named with one is never below 0. The one place this rule is declared.
     */
    public static final Set<String> NEVER_NEGATIVE_UNITS = Set.of("ns", "us", "ms", "s", "bytes");

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get();
    private static final char BOM = '\uFEFF';

    private ResultsLoader() {
    }

    /** A declared duration, size or rate (a word of its name is a unit, {@link #NEVER_NEGATIVE_UNITS}): never below 0. */
    public static boolean neverNegative(Column column) {
        return column.kind() != Column.Kind.TEXT
                && Arrays.stream(column.name().split("_")).anyMatch(NEVER_NEGATIVE_UNITS::contains);
    }

    /** Loads several roots side by side; the studies are those the schemas name, in their order. */
    public static Results load(List<Path> roots, List<ResultsSchema> schemas) {
        checkRoots(roots);
        List<ResultsRoot> loaded = new ArrayList<>();
        for (Path root : roots) {
            loaded.add(load(root, schemas));
        }
        return new Results(loaded);
    }

    /** Every root is a readable folder; checked before anything is loaded. */
    public static void checkRoots(List<Path> roots) {
        roots.forEach(ResultsLoader::checkRoot);
    }

    static void checkRoot(Path root) {
        if (!Files.exists(root)) {
            throw new LabException("results folder " + root + " does not exist");
        }
        if (!Files.isDirectory(root)) {
            throw new LabException("results folder " + root + ": is not a folder");
        }
        if (!Files.isReadable(root) || !Files.isExecutable(root)) {
            throw new LabException("results folder " + root + ": permission denied");
        }
    }

    /** Loads one root; a missing study folder (or one with no CSV) is "not run", not an error. */
    public static ResultsRoot load(Path root, List<ResultsSchema> schemas) {
        checkRoot(root);
        Map<String, StudyResults> studies = new LinkedHashMap<>();
        String host = null;
        for (String study : schemas.stream().map(ResultsSchema::study).distinct().toList()) {
            List<ResultsSchema> declared = schemas.stream().filter(s -> s.study().equals(study)).toList();
            StudyResults s = loadStudy(study, declared, root.resolve(study));
            studies.put(study, s);
            if (host == null && s.ran() && s.latest() != RunInfo.UNKNOWN) {
                host = s.latest().host();
            }
        }
        String label = host != null ? host
                : root.toAbsolutePath().normalize().getFileName() == null ? root.toString()
                : root.toAbsolutePath().normalize().getFileName().toString();
        return new ResultsRoot(root, label, studies);
    }

    static StudyResults loadStudy(String study, List<ResultsSchema> declared, Path dir) {
        if (!Files.isDirectory(dir)) {
            return StudyResults.notRun(study, dir);
        }
        List<Path> csvs;
        try (Stream<Path> files = Files.list(dir)) {
            csvs = files.filter(p -> p.getFileName().toString().endsWith(".csv"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw LabException.cannot("list", dir, e);
        }
        if (csvs.isEmpty()) {
            return StudyResults.notRun(study, dir);
        }
        // declared experiments first, in the module's order, then any extra CSV a study added
        Map<String, Table> tables = new LinkedHashMap<>();
        List<String> order = new ArrayList<>(declared.stream().map(ResultsSchema::experiment).toList());
        for (Path csv : csvs) {
            String name = csv.getFileName().toString().replaceFirst("\\.csv$", "");
            if (!order.contains(name)) {
                order.add(name);
            }
        }
        for (String experiment : order) {
            Path csv = dir.resolve(experiment + ".csv");
            if (Files.isRegularFile(csv)) {
                ResultsSchema schema = declared.stream().filter(s -> s.experiment().equals(experiment)).findFirst()
                        .orElse(null);
                tables.put(experiment, readCsv(csv, schema, experiment));
            }
        }
        Map<String, RunInfo> runs = new LinkedHashMap<>();
        RunInfo latest = RunInfo.UNKNOWN;
        Path runJson = dir.resolve("run.json");
        if (Files.isRegularFile(runJson)) {
            JsonNode node = readJson(runJson);
            latest = RunInfo.of(node, study);
            JsonNode experiments = node.path("experiments");
            for (String experiment : tables.keySet()) {
                JsonNode record = experiments.get(experiment);
                if (record != null && record.isObject()) {
                    runs.put(experiment, RunInfo.of(record, study));
                }
            }
        }
        return new StudyResults(study, dir, tables, runs, latest);
    }

    /** A run.json: at most {@link #RUN_JSON_LIMIT}, one JSON object and nothing after it. */
    static JsonNode readJson(Path runJson) {
        JsonNode node;
        try (InputStream in = open(runJson, RUN_JSON_LIMIT)) {
            node = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new LabException(runJson + ": not valid JSON (" + (at == null ? "" : "line " + at.getLineNr()
                    + ", column " + at.getColumnNr() + ": ") + jsonReason(e) + ")", e);
        } catch (IOException e) {
            throw failed("read", runJson, RUN_JSON_LIMIT, "a run.json", e);
        }
        if (node == null || !node.isObject()) {
            throw new LabException(runJson + ": not a JSON object");
        }
        return node;
    }

    /**
     * Reads one CSV after checking it line by line: the header holds every declared column, every
     * row has as many fields as the header, every declared number parses, and no declared duration,
     * size or rate is below 0. {@code schema} is null for a CSV no study module declares.
     */
    public static Table readCsv(Path csv, ResultsSchema schema, String experiment) {
        Map<String, ColumnType> types;
        try {
            types = check(csv, schema, experiment);
        } catch (OutOfMemoryError e) { // a field of hundreds of MB
            throw tooLargeForTheHeap(csv);
        }
        try (Reader reader = text(csv)) {
            CsvReadOptions options = CsvReadOptions.builder(reader)
                    .tableName(experiment)
                    .columnTypes(types::get)
                    .missingValueIndicator("", "NaN")
                    .build();
            return Table.read().usingOptions(options);
        } catch (IOException e) {
            throw failed("read", csv, CSV_LIMIT, "a results CSV", e);
        } catch (OutOfMemoryError e) {
            throw tooLargeForTheHeap(csv);
        } catch (RuntimeException e) {
            OverLimit over = overLimit(e);
            if (over != null) {
                throw overLimit(csv, CSV_LIMIT, "a results CSV");
            }
            throw new LabException(csv + ": cannot load (" + Reasons.of(e) + ")", e);
        }
    }

    private static LabException tooLargeForTheHeap(Path csv) {
        return new LabException(csv + ": too large to load in this JVM's heap (at most "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); split it or give Java more memory (-Xmx)");
    }

    /** The checks of {@link #readCsv}, streaming (no row is kept); returns each column's type. */
    private static Map<String, ColumnType> check(Path csv, ResultsSchema schema, String experiment) {
        Map<String, ColumnType> promised = types(schema);
        Set<String> neverNegative = new HashSet<>();
        if (schema != null) {
            schema.columns().stream().filter(ResultsLoader::neverNegative).map(Column::name).forEach(neverNegative::add);
        }
        Map<String, ColumnType> types = new LinkedHashMap<>();
        try (Reader reader = text(csv); CSVParser parser = FORMAT.parse(reader)) {
            Iterator<CSVRecord> records = parser.iterator();
            CSVRecord first = next(records, parser, csv);
            if (first == null || first.size() == 0 || (first.size() == 1 && first.get(0).isBlank())) {
                throw new LabException(csv + ":1: empty file, expected a header line");
            }
            List<String> header = first.toList();
            Set<String> seen = new HashSet<>();
            for (String column : header) {
                if (column.isBlank()) {
                    throw new LabException(csv + ":1: a column has no name");
                }
                if (!seen.add(column)) {
                    throw new LabException(csv + ":1: column '" + column + "' appears twice");
                }
            }
            for (String column : promised.keySet()) {
                if (!seen.contains(column)) {
                    throw new LabException(csv + ": missing column '" + column + "' promised by the "
                            + schema.study() + " study's " + experiment + " schema");
                }
            }
            boolean[] numeric = new boolean[header.size()];
            Arrays.fill(numeric, true);
            long line = 1;
            for (CSVRecord record = next(records, parser, csv); record != null; record = next(records, parser, csv)) {
                line++;
                if (record.size() != header.size()) {
                    throw new LabException(csv + ":" + line + ": " + record.size() + " fields, but the header has "
                            + header.size());
                }
                for (int c = 0; c < header.size(); c++) {
                    String value = record.get(c);
                    if (value.isEmpty()) {
                        continue;
                    }
                    String column = header.get(c);
                    ColumnType type = promised.get(column);
                    boolean parses = parsesAsNumber(value);
                    if (!parses) {
                        numeric[c] = false;
                    }
                    if (type == ColumnType.DOUBLE && !parses) {
                        throw new LabException(csv + ":" + line + ": column '" + column + "' is '"
                                + value + "', not a number");
                    }
                    if (type == ColumnType.LONG && !parsesAsLong(value)) {
                        throw new LabException(csv + ":" + line + ": column '" + column + "' is '"
                                + value + "', not a whole number");
                    }
                    if (neverNegative.contains(column)) {
                        double v = Double.parseDouble(value);
                        if (v < 0) {
                            throw new LabException(csv + ":" + line + ": column '" + column + "' is '" + value
                                    + "', below 0 (a duration, size or rate never is)");
                        }
                        if (Double.isInfinite(v)) {
                            throw new LabException(csv + ":" + line + ": column '" + column + "' is '" + value
                                    + "', not a finite number");
                        }
                    }
                }
            }
            for (int c = 0; c < header.size(); c++) {
                types.put(header.get(c), promised.getOrDefault(header.get(c),
                        numeric[c] ? ColumnType.DOUBLE : ColumnType.STRING));
            }
        } catch (IOException e) {
            throw failed("read", csv, CSV_LIMIT, "a results CSV", e);
        }
        return types;
    }

    private static CSVRecord next(Iterator<CSVRecord> records, CSVParser parser, Path csv) {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException e) {
            if (overLimit(e) != null) {
                throw overLimit(csv, CSV_LIMIT, "a results CSV");
            }
            if (e.getCause() instanceof CharacterCodingException) {
                throw new LabException(csv + ": not UTF-8 text", e); // the decoder reads ahead: no line to name
            }
            throw new LabException(csv + ":" + (parser.getCurrentLineNumber() + 1) + ": malformed CSV ("
                    + Reasons.of(e) + ")", e);
        }
    }

    /** A file's bytes, refused before reading when over {@code limit}, and cut off there if it grows. */
    private static InputStream open(Path file, long limit) throws IOException {
        long size = Files.size(file);
        if (size > limit) {
            throw new OverLimit();
        }
        return new Bounded(Files.newInputStream(file), limit);
    }

    /** A CSV as UTF-8 text, strictly decoded, without a leading byte-order mark. */
    private static Reader text(Path csv) throws IOException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        BufferedReader reader = new BufferedReader(new InputStreamReader(open(csv, CSV_LIMIT), utf8));
        try {
            reader.mark(1);
            if (reader.read() != BOM) {
                reader.reset();
            }
        } catch (IOException e) {
            reader.close();
            throw e;
        }
        return reader;
    }

    private static LabException failed(String action, Path file, long limit, String what, Throwable e) {
        if (overLimit(e) != null) {
            return overLimit(file, limit, what);
        }
        if (e instanceof CharacterCodingException) {
            return new LabException(file + ": not UTF-8 text", e);
        }
        return LabException.cannot(action, file, e);
    }

    private static LabException overLimit(Path file, long limit, String what) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        return new LabException(file + ": " + (size > limit ? megabytes(size) + ", " : "") + "over the "
                + megabytes(limit) + " limit for " + what);
    }

    private static String megabytes(long bytes) {
        return bytes >= (1 << 20) ? (bytes + (1 << 20) - 1) / (1 << 20) + " MB" : bytes + " bytes";
    }

    private static OverLimit overLimit(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OverLimit over) {
                return over;
            }
        }
        return null;
    }

    /** Jackson's own words, without its source description. */
    private static String jsonReason(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        int marker = m.indexOf(" (start marker at");
        if (marker >= 0) {
            m = m.substring(0, marker);
        }
        m = m.replaceAll("\\[Source:[^\\]]*\\]", "");
        String plain = Reasons.plain(m);
        return plain.isEmpty() ? "malformed" : plain;
    }

    /** Thrown inside a read that passes its limit. */
    private static final class OverLimit extends IOException {
        OverLimit() {
            super("over the size limit");
        }
    }

    /** An input stream that fails once more than {@code limit} bytes have been read. */
    private static final class Bounded extends FilterInputStream {
        private final long limit;
        private long read;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) throws OverLimit {
            read += n;
            if (read > limit) {
                throw new OverLimit();
            }
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /** The declared columns and how they are read: text as strings, counts as longs, measures as doubles. */
    static Map<String, ColumnType> types(ResultsSchema schema) {
        Map<String, ColumnType> types = new LinkedHashMap<>();
        if (schema != null) {
            for (Column c : schema.columns()) {
                types.put(c.name(), switch (c.kind()) {
                    case TEXT -> ColumnType.STRING;
                    case COUNT -> ColumnType.LONG;
                    case MEASURE -> ColumnType.DOUBLE;
                });
            }
        }
        return types;
    }

    private static boolean parsesAsNumber(String value) {
        return parses(value, Double::parseDouble);
    }

    private static boolean parsesAsLong(String value) {
        return parses(value, Long::parseLong);
    }

    private static boolean parses(String value, Function<String, ?> parser) {
        try {
            parser.apply(value);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
