package labbook.reports.study;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.core.SeedTable;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * A seed's published figures: a CSV resource of its study module ({@code labbook/<study>/seeds/}), read by the module
 * and by reports alike, by the columns the module declares ({@code columns}, from its {@code <Study>Seeds} class).
 * Every row names its source in {@code sourceColumn} (lab-core's {@link SeedTable#SOURCE}, which every seed table has);
 * rows read off a chart by eye say so in a column of their own.
 */
public record Seed(ResultsSchema columns, String resource, Column sourceColumn) {

    public Seed {
        if (!columns.columns().contains(sourceColumn)) {
            throw new IllegalArgumentException(
                    "seed " + columns + " does not declare its source column '" + sourceColumn + "'");
        }
    }

    /** A seed table whose rows name their source in {@link SeedTable#SOURCE}, as every study's do. */
    public Seed(ResultsSchema columns, String resource) {
        this(columns, resource, SeedTable.SOURCE);
    }

    /** The table's name: its file name without {@code .csv}. */
    public String name() {
        return columns.experiment();
    }

    /**
     * Each seed's table as read (and checked against its declaration) once: a claim's bootstrap builds its study's
     * claims hundreds of times, each reading the seed's figures, which never change while the JVM runs.
     */
    private static final Map<Seed, Table> READ = new ConcurrentHashMap<>();

    /** The figures as a table, with the source column (a copy of the one read, the caller's to change). */
    public Table table() {
        return READ.computeIfAbsent(this, Seed::read).copy();
    }

    private Table read() {
        Table table;
        try (Reader reader = new InputStreamReader(open(), StandardCharsets.UTF_8)) {
            table = Table.read()
                    .usingOptions(
                            CsvReadOptions.builder(reader).tableName(name()).build());
        } catch (IOException e) {
            throw new LabException("cannot read seed table " + resource + ": " + e.getMessage(), e);
        }
        if (!table.columnNames().equals(columns.names())) {
            throw new LabException(
                    "seed table " + resource + ": columns " + table.columnNames() + ", declared " + columns.names());
        }
        return table;
    }

    /** The figures without their source, which {@link #source()} gives once. */
    public Table figures() {
        return table().removeColumns(sourceColumn.name());
    }

    /** The resource as shipped, for a copy beside the pages. */
    public InputStream open() {
        InputStream in = Seed.class.getResourceAsStream(resource);
        if (in == null) {
            throw new LabException("no seed table '" + name() + "' at " + resource + " on the class path");
        }
        return in;
    }

    /** The source line of the table (every row shares it). */
    public String source() {
        return table().stringColumn(sourceColumn.name()).get(0);
    }

    public String fileName() {
        return columns.fileName();
    }
}
