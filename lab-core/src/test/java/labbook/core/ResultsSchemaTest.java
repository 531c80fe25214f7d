package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsSchemaTest {
    static final Column VARIANT = Column.text("variant", "which implementation");
    static final Column ENTRIES = Column.count("entries", "entries in the wallet");
    static final Column SYNC_MS = Column.measure("sync_ms", "one sync, milliseconds");
    static final ResultsSchema SWEEP = ResultsSchema.of("wallet", "sync-sweep", VARIANT, ENTRIES, SYNC_MS);

    @TempDir
    Path root;

    @Test
    void rowsAreWrittenByColumnInTheSchemasOrder() throws Exception {
        try (CsvResults csv = CsvResults.open(root, SWEEP)) {
            csv.row(r -> r.set(SYNC_MS, 5.5).set(VARIANT, "kde4").set(ENTRIES, 100));
            csv.row(r -> r.set(ENTRIES, 1).set(VARIANT, "kf5").set(SYNC_MS, null));
            csv.commit();
        }
        assertThat(Files.readAllLines(root.resolve("wallet/sync-sweep.csv")))
                .containsExactly("variant,entries,sync_ms", "kde4,100,5.5", "kf5,1,");
    }

    @Test
    void aMissingTwiceSetOrForeignColumnFailsAtTheFirstRow() {
        Column other = Column.count("other", "not in the schema");
        try (CsvResults csv = CsvResults.open(root, SWEEP)) {
            assertThatThrownBy(() -> csv.row(r -> r.set(VARIANT, "kde4").set(ENTRIES, 1)))
                    .hasMessageContaining("'sync_ms' not set");
            assertThatThrownBy(() -> csv.row(r -> r.set(VARIANT, "a").set(VARIANT, "b")))
                    .hasMessageContaining("'variant' set twice");
            assertThatThrownBy(() -> csv.row(r -> r.set(other, 1)))
                    .hasMessageContaining("'other' is not in wallet/sync-sweep.csv");
            assertThat(csv.rowCount()).isZero();
        }
    }

    @Test
    void aSchemaRefusesDuplicateColumnsAndNamesWithoutUnitsStyle() {
        assertThatThrownBy(() -> ResultsSchema.of("s", "e", VARIANT, VARIANT)).hasMessageContaining("declared twice");
        assertThatThrownBy(() -> Column.measure("Sync ms", "x")).hasMessageContaining("lower_snake_case");
    }

    @Test
    void aRenamedColumnAnswersToItsFormerNameAndAFormerNameNamesOneColumnOnly() {
        Column threads =
                Column.count("lookup_threads", "threads making the lookups").formerly("threads");
        ResultsSchema walk = ResultsSchema.of("vfs", "stat-walk", threads, SYNC_MS);
        assertThat(walk.currentName("threads")).isEqualTo("lookup_threads");
        assertThat(walk.currentName("lookup_threads")).isEqualTo("lookup_threads");
        assertThat(walk.currentName("sync_ms")).isEqualTo("sync_ms");
        assertThat(walk.currentName("extra_column")).isEqualTo("extra_column");
        assertThat(threads).isNotEqualTo(Column.count("lookup_threads", "threads making the lookups"));

        assertThatThrownBy(
                        () -> ResultsSchema.of("s", "e", Column.count("n", "x").formerly("sync_ms"), SYNC_MS))
                .hasMessageContaining("'sync_ms' would name two columns");
        assertThatThrownBy(() -> ResultsSchema.of(
                        "s",
                        "e",
                        Column.count("a", "x").formerly("old"),
                        Column.count("b", "y").formerly("old")))
                .hasMessageContaining("'old' would name two columns");
        assertThatThrownBy(() -> Column.count("a", "x").formerly("a")).hasMessageContaining("former name");
    }

    @Test
    void theSchemaDocumentsItselfAsMarkdown() {
        assertThat(SWEEP.markdown()).contains("| `sync_ms` | measure | one sync, milliseconds |");
        assertThat(SWEEP.plus("sync-jmh", Column.count("fork", "JMH fork")).names())
                .containsExactly("variant", "entries", "sync_ms", "fork");
    }

    @Test
    void keysAndTimingsAreColumnsOfTheSchemaOfTheRightKindAndSurviveAnExtension() {
        ResultsSchema keyed = SWEEP.keyedBy(VARIANT, ENTRIES).comparing(SYNC_MS);
        assertThat(keyed.comparable()).isTrue();
        assertThat(SWEEP.comparable()).isFalse();
        assertThat(keyed.plus("sync-jmh", Column.count("fork", "JMH fork")).keys())
                .containsExactly(VARIANT, ENTRIES);
        assertThatThrownBy(() -> SWEEP.keyedBy(SYNC_MS)).hasMessageContaining("key 'sync_ms' is not a text or count");
        assertThatThrownBy(() -> SWEEP.comparing(ENTRIES)).hasMessageContaining("timing 'entries' is not a measure");
        assertThatThrownBy(() -> SWEEP.keyedBy(Column.text("other", "x"))).hasMessageContaining("key 'other'");
    }

    @Test
    void aRoundIsACountColumnOfTheSchemaAndSurvivesItsOtherDeclarations() {
        Column round = Column.count("round", "round of forks");
        ResultsSchema inRounds = ResultsSchema.of("s", "e", VARIANT, round, SYNC_MS)
                .inRounds(round)
                .keyedBy(VARIANT)
                .comparing(SYNC_MS);
        assertThat(inRounds.round()).isEqualTo(round);
        assertThat(inRounds.plus("f", ENTRIES).round()).isEqualTo(round);
        assertThatThrownBy(() -> SWEEP.inRounds(round))
                .hasMessage("wallet/sync-sweep: round 'round' is not a count column of it");
        assertThatThrownBy(() -> SWEEP.inRounds(VARIANT))
                .hasMessage("wallet/sync-sweep: round 'variant' is not a count column of it");
    }
}
