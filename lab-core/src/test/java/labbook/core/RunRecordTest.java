package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json read through its record: an older file, with fields the record does not know and without some it does. */
class RunRecordTest {
    @TempDir
    Path dir;

    @Test
    void anOlderRunJsonWithFieldsUnknownAndMissingIsRead() throws Exception {
        Path file = Path.of(
                RunRecordTest.class.getResource("run-json/previous.json").toURI());
        RunRecord record = RunRecord.read(file).orElseThrow();
        assertThat(record.study()).isEqualTo("pinstudy");
        assertThat(record.cores()).isEqualTo(2);
        assertThat(record.memoryBytes()).isEqualTo(25_276_194_816L);
        // written before rerun lines and options were kept, and before resumes
        assertThat(record.rerun()).isNull();
        assertThat(record.options()).isNull();
        assertThat(record.resumes()).isNull();
        assertThat(record.outcomesOrNone().get("kept"))
                .isEqualTo(new RunRecord.Outcome("done", 12.5, null, null, null, null, null));
        assertThat(record.outcomesOrNone().get("broken").failure()).isEqualTo("broken: no such file");
        // each experiment's record as it was read; an older one's options come from its rerun line
        assertThat(record.experimentsOrNone()).containsOnlyKeys("old-one", "odd", "steps");
        assertThat(record.experimentsOrNone().get("odd").asInt()).isEqualTo(5);
        assertThat(record.experimentsOrNone()
                        .get("old-one")
                        .path("notes")
                        .path("kept")
                        .toString())
                .isEqualTo("[1,2.5,\"three\"]");
        assertThat(RunRecord.of(record.experimentsOrNone().get("old-one")).flatMap(RunOptions::ofRecord))
                .contains(new RunOptions(Mode.FULL, Map.of("--tree", "/t")));
        assertThat(RunRecord.of(record.experimentsOrNone().get("odd"))).isEmpty();
        RunRecord.History history = record.historyOrNone();
        assertThat(history.host()).isEqualTo("@HOST@");
        assertThat(history.seconds(Mode.FULL)).containsExactly(entry("steps", 100.5), entry("gone", 7.0));
        assertThat(history.seconds(Mode.QUICK)).isEmpty();
        assertThat(history.scaled(Mode.QUICK)).containsExactly(entry("steps", 10.1), entry("gone", 1.0));
        assertThat(history.units(Mode.FULL)).containsExactly(entry("steps", 100.0), entry("gone", 3.0));
        assertThat(history.clock(Mode.QUICK)).containsExactly(entry("table", 3.0), entry("gone", 1.5));
    }

    @Test
    void aRunJsonThatIsNoObjectIsNoRecordAndOneWithoutAHistoryHasAnEmptyOne() throws Exception {
        Path file = dir.resolve("run.json");
        Files.writeString(file, "[{\"study\": \"vfs\"}]");
        assertThat(RunRecord.read(file)).isEmpty();
        assertThat(RunRecord.historyIn(file).host()).isEmpty();
        Files.writeString(
                file, "{\"study\": \"vfs\", \"history\": {\"quick\": {\"git-diff\": \"soon\", \"stat-walk\": 2}}}");
        assertThat(RunRecord.historyIn(file).host()).isEmpty();
        assertThat(RunRecord.historyIn(file).seconds(Mode.QUICK)).containsExactly(entry("stat-walk", 2.0));
    }
}
