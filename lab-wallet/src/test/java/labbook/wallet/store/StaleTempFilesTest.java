package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import labbook.core.Child;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.crashtest.CrashWriter;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A killed writer's temp file is removed when the wallet is next opened; a live writer's never is. */
class StaleTempFilesTest {
    static final byte[] PW = "temp-files-test".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void openingRemovesStaleTempFilesOfThatWalletOnly() throws Exception {
        Path w = dir.resolve("x.kwl");
        KwlBackend.create(w, KwlFormat.KF5, PW, false).close();
        byte[] whole = Files.readAllBytes(w);
        Files.write(dir.resolve("x.kwlAb3dE9.new"), whole); // as a kill leaves it
        Files.write(dir.resolve("x.saltQ1w2E3.new"), new byte[56]);
        Files.write(dir.resolve("x.kwl.bak"), whole); // not a temp file of the save path
        Files.write(dir.resolve("x.kwlABC.new"), whole);
        Files.write(dir.resolve("y.kwlAb3dE9.new"), whole); // another wallet's

        KwlBackend b = KwlBackend.open(w, PW, false);

        assertThat(names()).containsExactly("x.kwl", "x.kwl.bak", "x.kwlABC.new", "x.salt", "y.kwlAb3dE9.new");
        b.put("f", Entry.password("k", "v"));
        assertThat(KwlBackend.open(w, PW, false).contents().readEntry("f", "k")).isPresent();
    }

    @Test
    void aTempFileStillBeingWrittenInThisJvmIsKept() throws Exception {
        Path w = dir.resolve("live.kwl");
        SaveFile.write(w, new byte[] {1}, false);
        try (SaveFile.Pending save = SaveFile.begin(w, false, false)) {
            save.ready(new byte[] {1, 2, 3, 4}, 0, 4);
            assertThat(SaveFile.removeStaleTemps(w)).isZero();
            assertThat(names()).hasSize(2).anyMatch(n -> n.matches("live\\.kwl[A-Za-z0-9]{6}\\.new"));
            save.commit();
        }
        assertThat(names()).containsExactly("live.kwl");
        assertThat(Files.readAllBytes(w)).containsExactly(1, 2, 3, 4);
    }

    @Test
    @SuppressWarnings("try") // the lock is held over the removal, which never names it
    void aLockedTempFileIsKeptAndAnUnlockedOneRemoved() throws Exception {
        Path w = dir.resolve("l.kwl");
        Path locked = dir.resolve("l.kwlLOCKED.new");
        Path stale = dir.resolve("l.kwlSTALE1.new");
        Files.write(locked, new byte[] {7});
        Files.write(stale, new byte[] {8});
        try (FileChannel ch = FileChannel.open(locked, StandardOpenOption.WRITE);
                FileLock ignored = ch.lock()) {
            assertThat(SaveFile.removeStaleTemps(w)).isEqualTo(1);
            assertThat(names()).containsExactly("l.kwlLOCKED.new");
        }
    }

    @Test
    void aLiveWriterInAnotherProcessNeverLosesItsTempFile() throws Exception {
        Path w = dir.resolve("busy.kwl");
        WalletContents start = new WalletContents();
        for (int i = 0; i < 3000; i++) {
            start.writeEntry(BenchmarkEntries.FOLDER, CrashWriter.entry(i));
        }
        KwlFile.create(w, start, KwlFormat.KDE4, PW, false);
        List<String> command = ForkedJava.command(
                List.of("-XX:TieredStopAtLevel=1", "-Xmx256m"), CrashWriter.class.getName(), List.of(w.toString()));
        try (Child p = Child.start(Child.spec("crash-test writer", command)
                .stdinPipe()
                .stdoutLines()
                .silence(Duration.ofMinutes(2)))) {
            try (OutputStream stdin = p.stdin()) {
                stdin.write("false\n".getBytes(StandardCharsets.UTF_8));
                stdin.write(PW);
                stdin.write('\n');
            }
            AtomicInteger acked = new AtomicInteger(-1);
            Thread reader = new Thread(() -> {
                try {
                    while (true) {
                        String line = p.nextLine();
                        if (!line.equals("BOOTED")) {
                            acked.set(Integer.parseInt(line.split(" ")[1]));
                        }
                    }
                } catch (LabException killed) {
                    // the test killed it, or it died: isAlive() says which
                }
            });
            reader.setDaemon(true);
            reader.start();
            long readyBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (acked.get() < 0 && p.isAlive() && System.nanoTime() < readyBy) {
                Thread.sleep(10);
            }
            assertThat(acked.get())
                    .as("the writer opened the wallet: %s", p.stderrText())
                    .isNotNegative();
            int seenLive = 0;
            for (int i = 0; i < 300 && p.isAlive(); i++) {
                try (Stream<Path> s = Files.list(dir)) {
                    seenLive += (int) s.filter(f -> f.getFileName().toString().endsWith(".new"))
                            .count();
                }
                SaveFile.removeStaleTemps(w);
                Thread.sleep(1);
            }
            int afterCleanups = acked.get();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (acked.get() <= afterCleanups + 2 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            // had a clean-up taken the temp file it was writing, its rename would have failed and it would have died
            assertThat(p.isAlive())
                    .as("the writer survived 300 clean-ups (its temp file seen %d times): %s", seenLive, p.stderrText())
                    .isTrue();
            assertThat(acked.get()).isGreaterThan(afterCleanups + 2);
        }
        // its last temp file (killed mid-sync) goes when the wallet is next opened
        KwlBackend.open(w, PW, false);
        assertThat(names()).allMatch(n -> !n.endsWith(".new"));
    }
}
