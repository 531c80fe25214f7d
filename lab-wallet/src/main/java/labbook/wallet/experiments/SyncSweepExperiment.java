package labbook.wallet.experiments;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Summary;
import labbook.wallet.WalletResults;
import labbook.wallet.kwallet5.Kwallet5;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * <b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") asked whether
 * saving the wallet at every change is affordable: it timed {@code Backend::sync()} while one
 * folder grew from 0 to 100,000 entries "in steps of 100" (random 20-byte keys, 50-byte values,
 * type Password), and found that "most of the time reported should be used encrypting the data",
 * so "big overhead for syncing the wallet seems to be a myth". Its figures (Release and DebugFull
 * builds at 1 / 100 / 1000 / 5000 / 10000 entries) are {@link SeedSync}, printed beside ours.
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
 * {@link labbook.wallet.kwallet5.Kwallet5}), with QSaveFile's fdatasync skipped as KSaveFile did
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
        TreeSet<Integer> checkpoints = new TreeSet<>(SeedSync.load().checkpoints());
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
        print(rows, SeedSync.load(), out);
        return rows;
    }

    private static List<SweepLoop.Row> forked(SweepVariant v, SweepLoop.Plan plan, Path scratch) {
        Path out = scratch.resolve(v.label() + ".rows");
        // an interpreted JVM would spend seconds verifying BouncyCastle's jar signature: it runs on unsigned copies
        UnsignedJars.runInherited(List.of(v.jvmFlag(), "-Xmx512m"), SweepWorker.class.getName(),
                List.of(v.label(), plan.encode(), scratch.toString(), out.toString()), scratch);
        try {
            return Files.readAllLines(out).stream().filter(l -> !l.isBlank()).map(SweepLoop.Row::parse).collect(Collectors.toList());
        } catch (IOException e) {
            throw LabException.cannot("read the forked sweep's rows", out, e);
        }
    }

    /** The seed's table beside ours (medians at the seed's sizes), then sync / cipher alone at 10,000 entries. */
    static void print(List<SweepLoop.Row> rows, SeedSync seed, PrintStream out) {
        Map<String, List<SweepLoop.Row>> byVariant = rows.stream()
                .collect(Collectors.groupingBy(SweepLoop.Row::variant, LinkedHashMap::new, Collectors.toList()));
        List<String> header = new ArrayList<>(List.of("entries", "seed " + SeedSync.RELEASE, "seed " + SeedSync.DEBUG_FULL));
        header.addAll(byVariant.keySet());
        ConsoleTable table = new ConsoleTable(header.toArray(new String[0]));
        TreeSet<Integer> sizes = new TreeSet<>(seed.checkpoints());
        sizes.add(100_000);
        for (int n : sizes) {
            List<Object> cells = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", n),
                    seed.ms(SeedSync.RELEASE, n), seed.ms(SeedSync.DEBUG_FULL, n)));
            boolean any = false;
            for (List<SweepLoop.Row> vr : byVariant.values()) {
                Summary s = Summary.of(vr.stream().filter(r -> r.entries() == n).map(SweepLoop.Row::syncMs).toList());
                any |= s.n() > 0;
                cells.add(s.n() == 0 ? "-" : String.format(Locale.ROOT, "%.2f", s.median()));
            }
            if (any) {
                table.row(cells.toArray());
            }
        }
        out.println();
        out.println("sync-sweep: median sync_ms at the seed's sizes (seed: " + seed.source() + ")");
        table.print(out);
        for (Map.Entry<String, List<SweepLoop.Row>> e : byVariant.entrySet()) {
            List<SweepLoop.Row> at = e.getValue().stream().filter(r -> r.entries() == 10_000 && r.hasCipher()).toList();
            if (at.isEmpty()) {
                continue;
            }
            Summary sync = Summary.of(at.stream().map(SweepLoop.Row::syncMs).toList());
            Summary cipher = Summary.of(at.stream().map(SweepLoop.Row::cipherMs).toList());
            Summary ratio = Summary.of(at.stream().map(r -> r.syncMs() / r.cipherMs()).toList());
            Summary cpuRatio = Summary.of(at.stream().map(r -> r.syncCpuMs() / r.cipherCpuMs()).toList());
            out.printf(Locale.ROOT, "%s at 10,000 entries: sync %.2f ms, cipher alone %.2f ms on %,d bytes: sync / cipher = %.2f x"
                            + " (median of per-repeat ratios %.2f, IQR %.2f-%.2f, n=%d; on thread CPU time %.2f, IQR %.2f-%.2f)%s%n",
                    e.getKey(), sync.median(), cipher.median(), at.get(0).cipherBytes(), sync.median() / cipher.median(),
                    ratio.median(), ratio.q1(), ratio.q3(), ratio.n(), cpuRatio.median(), cpuRatio.q1(), cpuRatio.q3(),
                    e.getKey().equals("kde4") ? "  [the seed's claim holds if <= 1.3]" : "");
        }
        printAgainstTheRealBackend(byVariant, sizes, out);
        printDebugFullQuestion(byVariant, seed, out);
    }

    /** The speed goal: kde4 at most this fraction of the real backend's sync time at 10,000 entries, same run. */
    static final double SPEED_GOAL = 0.4;

    /**
     * kde4 / kwallet5 at each checkpoint: per-repeat ratios (the two syncs of one repeat were timed
     * moments apart in the same loop), their median and IQR, and the speed goal at 10,000 entries.
     */
    static void printAgainstTheRealBackend(Map<String, List<SweepLoop.Row>> byVariant, Set<Integer> sizes, PrintStream out) {
        List<SweepLoop.Row> lab = byVariant.get(SweepVariant.KDE4.label());
        List<SweepLoop.Row> real = byVariant.get(SweepVariant.KWALLET5.label());
        if (lab == null || real == null) {
            return;
        }
        ConsoleTable t = new ConsoleTable("entries", "kde4 ms", "kwallet5 ms", "kde4 / kwallet5 (median)", "IQR", "n");
        for (int n : sizes) {
            Summary ratio = Summary.of(ratios(lab, real, n));
            if (ratio.n() == 0) {
                continue;
            }
            t.row(String.format(Locale.ROOT, "%,d", n), String.format(Locale.ROOT, "%.2f", median(lab, n)),
                    String.format(Locale.ROOT, "%.2f", median(real, n)), String.format(Locale.ROOT, "%.2f", ratio.median()),
                    String.format(Locale.ROOT, "%.2f-%.2f", ratio.q1(), ratio.q3()), ratio.n());
        }
        out.println();
        out.println("sync-sweep: the lab's kde4 against KDE's real backend (kwallet5, fdatasync skipped as KSaveFile did),"
                + " per-repeat ratios of syncs timed in the same loop");
        t.print(out);
        Summary goal = Summary.of(ratios(lab, real, 10_000));
        if (goal.n() > 0) {
            out.printf(Locale.ROOT, "speed goal: kde4 at 10,000 entries <= %.1f x kwallet5: %.2f x (IQR %.2f-%.2f, n=%d): %s%n",
                    SPEED_GOAL, goal.median(), goal.q1(), goal.q3(), goal.n(), goal.median() <= SPEED_GOAL ? "met" : "NOT met");
        }
    }

    /** a / b per repeat at {@code entries}, pairing the rows of the same repeat. */
    static List<Double> ratios(List<SweepLoop.Row> a, List<SweepLoop.Row> b, int entries) {
        Map<Integer, Double> byRepeat = new LinkedHashMap<>();
        b.stream().filter(r -> r.entries() == entries).forEach(r -> byRepeat.put(r.repeat(), r.syncMs()));
        List<Double> out = new ArrayList<>();
        for (SweepLoop.Row r : a) {
            Double other = r.entries() == entries ? byRepeat.get(r.repeat()) : null;
            if (other != null && other > 0) {
                out.add(r.syncMs() / other);
            }
        }
        return out;
    }

    private static double median(List<SweepLoop.Row> rows, int entries) {
        Summary s = Summary.of(rows.stream().filter(r -> r.entries() == entries).map(SweepLoop.Row::syncMs).toList());
        return s.n() == 0 ? Double.NaN : s.median();
    }

    /**
     * The DebugFull question: the seed's DebugFull build took x3.4 its Release time at 10,000 entries;
     * which unoptimised kde4 comes nearer that, C1 alone or the interpreter (each over kde4's median)?
     * "Nearer" is the smaller factor between the two ratios.
     */
    static void printDebugFullQuestion(Map<String, List<SweepLoop.Row>> byVariant, SeedSync seed, PrintStream out) {
        List<SweepLoop.Row> compiled = byVariant.get(SweepVariant.KDE4.label());
        double seedRatio = seed.value(SeedSync.DEBUG_FULL, 10_000) / seed.value(SeedSync.RELEASE, 10_000);
        if (compiled == null || Double.isNaN(seedRatio) || Double.isNaN(median(compiled, 10_000))) {
            return;
        }
        String nearest = null;
        double nearestOff = Double.POSITIVE_INFINITY;
        List<String> parts = new ArrayList<>();
        for (SweepVariant v : List.of(SweepVariant.KDE4_C1, SweepVariant.KDE4_XINT)) {
            List<SweepLoop.Row> slow = byVariant.get(v.label());
            double ratio = slow == null ? Double.NaN : median(slow, 10_000) / median(compiled, 10_000);
            if (Double.isNaN(ratio)) {
                continue;
            }
            double off = Math.max(ratio / seedRatio, seedRatio / ratio);
            parts.add(String.format(Locale.ROOT, "%s / kde4 = x%.2f (a factor %.2f off)", v.label(), ratio, off));
            if (off < nearestOff) {
                nearestOff = off;
                nearest = v.label();
            }
        }
        if (nearest != null) {
            out.printf(Locale.ROOT, "DebugFull question at 10,000 entries: seed DebugFull / Release = x%.2f; ours: %s: %s comes nearer%n",
                    seedRatio, String.join("; ", parts), nearest);
        }
    }
}
