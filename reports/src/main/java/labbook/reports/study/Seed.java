package labbook.reports.study;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import labbook.core.LabException;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * A seed's published figures: a CSV resource of its study module ({@code labbook/<study>/seeds/}),
 * read by the module and by reports alike. Every row names its source; rows read off a chart by
 * eye say {@code approximate = true}.
 */
public record Seed(String name, String resource) {

    /** The figures as a table (column {@code source} on every row). */
    public Table table() {
        try (Reader reader = new InputStreamReader(open(), StandardCharsets.UTF_8)) {
            return Table.read().usingOptions(CsvReadOptions.builder(reader).tableName(name).build());
        } catch (IOException e) {
            throw new LabException("cannot read seed table " + resource + ": " + e.getMessage(), e);
        }
    }

    /** The resource as shipped, for a copy beside the pages. */
    public InputStream open() {
        InputStream in = Seed.class.getResourceAsStream(resource);
        if (in == null) {
            throw new LabException("no seed table '" + name + "' at " + resource + " on the class path");
        }
        return in;
    }

    /** The source line of the table (every row shares it). */
    public String source() {
        return table().stringColumn("source").get(0);
    }

    public String fileName() {
        return name + ".csv";
    }
}
