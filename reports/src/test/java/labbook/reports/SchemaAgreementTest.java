package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.Column;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.core.SeedTable;
import labbook.filecrypt.FilecryptSeeds;
import labbook.reports.results.Results;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.vfs.VfsSeeds;
import labbook.wallet.WalletSeeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

/**
 * The writer (a study module's {@link ResultsSchema}, through lab-core's {@link CsvResults}) and the reader (this
 * module's loader) agree: every fixture CSV has its schema's header, and a CSV written by the schema loads back typed
 * by it. Likewise for the seeds' figures: each seed CSV (a resource of its study module) has the header its module's
 * {@code <Study>Seeds} declares.
 */
class SchemaAgreementTest {
    @Test
    void everyFixtureCsvHasTheHeaderItsStudyModuleDeclares() throws IOException {
        int checked = 0;
        for (String root : List.of("results-a", "results-b")) {
            for (ResultsSchema schema : Studies.schemas()) {
                Path csv = Fixtures.root(root).resolve(schema.study()).resolve(schema.fileName());
                if (Files.isRegularFile(csv)) {
                    assertThat(List.of(Files.readAllLines(csv).get(0).split(",")))
                            .as(csv.toString())
                            .containsExactlyElementsOf(schema.names());
                    checked++;
                }
            }
        }
        assertThat(checked)
                .isEqualTo(19
                        + 5); // results-a: 8 wallet (kwallet5-interop, openssl-blowfish, key-derivation), 5 filecrypt
        // (directory-files
        // included), 6 vfs (the kernel profile's three); results-b: 5 wallet
    }

    @Test
    void everySeedCsvHasTheHeaderItsStudyModuleDeclares() throws IOException {
        List<Seed> seeds = Studies.ALL.stream().flatMap(s -> s.seeds().stream()).toList();
        for (Seed seed : seeds) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(seed.open(), StandardCharsets.UTF_8))) {
                // every declared column is there, and no other: the header is the declaration, in its order
                assertThat(List.of(in.readLine().split(",")))
                        .as(seed.resource())
                        .containsExactlyElementsOf(seed.columns().names());
            }
            assertThat(seed.columns().study()).as(seed.resource()).isIn(Studies.ids());
            assertThat(seed.resource()).endsWith("/" + seed.columns().study() + "/seeds/" + seed.fileName());
        }
        // every seed table a module declares is shown by its study, and only those
        assertThat(seeds.stream().map(Seed::columns))
                .containsExactlyInAnyOrderElementsOf(Stream.of(WalletSeeds.ALL, FilecryptSeeds.ALL, VfsSeeds.ALL)
                        .flatMap(List::stream)
                        .toList());
    }

    @Test
    void aSeedReadByAnotherDeclarationIsRefused() {
        ResultsSchema fewer = ResultsSchema.of(
                WalletSeeds.KWALLET_SYNC.study(),
                WalletSeeds.KWALLET_SYNC.experiment(),
                WalletSeeds.BUILD,
                SeedTable.SOURCE);
        assertThatThrownBy(() -> new Seed(fewer, WalletSeeds.KWALLET_SYNC_RESOURCE, SeedTable.SOURCE).table())
                .isInstanceOf(LabException.class)
                .hasMessageContaining(
                        "columns [build, entries, sync_ms, approximate, source], declared [build, source]");
    }

    @Test
    void eachStudyDeclaresItsCsvsThroughItsModule() {
        for (Study study : Studies.ALL) {
            assertThat(study.schemas())
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.study()).isEqualTo(study.id()));
            assertThat(study.schemas()).containsAll(study.summarisedOnly());
        }
    }

    @Test
    void aCsvWrittenByItsSchemaLoadsTypedByIt(@TempDir Path tmp) {
        for (ResultsSchema schema : Studies.schemas()) {
            try (CsvResults csv = CsvResults.open(tmp, schema)) {
                for (int i = 0; i < 2; i++) {
                    int n = i;
                    csv.row(r -> schema.columns().forEach(c -> r.set(c, sample(c, n))));
                }
                csv.commit();
            }
        }
        Results results = Explore.load(List.of(tmp));
        for (ResultsSchema schema : Studies.schemas()) {
            Table t = Explore.table(results, schema.study(), schema.experiment());
            assertThat(t.columnNames()).as(schema.toString()).containsExactlyElementsOf(schema.names());
            assertThat(t.rowCount()).isEqualTo(2);
            for (Column c : schema.columns()) {
                assertThat(t.column(c.name()).type())
                        .as(schema + " " + c.name())
                        .isEqualTo(
                                switch (c.kind()) {
                                    case TEXT -> ColumnType.STRING;
                                    case COUNT -> ColumnType.LONG;
                                    case MEASURE -> ColumnType.DOUBLE;
                                });
            }
        }
    }

    private static Object sample(Column c, int row) {
        return switch (c.kind()) {
            case TEXT -> "text " + row;
            case COUNT -> (long) row + 1;
            case MEASURE -> row + 0.5;
        };
    }
}
