package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvResultsTest {
    @TempDir
    Path root;

    @Test
    void committedCsvHasHeaderAndOneRowPerMeasurement() throws Exception {
        try (CsvResults csv = CsvResults.open(root, "wallet", "sync-sweep", List.of("variant", "entries", "sync_ms"))) {
            csv.row("kde4", 100, 5.25).row("kde4", 200, 6.0).row("kf5", 100, null);
            csv.commit();
        }
        assertThat(Files.readAllLines(root.resolve("wallet/sync-sweep.csv")))
                .containsExactly("variant,entries,sync_ms", "kde4,100,5.25", "kde4,200,6", "kf5,100,");
        try (Stream<Path> files = Files.list(root.resolve("wallet"))) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void closingWithoutCommitKeepsThePreviousCsv() throws Exception {
        try (CsvResults csv = CsvResults.open(root, "s", "e", List.of("a"))) {
            csv.row(1);
            csv.commit();
        }
        try (CsvResults csv = CsvResults.open(root, "s", "e", List.of("a"))) {
            csv.row(2);
            // an experiment that fails midway never commits
        }
        assertThat(Files.readAllLines(root.resolve("s/e.csv"))).containsExactly("a", "1");
        try (Stream<Path> files = Files.list(root.resolve("s"))) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void rowOfTheWrongWidthIsRefused() {
        try (CsvResults csv = CsvResults.open(root, "s", "e", List.of("a", "b"))) {
            assertThatThrownBy(() -> csv.row(1)).hasMessageContaining("1 values for 2 columns");
        }
    }

    @Test
    void writerKilledMidwayLeavesNoPartialCsv() throws Exception {
        Path previous = root.resolve("study/experiment.csv");
        Files.createDirectories(previous.getParent());
        Files.writeString(previous, "i,value_ms\n0,0\n");

        Process writer = new ProcessBuilder(
                        ForkedJava.command(List.of(), SlowWriterMain.class.getName(), List.of(root.toString())))
                .redirectErrorStream(true)
                .start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(writer.getInputStream(), Charset.defaultCharset()))) {
            assertThat(out.readLine()).isEqualTo("writing");
        }
        writer.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
        assertThat(writer.waitFor(300, TimeUnit.SECONDS)).isTrue();

        assertThat(Files.readString(previous)).isEqualTo("i,value_ms\n0,0\n");
        // the killed run's temporary file is cleared by the next writer of the same experiment
        try (CsvResults next = CsvResults.open(root, "study", "experiment", List.of("i", "value_ms"))) {
            next.row(7, 1.5);
            next.commit();
        }
        assertThat(Files.readAllLines(previous)).containsExactly("i,value_ms", "7,1.5");
        try (var files = Files.list(previous.getParent())) {
            assertThat(files).containsExactly(previous);
        }
    }
}
