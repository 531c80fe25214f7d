package labbook.reports.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
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
 */
public final class ResultsLoader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultsLoader() {
    }

    /** Loads several roots side by side; the studies are those the schemas name, in their order. */
    public static Results load(List<Path> roots, List<ResultsSchema> schemas) {
        List<ResultsRoot> loaded = new ArrayList<>();
        for (Path root : roots) {
            loaded.add(load(root, schemas));
        }
        return new Results(loaded);
    }

    /** Loads one root; a missing study folder (or one with no CSV) is "not run", not an error. */
    public static ResultsRoot load(Path root, List<ResultsSchema> schemas) {
        if (!Files.isDirectory(root)) {
            throw new LabException("results folder " + root + " does not exist");
        }
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
        } catch (IOException e) {
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
            JsonNode node;
            try {
                node = JSON.readTree(runJson.toFile());
            } catch (IOException e) {
                throw new LabException(runJson + ": not valid JSON (" + firstLine(e.getMessage()) + ")", e);
            }
            if (node == null || !node.isObject()) {
                throw new LabException(runJson + ": not a JSON object");
            }
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

    /**
     * Reads one CSV after checking it line by line: the header holds every declared column, every
     * row has as many fields as the header, and every declared number parses. {@code schema} is null
     * for a CSV no study module declares.
     */
    public static Table readCsv(Path csv, ResultsSchema schema, String experiment) {
        Map<String, ColumnType> promised = types(schema);
        List<String> header;
        Map<String, ColumnType> types = new LinkedHashMap<>();
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get().parse(reader)) {
            List<CSVRecord> records = new ArrayList<>();
            try {
                parser.forEach(records::add);
            } catch (UncheckedIOException e) {
                throw new LabException(csv + ":" + (parser.getCurrentLineNumber() + 1) + ": malformed CSV ("
                        + firstLine(e.getCause().getMessage()) + ")", e);
            }
            if (records.isEmpty() || records.get(0).size() == 0
                    || (records.get(0).size() == 1 && records.get(0).get(0).isBlank())) {
                throw new LabException(csv + ":1: empty file, expected a header line");
            }
            header = records.get(0).toList();
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
            for (int r = 1; r < records.size(); r++) {
                CSVRecord record = records.get(r);
                long line = r + 1;
                if (record.size() != header.size()) {
                    throw new LabException(csv + ":" + line + ": " + record.size() + " fields, but the header has "
                            + header.size());
                }
                for (int c = 0; c < header.size(); c++) {
                    String value = record.get(c);
                    if (value.isEmpty()) {
                        continue;
                    }
                    ColumnType type = promised.get(header.get(c));
                    boolean parses = parsesAsNumber(value);
                    if (!parses) {
                        numeric[c] = false;
                    }
                    if (type == ColumnType.DOUBLE && !parses) {
                        throw new LabException(csv + ":" + line + ": column '" + header.get(c) + "' is '"
                                + value + "', not a number");
                    }
                    if (type == ColumnType.LONG && !parsesAsLong(value)) {
                        throw new LabException(csv + ":" + line + ": column '" + header.get(c) + "' is '"
                                + value + "', not a whole number");
                    }
                }
            }
            for (int c = 0; c < header.size(); c++) {
                types.put(header.get(c), promised.getOrDefault(header.get(c),
                        numeric[c] ? ColumnType.DOUBLE : ColumnType.STRING));
            }
        } catch (IOException e) {
            throw LabException.cannot("read", csv, e);
        }
        try {
            CsvReadOptions options = CsvReadOptions.builder(csv.toFile())
                    .tableName(experiment)
                    .columnTypes(types::get)
                    .missingValueIndicator("", "NaN")
                    .build();
            return Table.read().usingOptions(options);
        } catch (RuntimeException e) {
            throw new LabException(csv + ": cannot load (" + firstLine(e.getMessage()) + ")", e);
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

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).trim();
    }
}
