package labbook.reports.results;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import labbook.core.BoundedFile;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.Reasons;
import labbook.core.ResultsSchema;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import tech.tablesaw.api.ColumnType;

/**
 * The checks of {@link ResultsCsv#read}, streaming (no row is kept), against the study module's {@link ResultsSchema}:
 * a declared column that is missing is a schema error; extra columns are kept, typed by what their values parse as. A
 * header that names a column by a former name ({@link Column#formerNames}) is read as naming it by its new one.
 */
final class CsvCheck {
    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get();

    private CsvCheck() {}

    /**
     * Checks {@code csv} line by line; returns each column's type, by its name in the header, in the header's order.
     */
    static Map<String, ColumnType> check(Path csv, ResultsSchema schema, String experiment) {
        Map<String, ColumnType> promised = types(schema);
        Set<String> neverNegative = new HashSet<>();
        if (schema != null) {
            schema.columns().stream()
                    .filter(NeverNegative::holdsFor)
                    .map(Column::name)
                    .forEach(neverNegative::add);
        }
        Map<String, ColumnType> types = new LinkedHashMap<>();
        try (Reader reader = ResultsCsv.text(csv);
                CSVParser parser = FORMAT.parse(reader)) {
            Iterator<CSVRecord> records = parser.iterator();
            List<String> written = header(next(records, parser, csv), csv);
            // a column renamed since the CSV was written is checked, and typed, under its new name
            List<String> header = written.stream()
                    .map(name -> schema == null ? name : schema.currentName(name))
                    .toList();
            for (String column : promised.keySet()) {
                if (!header.contains(column)) {
                    throw new LabException(csv + ": missing column '" + column + "' promised by the " + schema.study()
                            + " study's " + experiment + " schema");
                }
            }
            boolean[] numeric = new boolean[header.size()];
            Arrays.fill(numeric, true);
            long line = 1;
            for (CSVRecord record = next(records, parser, csv); record != null; record = next(records, parser, csv)) {
                line++;
                if (record.size() != header.size()) {
                    throw new LabException(
                            csv + ":" + line + ": " + record.size() + " fields, but the header has " + header.size());
                }
                for (int c = 0; c < header.size(); c++) {
                    String value = record.get(c);
                    if (value.isEmpty()) {
                        continue;
                    }
                    String column = header.get(c);
                    // a bad value is named by the column as the file writes it
                    numeric[c] &= checkValue(
                            value, promised.get(column), neverNegative.contains(column), csv, line, written.get(c));
                }
            }
            for (int c = 0; c < header.size(); c++) {
                types.put( // by the name the file writes, which is the name a CSV reader sees
                        written.get(c),
                        promised.getOrDefault(header.get(c), numeric[c] ? ColumnType.DOUBLE : ColumnType.STRING));
            }
        } catch (IOException e) {
            throw ResultsCsv.failed(csv, e);
        }
        return types;
    }

    /** The header line's column names: none blank, none twice. */
    private static List<String> header(CSVRecord first, Path csv) {
        if (first == null
                || first.size() == 0
                || (first.size() == 1 && first.get(0).isBlank())) {
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
        return header;
    }

    /**
     * One non-empty cell against its column's declared type ({@code type} null when undeclared) and the never-negative
     * rule. Returns whether it is a number.
     */
    private static boolean checkValue(
            String value, ColumnType type, boolean neverNegative, Path csv, long line, String column) {
        boolean parses = parses(value, Double::parseDouble);
        String problem = null;
        if (type == ColumnType.DOUBLE && !parses) {
            problem = "not a number";
        } else if (type == ColumnType.LONG && !parses(value, Long::parseLong)) {
            problem = "not a whole number";
        } else if (neverNegative) {
            double v = Double.parseDouble(value);
            problem = v < 0
                    ? "below 0 (a duration, size or rate never is)"
                    : Double.isInfinite(v) ? "not a finite number" : null;
        }
        if (problem != null) {
            throw new LabException(csv + ":" + line + ": column '" + column + "' is '" + value + "', " + problem);
        }
        return parses;
    }

    private static CSVRecord next(Iterator<CSVRecord> records, CSVParser parser, Path csv) {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException e) {
            if (BoundedFile.isOverLimit(e)) {
                throw BoundedFile.overLimit(csv, ResultsCsv.LIMIT, ResultsCsv.WHAT);
            }
            if (e.getCause() instanceof CharacterCodingException) {
                throw new LabException(csv + ": not UTF-8 text", e); // the decoder reads ahead: no line to name
            }
            throw new LabException(
                    csv + ":" + (parser.getCurrentLineNumber() + 1) + ": malformed CSV (" + Reasons.of(e) + ")", e);
        }
    }

    /** The declared columns and how they are read: text as strings, counts as longs, measures as doubles. */
    static Map<String, ColumnType> types(ResultsSchema schema) {
        Map<String, ColumnType> types = new LinkedHashMap<>();
        if (schema != null) {
            for (Column c : schema.columns()) {
                types.put(
                        c.name(),
                        switch (c.kind()) {
                            case TEXT -> ColumnType.STRING;
                            case COUNT -> ColumnType.LONG;
                            case MEASURE -> ColumnType.DOUBLE;
                        });
            }
        }
        return types;
    }

    private static boolean parses(String value, Function<String, ?> parser) {
        try {
            var unused = parser.apply(value); // only whether it parses
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
