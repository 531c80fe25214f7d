package labbook.wallet.experiments.syncsweep;

import static labbook.wallet.WalletResults.CIPHER_BYTES;
import static labbook.wallet.WalletResults.CIPHER_CPU_MS;
import static labbook.wallet.WalletResults.CIPHER_MS;
import static labbook.wallet.WalletResults.ENTRIES;
import static labbook.wallet.WalletResults.FILE_BYTES;
import static labbook.wallet.WalletResults.REPEAT;
import static labbook.wallet.WalletResults.SYNC_CPU_MS;
import static labbook.wallet.WalletResults.SYNC_MS;
import static labbook.wallet.WalletResults.VARIANT;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import labbook.core.CsvResults;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.wallet.WalletResults;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.experiments.UnsignedJars;
import labbook.wallet.peer.Kwallet5;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * <b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") asked whether
 * saving the wallet at every change is affordable: it timed {@code Backend::sync()} while one
 * folder grew from 0 to 100,000 entries "in steps of 100" (random 20-byte keys, 50-byte values,
 * type Password), and found that "most of the time reported should be used encrypting the data",
 * so "big overhead for syncing the wallet seems to be a myth". Its figures (Release and DebugFull
 * builds at 1 / 100 / 1000 / 5000 / 10000 entries) are {@link WalletSeeds}, printed beside ours.
 *
 * <p><b>Baseline.</b> {@code kde4}: the 2009 backend on this lab's real .kwl implementation
 * (legacy key, little-endian-word Blowfish "ECB", KSaveFile: temp file, 0600, rename, no fsync).
 * Beside each sync, in the same run, the cipher alone on the same number of bytes
 * ({@code cipher_ms}, the very same {@code BlowfishCodec}, before or after the sync by turns): the
 * seed's claim that encryption is most of a sync becomes the ratio {@code sync_ms / cipher_ms},
 * printed at 10,000 entries.
 *
 * <p><b>The real code.</b> {@code kwallet5}: the same loop on KDE's real backend, the very
 * {@code Backend::sync()} the seed timed, as Debian 12 ships it (libkwalletbackend5, KF5 5.103;
 * {@link labbook.wallet.peer.Kwallet5}), with QSaveFile's fdatasync skipped as KSaveFile did
 * not sync. It runs in the same loop as the in-JVM variants, step by step (each repeat times every
 * variant once, the order rotating), so each ratio between the lab's Java and the real backend is
 * measured moments apart in one run; the run prints kde4 / kwallet5 per size with its spread (the
 * speed goal: at most 0.4 at 10,000 entries). Its cipher-alone columns are empty. Without the
 * backend's Debian packages one line names them and the variant is skipped (an error when
 * {@code --variants} names it); run.json records the backend's package version.
 *
 * <p><b>The lab's alternatives.</b> {@code kf5} (PBKDF2 key, standard Blowfish CBC,
 * little-endian-word SHA-1), {@code kf5-fdatasync} (as today's QSaveFile ships), {@code aead}
 * (AES-256-GCM, Argon2id key, same save path). And two analogues of the seed's DebugFull build
 * (same algorithm, unoptimised code), each kde4 in a forked JVM: {@code kde4-c1}
 * ({@code -XX:TieredStopAtLevel=1}: compiled by C1 alone, no C2) and {@code kde4-xint}
 * ({@code -Xint}: interpreted); the run prints which of them comes nearer the seed's
 * DebugFull / Release ratio at 10,000 entries.
 *
 * <p><b>How to run.</b> {@code ./labbook wallet sync-sweep --quick}, or
 * {@code mvn -q -pl lab-wallet exec:java -Dexec.args="sync-sweep --quick"}; {@code --variants kde4,kf5}
 * picks variants. {@code --full} is the seed's whole loop, 0..100,000 in steps of 100 (-Xint in
 * steps of 1,000), {@value #REPEATS} repeats at the seed's sizes and at 100,000
 * ({@value #XINT_REPEATS} under -Xint; C1 as the in-JVM variants). {@code --quick} grows to
 * 10,000 in steps of {@value #QUICK_STEP} with {@value #QUICK_REPEATS} repeats at the seed's sizes;
 * under C1 it times only the seed's sizes ({@value #QUICK_REPEATS} repeats), under -Xint only 1,
 * 100, 1000 and 10,000 entries, {@value #XINT_REPEATS} repeats each, without the cipher alone. kwallet5 follows the in-JVM plan.
 * In-JVM and C1 variants are warmed up first ({@value #WARMUP_SYNCS} syncs of a 2,000-entry wallet),
 * since the seed's Release build was compiled ahead of time. The wallets live in a scratch folder
 * beside the results (same disk), removed afterwards. One row per timed sync:
 * {@link WalletResults#SYNC_SWEEP}.
 *
 * <p><b>How a sync spends its time</b> (10,000 entries, KDE4, measured on the lab machine): before
 * this lab's sync was pipelined, Blowfish 6.96 ms, MD5 of the 10,000 keys 1.07, temp file + write
 * + rename 1.67 (of which about 0.7-0.9 ms was the kernel freeing the replaced version inside the
 * rename), SHA-1 0.52, serialising 0.45. Now each key's MD5 is kept with its entry (real KWallet
 * recomputes them), the payload is serialised straight into the file buffer and encrypted there
 * piece by piece, SHA-1 and the write of each finished piece run on the writer thread, and the
 * replaced version is held open across the rename so the kernel frees it after the sync returns.
 * {@code sync_cpu_ms} and {@code cipher_cpu_ms} are the measuring thread's CPU time: from 256 KB on
 * the writer thread's share is not in them (overlapped, not gone).
 */
@Command(name = "sync-sweep", mixinStandardHelpOptions = true,
        description = "The seed's loop: time one whole wallet sync per 100 entries added, per variant, beside the cipher alone.")
public final class SyncSweepExperiment implements Callable<Integer> {
    static final int REPEATS = 25;
    static final int QUICK_REPEATS = 11;
    static final int QUICK_STEP = 200;
    static final int XINT_REPEATS = 3;
    static final int WARMUP_SYNCS = 30;

    @Mixin
    LabOptions lab;

    @Option(names = "--variants", split = ",", paramLabel = "V",
            description = "Variants to run (default: all; kwallet5 only where its packages are installed): "
                    + "kde4, kf5, kf5-fdatasync, aead, kwallet5, kde4-c1, kde4-xint.")
    List<String> variants;

    @Override
    public Integer call() {
        Set<SweepVariant> chosen = new LinkedHashSet<>();
        if (variants == null || variants.isEmpty()) {
            chosen.addAll(List.of(SweepVariant.values()));
        } else {
            for (String v : variants) {
                try {
                    chosen.add(SweepVariant.of(v));
                } catch (IllegalArgumentException e) {
                    throw LabException.badValue("--variants", v, "one of " + SweepVariant.labels());
                }
            }
        }
        boolean kwallet5Asked = variants != null && chosen.contains(SweepVariant.KWALLET5);
        try (LabRun run = LabRun.start(lab, WalletResults.STUDY, "sync-sweep", variants == null ? new String[0]
                : new String[] {"--variants", String.join(",", variants)})) {
            run(run, new ArrayList<>(chosen), v -> plan(run.mode(), v), kwallet5Asked, System.out);
        }
        return 0;
    }

    /**
     * The mode's plan for {@code variant}: the in-JVM plan (kwallet5 shares it: they run in one
     * loop), or the forked C1 or -Xint one.
     */
    public static SweepLoop.Plan plan(Mode mode, SweepVariant variant) {
        TreeSet<Integer> checkpoints = new TreeSet<>(WalletSeeds.load().checkpoints());
        int max = mode == Mode.FULL ? 100_000 : 10_000;
        boolean interpreted = variant == SweepVariant.KDE4_XINT;
        boolean c1 = variant == SweepVariant.KDE4_C1;
        if (interpreted && mode == Mode.QUICK) {
            // an interpreted sync of 5,000 entries costs seconds: quick mode keeps 1, 100, 1000 and the end
            checkpoints.removeIf(c -> c > 1000);
        }
        checkpoints.add(max);
        int step;
        if (interpreted) {
            step = mode == Mode.FULL ? 1000 : max;
        } else if (c1 && mode == Mode.QUICK) {
            step = max; // the seed's sizes only
        } else {
            step = mode == Mode.FULL ? 100 : QUICK_STEP;
        }
        int repeats = interpreted ? XINT_REPEATS : mode == Mode.FULL ? REPEATS : QUICK_REPEATS;
        // quick mode's interpreted loop skips the cipher alone (a third of its time; no analysis reads it)
        return new SweepLoop.Plan(max, step, checkpoints, repeats, interpreted ? 0 : WARMUP_SYNCS, !(interpreted && mode == Mode.QUICK));
    }

    /** The experiment with every variant in the run's mode (kwallet5 when installed): the CSV and the printed table. */
    public static List<SweepLoop.Row> run(LabRun run, PrintStream out) {
        return run(run, List.of(SweepVariant.values()), v -> plan(run.mode(), v), false, out);
    }

    /**
     * {@code variants}, each with its plan from {@code plans} (the in-JVM variants and kwallet5 run in one
     * loop, on the plan of the first of them). kwallet5 is skipped, with one line on stderr naming the
     * missing packages, when the backend is not available here, unless {@code kwallet5Required}.
     */
    public static List<SweepLoop.Row> run(LabRun run, List<SweepVariant> variants, Function<SweepVariant, SweepLoop.Plan> plans,
                                          boolean kwallet5Required, PrintStream out) {
        List<SweepVariant> chosen = new ArrayList<>(variants);
        if (chosen.contains(SweepVariant.KWALLET5)) {
            Optional<String> why = Kwallet5.unavailableReason();
            if (why.isPresent()) {
                if (kwallet5Required) {
                    throw new LabException("sync-sweep: variant kwallet5: " + why.get());
                }
                System.err.println("sync-sweep: variant kwallet5 skipped: " + why.get());
                chosen.remove(SweepVariant.KWALLET5);
            } else {
                run.peer(Kwallet5.BACKEND_PACKAGE, Kwallet5.version());
            }
        }
        List<SweepVariant> together = chosen.stream().filter(v -> !v.forked()).toList();
        List<SweepLoop.Row> rows = new ArrayList<>();
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-sweep");
             CsvResults csv = run.csv(WalletResults.SYNC_SWEEP)) {
            List<List<SweepLoop.Row>> parts = new ArrayList<>();
            if (!together.isEmpty()) {
                parts.add(SweepLoop.run(together, plans.apply(together.get(0)), scratch.dir()));
            }
            for (SweepVariant v : chosen) {
                if (v.forked()) {
                    parts.add(forked(v, plans.apply(v), scratch.dir()));
                }
            }
            for (List<SweepLoop.Row> got : parts) {
                for (SweepLoop.Row r : got) {
                    csv.row(x -> x.set(VARIANT, r.variant()).set(ENTRIES, r.entries()).set(REPEAT, r.repeat())
                            .set(FILE_BYTES, r.fileBytes()).set(SYNC_MS, r.syncMs()).set(CIPHER_MS, r.cipherMs())
                            .set(CIPHER_BYTES, r.hasCipher() ? r.cipherBytes() : null).set(SYNC_CPU_MS, r.syncCpuMs())
                            .set(CIPHER_CPU_MS, r.cipherCpuMs()));
                }
                rows.addAll(got);
            }
            csv.commit();
        }
        SyncSweepPrintout.print(rows, WalletSeeds.load(), out);
        return rows;
    }

    /** The worker's progress bar prints while it works; a worker silent this long (one interpreted sync takes seconds) is hung. */
    static final Duration WORKER_SILENCE = Duration.ofMinutes(10);

    private static List<SweepLoop.Row> forked(SweepVariant v, SweepLoop.Plan plan, Path scratch) {
        Path out = scratch.resolve(v.label() + ".rows");
        // an interpreted JVM would spend seconds verifying BouncyCastle's jar signature: it runs on unsigned copies
        ForkedJava.run(SweepWorker.NAME + " (" + v.label() + ")", UnsignedJars.command(List.of(v.jvmFlag(), "-Xmx512m"),
                SweepWorker.class.getName(), List.of(v.label(), plan.encode(), scratch.toString(), out.toString()), scratch), WORKER_SILENCE);
        try {
            return Files.readAllLines(out).stream().filter(l -> !l.isBlank()).map(SweepLoop.Row::parse).collect(Collectors.toList());
        } catch (IOException e) {
            throw LabException.cannot("read the forked sweep's rows", out, e);
        }
    }
}
