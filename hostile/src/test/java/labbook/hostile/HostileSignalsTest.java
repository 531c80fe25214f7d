package labbook.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import labbook.core.Repo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SIGTERM and SIGINT (Ctrl-C) in the middle of decrypt, import and a sync sweep, through the launcher: the process
 * ends, leaves no partial file (no unchecked plaintext), and every file that was there before is as it was. The one
 * thing a long experiment leaves is its journal, the steps it measured, which {@code --resume} goes on from.
 */
class HostileSignalsTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void launcher() {
        Assumptions.assumeTrue(Files.isExecutable(Repo.root().resolve("labbook")), "no ./labbook launcher");
    }

    /** The sandbox before the command started and after it ended. */
    private record Signalled(Snapshot before, Snapshot after) {
        boolean replaced(String entry) {
            return !before.entries().get(entry).equals(after.entries().get(entry));
        }
    }

    /** Starts the command, waits until {@code started} holds, signals it, and checks what it left. */
    private void interrupt(Sandbox s, String study, List<String> args, String signal, BooleanSupplier started)
            throws Exception {
        interrupt(s, study, args, signal, started, Set.of(), Set.of());
    }

    /**
     * As above; {@code mayStay} names what may be left behind, {@code mayBeReplaced} what may have been replaced whole
     * (a save that committed before the signal came), which the caller then checks (both relative to the sandbox).
     */
    private Signalled interrupt(
            Sandbox s,
            String study,
            List<String> args,
            String signal,
            BooleanSupplier started,
            Set<String> mayStay,
            Set<String> mayBeReplaced)
            throws Exception {
        Snapshot before = Snapshot.of(s.root());
        Process p = Launcher.command(tmp.resolve("io-" + signal), study, args).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!started.getAsBoolean() && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        boolean running = p.isAlive();
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        boolean ended = p.waitFor(300, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        Outcome got = Launcher.outcome(tmp.resolve("io-" + signal), ended ? p.exitValue() : -1);
        Snapshot after = Snapshot.of(s.root());
        assertThat(running).as("still running when signalled; %s", got).isTrue();
        assertThat(ended).as("ended within 30 s of SIG%s; %s", signal, got).isTrue();
        assertThat(got.exit())
                .as("a signalled command does not report success; %s", got)
                .isNotZero();
        for (var e : before.entries().entrySet()) {
            if (mayBeReplaced.contains(e.getKey())) {
                continue;
            }
            assertThat(after.entries().get(e.getKey()))
                    .as("%s after SIG%s; %s", e.getKey(), signal, got)
                    .isEqualTo(e.getValue());
        }
        Set<String> left = new TreeSet<>(after.entries().keySet());
        left.removeAll(before.entries().keySet());
        assertThat(left).as("left behind after SIG%s; %s", signal, got).isSubsetOf(mayStay);
        return new Signalled(before, after);
    }

    private static boolean any(Path dir, String suffix) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(suffix));
        } catch (IOException e) {
            return false;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void decrypt(String signal) throws Exception {
        Sandbox s = new Sandbox(tmp.resolve("decrypt"));
        String text = "No plaintext stays on disk after a signal.\n".repeat(1_500_000); // 66 MB
        s.write("big.txt", text);
        String pass = s.secretFile("secret-pass", HostileFilecryptTest.PASSPHRASE);
        Outcome enc = Tool.FILECRYPT.run(
                "encrypt", "--passphrase-file", pass, "--s2k-count", "1024", "-z", "1", s.p("big.txt"), s.p("big.gpg"));
        assertThat(enc.exit()).as("%s", enc).isZero();
        Files.delete(s.path("big.txt"));
        interrupt(
                s,
                "filecrypt",
                List.of("decrypt", "--passphrase-file", pass, s.p("big.gpg"), s.p("out.txt")),
                signal,
                () -> any(s.root(), ".partial"));
    }

    /**
     * Entries in the import that is signalled while it saves: enough that its save (the .partial's life) is long beside
     * the 5 ms poll and the {@code kill} it starts. With 300,000, a fast CPU sometimes ended the save before the
     * signal.
     */
    private static final int IMPORTED = 1_000_000;

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void importOverAnExistingWallet(String signal) throws Exception {
        Sandbox s = new Sandbox(tmp.resolve("import"));
        String pw = s.secretFile("secret-pw", "an old and a new wallet");
        s.write("big.json", HostileWalletTest.passwordsJson(IMPORTED, i -> "k" + i, i -> "v" + i));
        HostileWalletTest.importOldWallet(s, pw, s.p("w.kwl"));
        Signalled signalled = interrupt(
                s,
                "wallet",
                HostileWalletTest.importKf5(pw, s.p("big.json"), s.p("w.kwl"), "--force"),
                signal,
                () -> any(s.root(), ".new") || any(s.root(), ".partial"),
                Set.of(),
                Set.of("w.kwl", "w.salt"));
        // the signal comes as the save starts; on a fast machine the rename may already be done: then the new wallet
        // is there whole, never a part of it
        if (signalled.replaced("w.kwl")) {
            Outcome dump = Tool.WALLET.run("dump", "--password-file", pw, s.p("w.kwl"));
            assertThat(dump.exit()).as("the replaced w.kwl opens; %s", dump).isZero();
            assertThat(dump.out())
                    .as("the replaced w.kwl holds the whole import")
                    .contains("\"k" + (IMPORTED - 1) + "\"");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void syncSweep(String signal) throws Exception {
        Sandbox s = new Sandbox(tmp.resolve("sweep"));
        s.write("results/wallet/sync-sweep.csv", "an earlier run's rows\n");
        interrupt(
                s,
                "wallet",
                List.of("sync-sweep", "--quick", "--out", s.p("results")),
                signal,
                () -> any(s.path("results/wallet"), ".journal"),
                Set.of("results/wallet/.sync-sweep.csv.journal", "results/wallet/.sync-sweep.csv.journal.json"),
                Set.of());
    }
}
