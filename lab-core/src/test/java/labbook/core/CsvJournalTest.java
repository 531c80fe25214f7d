package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing measured is lost: a planned run killed (SIGKILL) at random moments 20 times, and resumed each time, ends with
 * every step exactly once, no row damaged, and the header of an unbroken run. Also what a resume refuses.
 */
class CsvJournalTest {
    static final int STEPS = 400;
    static final int ROWS = 5;

    @TempDir
    Path dir;

    private Child start(boolean resume) {
        List<String> args = new ArrayList<>(List.of(dir.toString(), Integer.toString(STEPS), Integer.toString(ROWS)));
        if (resume) {
            args.add("resume");
        }
        return Child.start(
                Child.spec("journal steps", ForkedJava.command(List.of(), JournalStepsMain.class.getName(), args))
                        .limit(Duration.ofMinutes(5)));
    }

    @Test
    void killedTwentyTimesAndResumedEveryStepIsThereOnce() throws Exception {
        Random random = new Random(20261201);
        Path csv = dir.resolve("test/steps.csv");
        Path journal = CsvJournal.journalOf(csv);
        int kills = 0;
        boolean finished = false;
        while (!finished) {
            try (Child child = start(kills > 0)) {
                if (kills < 20) {
                    // kill while it writes: once its journal has grown past what the last run left, at a random
                    // moment within the next 200 ms (a step takes about 5 ms)
                    long before = size(journal);
                    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                    while (child.isAlive() && size(journal) <= before && System.nanoTime() < deadline) {
                        Thread.sleep(5);
                    }
                    Thread.sleep(random.nextInt(200));
                }
                if (kills < 20 && child.isAlive()) {
                    new ProcessBuilder("kill", "-KILL", Long.toString(child.pid()))
                            .start()
                            .waitFor();
                    child.waitFor(Duration.ofMinutes(1));
                    kills++;
                    assertThat(csv).doesNotExist();
                } else {
                    assertThat(child.waitFor()).as(child.stderrText()).isZero();
                    finished = true;
                }
            }
        }
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo(String.join(",", JournalStepsMain.SCHEMA.names()));
        Set<String> seen = new HashSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            assertThat(cells).hasSize(3);
            assertThat(cells[2]).isEqualTo("p".repeat(200) + cells[0] + "-" + cells[1]);
            assertThat(seen.add(cells[0] + "/" + cells[1]))
                    .as("row %s once", line)
                    .isTrue();
        }
        assertThat(seen).hasSize(STEPS * ROWS);
        assertThat(kills).isEqualTo(20);
        String runJson = Files.readString(dir.resolve("test/run.json"));
        assertThat(runJson).contains("\"resumes\"").contains("\"kept_rows\"");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException none) {
            return -1;
        }
    }

    @Test
    void aStepCutShortIsMeasuredAgainAndACutRowDropped() throws Exception {
        Path target = dir.resolve("test/steps.csv");
        Files.createDirectories(target.getParent());
        Path journal = CsvJournal.journalOf(target);
        String header = String.join(",", JournalStepsMain.SCHEMA.names());
        Files.writeString(journal, header + "\n0,0,a\n0,1,b\n1,0,c\n1,1,cut sho", StandardCharsets.UTF_8);
        List<Map<String, String>> kept = CsvJournal.readKept(journal, JournalStepsMain.SCHEMA);
        assertThat(kept).hasSize(3);
        assertThat(kept.get(2)).containsEntry("step", "1").containsEntry("payload", "c");
    }

    @Test
    void aJournalFromAnotherSchemaIsRefusedInOneLine() throws Exception {
        Path target = dir.resolve("test/steps.csv");
        Files.createDirectories(target.getParent());
        Path journal = CsvJournal.journalOf(target);
        Files.writeString(journal, "step,payload\n0,a\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CsvJournal.readKept(journal, JournalStepsMain.SCHEMA))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("its header is not steps.csv's")
                .hasMessageContaining("without --resume");
    }

    @Test
    void aResumeOntoAnotherCommitIsRefusedUnlessForced() throws Exception {
        Path target = dir.resolve("test/steps.csv");
        Map<String, Object> then = Map.of("host", "vm", "lab_commit", "aaaa111");
        Map<String, Object> now = Map.of("host", "vm", "lab_commit", "bbbb222");
        try (CsvJournal j = CsvJournal.open(
                target, JournalStepsMain.SCHEMA, false, false, new java.util.HashMap<>(then), () -> {})) {
            j.row(r -> r.set(JournalStepsMain.SCHEMA.columns().get(0), 0)
                    .set(JournalStepsMain.SCHEMA.columns().get(1), 0)
                    .set(JournalStepsMain.SCHEMA.columns().get(2), "x"));
            j.checkpoint();
            j.row(r -> r.set(JournalStepsMain.SCHEMA.columns().get(0), 1)
                    .set(JournalStepsMain.SCHEMA.columns().get(1), 0)
                    .set(JournalStepsMain.SCHEMA.columns().get(2), "a step cut short: measured again"));
        }
        assertThatThrownBy(() -> CsvJournal.open(target, JournalStepsMain.SCHEMA, true, false, now, () -> {}))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("written by commit aaaa111 on vm; this is commit bbbb222 on vm")
                .hasMessageContaining("--force");
        try (CsvJournal j = CsvJournal.open(target, JournalStepsMain.SCHEMA, true, true, now, () -> {})) {
            assertThat(j.kept()).hasSize(1);
            assertThat(j.resumed()).contains(new CsvJournal.Resumed(1, false, true));
        }
    }
}
