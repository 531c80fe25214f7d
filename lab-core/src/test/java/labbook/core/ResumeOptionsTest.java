package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One root, one answer: {@code --resume} goes on only from results that the same mode and options made. Otherwise it
 * refuses in one line naming the difference and changes nothing, unless {@code --force} starts that experiment over.
 */
class ResumeOptionsTest {
    static final Column VARIANT = Column.text("variant", "the variant");
    static final Column SYNC_MS = Column.measure("sync_ms", "one sync, ms");
    static final ResultsSchema SWEEP = ResultsSchema.of("wallet", "sync-sweep", VARIANT, SYNC_MS);

    @TempDir
    Path root;

    private Path csv() {
        return root.resolve("wallet/sync-sweep.csv");
    }

    private Path runJson() {
        return root.resolve("wallet/run.json");
    }

    private LabOptions options(Mode mode, boolean resume, boolean force) {
        LabOptions lab = LabOptions.of(root, mode);
        lab.resume = resume;
        lab.force = force;
        return lab;
    }

    /** What a finished quick {@code wallet all} leaves: sync-sweep.csv of every variant, and run.json naming it. */
    private void finishedQuickAll() {
        try (LabRun run = LabRun.start(options(Mode.QUICK, false, false), "wallet", "all");
                CsvResults out = run.csv(SWEEP)) {
            for (String v : List.of("kde4", "kf5", "aead")) {
                out.row(r -> r.set(VARIANT, v).set(SYNC_MS, 1.5));
            }
            out.commit();
        }
    }

    /** What a killed {@code sync-sweep} with {@code args} leaves: a journal of one finished step. */
    private void killedSweep(String... args) {
        try (LabRun run = LabRun.start(options(Mode.QUICK, false, false), "wallet", "sync-sweep", args);
                CsvJournal journal = run.journal(SWEEP)) {
            journal.row(r -> r.set(VARIANT, "kde4").set(SYNC_MS, 2.5));
            journal.checkpoint();
        }
    }

    @Test
    void aResumeWithOtherVariantsRefusesInOneLineAndChangesNothing() throws Exception {
        finishedQuickAll();
        byte[] csvBefore = Files.readAllBytes(csv());
        byte[] runJsonBefore = Files.readAllBytes(runJson());

        assertThatThrownBy(() ->
                        LabRun.start(options(Mode.QUICK, true, false), "wallet", "sync-sweep", "--variants", "kde4"))
                .isInstanceOf(LabException.class)
                .hasMessage("--resume: " + csv() + " was made with --variants (default), not --variants kde4; use"
                        + " --force to start sync-sweep over");
        assertThat(Files.readAllBytes(csv())).isEqualTo(csvBefore);
        assertThat(Files.readAllBytes(runJson())).isEqualTo(runJsonBefore);
        try (var files = Files.list(root.resolve("wallet"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("sync-sweep.csv", "run.json");
        }
    }

    @Test
    void aResumeWithTheSameOptionsGoesOn() {
        finishedQuickAll();
        // all gives sync-sweep none of its own options: the same as sync-sweep without any
        try (LabRun run = LabRun.start(options(Mode.QUICK, true, false), "wallet", "sync-sweep")) {
            assertThat(run.resuming()).isTrue();
        }
        try (LabRun run = LabRun.start(options(Mode.QUICK, true, false), "wallet", "all")) {
            assertThat(run.resuming()).isTrue();
        }
    }

    @Test
    void aResumeInTheOtherModeRefuses() {
        finishedQuickAll();
        assertThatThrownBy(() -> LabRun.start(options(Mode.FULL, true, false), "wallet", "all"))
                .isInstanceOf(LabException.class)
                .hasMessage("--resume: " + csv() + " was made with --quick, not --full; use --force to start"
                        + " sync-sweep over");
        // the main job checks every study before it starts any
        assertThatThrownBy(() -> LabRun.checkResume(root, Mode.FULL, "wallet", "all"))
                .hasMessageContaining("was made with --quick, not --full");
        LabRun.checkResume(root, Mode.QUICK, "wallet", "all");
    }

    @Test
    void aKilledRunsJournalIsContinuedOnlyWithItsOwnOptions() throws Exception {
        killedSweep("--variants", "kde4");
        Path journal = CsvJournal.journalOf(csv());
        byte[] journalBefore = Files.readAllBytes(journal);

        assertThatThrownBy(() -> LabRun.start(options(Mode.QUICK, true, false), "wallet", "sync-sweep"))
                .isInstanceOf(LabException.class)
                .hasMessage("--resume: " + journal + " was made with --variants kde4, not --variants (default); use"
                        + " --force to start sync-sweep over");
        // all, which would go on from it too, refuses when it opens the journal (its start compares another
        // command's results by mode alone)
        try (LabRun all = LabRun.start(options(Mode.QUICK, true, false), "wallet", "all")) {
            assertThatThrownBy(() -> all.journal(SWEEP))
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining("was made with --variants kde4, not --variants (default)");
        }
        assertThat(Files.readAllBytes(journal)).isEqualTo(journalBefore);

        try (LabRun run = LabRun.start(options(Mode.QUICK, true, false), "wallet", "sync-sweep", "--variants", "kde4");
                CsvJournal continued = run.journal(SWEEP)) {
            assertThat(continued.kept()).hasSize(1);
        }
    }

    @Test
    void anAllRunComparesTheModeOfWhatItsExperimentsOwnCommandsMade() {
        // a study whose all runs each experiment as its own command, with options of its own (lab-filecrypt's)
        ResultsSchema levels = ResultsSchema.of("filecrypt", "level-sweep", VARIANT, SYNC_MS);
        try (LabRun run = LabRun.start(
                        options(Mode.FULL, false, false), "filecrypt", "level-sweep", "--enwik8", "/data/enwik8");
                CsvResults out = run.csv(levels)) {
            out.row(r -> r.set(VARIANT, "gpg").set(SYNC_MS, 1.0));
            out.commit();
        }
        try (LabRun run = LabRun.start(options(Mode.FULL, true, false), "filecrypt", "all")) {
            assertThat(run.resuming()).isTrue();
        }
        assertThatThrownBy(() -> LabRun.start(options(Mode.QUICK, true, false), "filecrypt", "all"))
                .hasMessageContaining("level-sweep.csv was made with --full, not --quick");
    }

    @Test
    void forceStartsThatExperimentOver() {
        killedSweep("--variants", "kde4");
        try (LabRun run = LabRun.start(options(Mode.QUICK, true, true), "wallet", "sync-sweep");
                CsvJournal afresh = run.journal(SWEEP)) {
            assertThat(afresh.kept()).isEmpty();
            assertThat(afresh.resumed()).isEmpty();
        }
    }

    @Test
    void aRunJsonWrittenBeforeOptionsWereKeptIsReadFromItsRerunLine() throws Exception {
        Files.createDirectories(csv().getParent());
        Files.writeString(csv(), "variant,sync_ms\nkde4,1.5\n");
        Files.writeString(
                runJson(),
                "{\"experiments\": {\"sync-sweep\": {\"mode\": \"quick\", \"command_line\": \"wallet all --quick\","
                        + " \"rerun\": \"./labbook wallet all --quick\"}}}");
        assertThatThrownBy(() -> LabRun.start(
                        options(Mode.QUICK, true, false), "wallet", "sync-sweep", "--variants", "kde4,kf5"))
                .hasMessageContaining("was made with --variants (default), not --variants kde4,kf5");
    }

    @Test
    void runJsonKeepsEachExperimentsOptions() throws Exception {
        try (LabRun run = LabRun.start(
                        options(Mode.QUICK, false, false), "wallet", "sync-sweep", "--variants", "kde4", "--quick");
                CsvResults out = run.csv(SWEEP)) {
            out.row(r -> r.set(VARIANT, "kde4").set(SYNC_MS, 1.0));
            out.commit();
        }
        var record = RunRecord.read(runJson()).orElseThrow().experimentsOrNone().get("sync-sweep");
        assertThat(RunRecord.of(record).flatMap(RunOptions::ofRecord))
                .contains(new RunOptions(Mode.QUICK, Map.of("--variants", "kde4")));
    }

    @Test
    void optionsAreReadAsPairsAndFlags() {
        assertThat(RunOptions.of(Mode.QUICK, List.of("--fdatasync", "--variants", "kde4,kf5", "--dry"))
                        .given())
                .containsExactly(
                        Map.entry("--fdatasync", ""), Map.entry("--variants", "kde4,kf5"), Map.entry("--dry", ""));
        assertThat(RunOptions.of(Mode.QUICK, List.of("--repeats", "3"))
                        .differenceFrom(RunOptions.of(Mode.QUICK, List.of("--tree", "/t"))))
                .contains("made with --tree /t and --repeats (default), not --tree (default) and --repeats 3");
    }
}
