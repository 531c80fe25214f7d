package labbook.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The reader of a seed's published figures and the columns every study's seed tables share ({@link #APPROXIMATE},
 * {@link #SOURCE}): a seed table is a CSV resource of its study module, read by the columns its {@link ResultsSchema}
 * declares (the same declaration {@code reports} reads it by). Its header must be exactly the declared columns; a
 * missing resource, another header or a cell that is not a number is one line naming the resource.
 */
public final class SeedTable {
    /** Whether a figure was read off the seed's chart by eye: a column of every seed table with such readings. */
    public static final Column APPROXIMATE =
            Column.text("approximate", "true when the figure was read off a chart rather than quoted (true/false)");
    /** Where a figure was published: the last column of every seed table, each row naming its source. */
    public static final Column SOURCE = Column.text("source", "where the figure was published");

    private SeedTable() {}

    /** One row of a seed table, read by column. */
    public record SeedRow(CSVRecord record, String resource) {
        public String text(Column column) {
            return record.get(column.name());
        }

        /** The cell as a number; NaN for an empty cell (a figure the seed does not give). */
        public double number(Column column) {
            String cell = text(column);
            try {
                return cell.isBlank() ? Double.NaN : Double.parseDouble(cell);
            } catch (NumberFormatException e) {
                throw new LabException(resource + ": line " + record.getRecordNumber() + ": " + column.name() + " '"
                        + cell + "' is not a number");
            }
        }
    }

    /** Every row of the class-path resource {@code resource} of {@code owner}'s module, mapped by {@code row}. */
    public static <T> List<T> read(Class<?> owner, String resource, ResultsSchema schema, Function<SeedRow, T> row) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new LabException("the seed figures " + resource + " are missing from the class path (rebuild lab-"
                        + schema.study() + ")");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), resource, schema, row);
        } catch (IOException e) {
            throw new LabException("cannot read the seed figures " + resource + ": " + Reasons.of(e), e);
        }
    }

    /** The same, from a reader ({@code name} names it in errors). */
    public static <T> List<T> parse(Reader reader, String name, ResultsSchema schema, Function<SeedRow, T> row) {
        try (CSVParser csv = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get()
                .parse(reader)) {
            if (!csv.getHeaderNames().equals(schema.names())) {
                throw new LabException(name + ": columns " + csv.getHeaderNames() + ", expected " + schema.names());
            }
            List<T> rows = new ArrayList<>();
            for (CSVRecord r : csv) {
                rows.add(row.apply(new SeedRow(r, name)));
            }
            return rows;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            throw new LabException("cannot read the seed figures " + name + ": " + Reasons.of(e), e);
        }
    }
}
