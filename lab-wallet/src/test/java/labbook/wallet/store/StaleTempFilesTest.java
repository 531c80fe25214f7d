package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import labbook.core.ForkedJava;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.CrashWriter;
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
    void aLockedTempFileIsKeptAndAnUnlockedOneRemoved() throws Exception {
        Path w = dir.resolve("l.kwl");
        Path locked = dir.resolve("l.kwlLOCKED.new");
        Path stale = dir.resolve("l.kwlSTALE1.new");
        Files.write(locked, new byte[] {7});
        Files.write(stale, new byte[] {8});
        try (FileChannel ch = FileChannel.open(locked, StandardOpenOption.WRITE); FileLock ignored = ch.lock()) {
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
        Process p = new ProcessBuilder(ForkedJava.command(List.of("-XX:TieredStopAtLevel=1", "-Xmx256m"),
                CrashWriter.class.getName(), List.of(w.toString()))).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write("false\n".getBytes(StandardCharsets.UTF_8));
                stdin.write(PW);
                stdin.write('\n');
            }
            AtomicInteger acked = new AtomicInteger(-1);
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = out.readLine()) != null; ) {
                        if (!line.equals("BOOTED")) {
                            acked.set(Integer.parseInt(line.split(" ")[1]));
                        }
                    }
                } catch (Exception ignored) {
                    // killed
                }
            });
            reader.start();
            while (acked.get() < 0 && p.isAlive()) {
                Thread.sleep(10);
            }
            int seenLive = 0;
            for (int i = 0; i < 300 && p.isAlive(); i++) {
                try (Stream<Path> s = Files.list(dir)) {
                    seenLive += (int) s.filter(f -> f.getFileName().toString().endsWith(".new")).count();
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
            assertThat(p.isAlive()).as("the writer survived 300 clean-ups (its temp file seen %d times)", seenLive).isTrue();
            assertThat(acked.get()).isGreaterThan(afterCleanups + 2);
        } finally {
            p.toHandle().destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        // its last temp file (killed mid-sync) goes when the wallet is next opened
        KwlBackend.open(w, PW, false);
        assertThat(names()).allMatch(n -> !n.endsWith(".new"));
    }
}
