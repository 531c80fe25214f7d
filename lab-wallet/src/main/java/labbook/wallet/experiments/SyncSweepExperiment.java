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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Summary;
import labbook.wallet.WalletResults;
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
 * <p><b>Variants.</b> {@code kf5} (PBKDF2 key, standard Blowfish CBC, little-endian-word SHA-1),
 * {@code kf5-fdatasync} (as today's QSaveFile ships), {@code aead} (AES-256-GCM, Argon2id key, same
 * save path), and {@code kde4-xint}: kde4 in a forked JVM with {@code -Xint}, the analogue of the
 * seed's DebugFull build (unoptimised code, same algorithm).
 *
 * <p><b>How to run.</b> {@code ./labbook wallet sync-sweep --quick}, or
 * {@code mvn -q -pl lab-wallet exec:java -Dexec.args="sync-sweep --quick"}; {@code --variants kde4,kf5}
 * picks variants. {@code --full} is the seed's whole loop, 0..100,000 in steps of 100 (-Xint in
 * steps of 1,000), {@value #REPEATS} repeats at the seed's sizes and at 100,000
 * ({@value #XINT_REPEATS} under -Xint). {@code --quick} grows to 10,000 in steps of
 * {@value #QUICK_STEP} with {@value #QUICK_REPEATS} repeats at the seed's sizes; under -Xint it
 * times only 1, 100, 1000 and 10,000 entries, {@value #XINT_REPEATS} repeats each.
 * In-JVM variants are warmed up first ({@value #WARMUP_SYNCS} syncs of a 2,000-entry wallet),
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
            description = "Variants to run (default: all): kde4, kf5, kf5-fdatasync, aead, kde4-xint.")
    List<String> variants;

    @Override
    public Integer call() {
        List<SweepVariant> chosen = new ArrayList<>();
        if (variants == null || variants.isEmpty()) {
            chosen.addAll(List.of(SweepVariant.values()));
        } else {
            for (String v : variants) {
                try {
                    chosen.add(SweepVariant.of(v));
                } catch (IllegalArgumentException e) {
                    throw LabException.badValue("--variants", v, "one of kde4, kf5, kf5-fdatasync, aead, kde4-xint");
                }
            }
        }
        try (LabRun run = LabRun.start(lab, WalletResults.STUDY, "sync-sweep", variants == null ? new String[0]
                : new String[] {"--variants", String.join(",", variants)})) {
            run(run, chosen, plan(run.mode(), false), plan(run.mode(), true), System.out);
        }
        return 0;
    }

    /** The mode's plan: in this JVM, or {@code interpreted} (-Xint) in a forked one. */
    public static SweepLoop.Plan plan(Mode mode, boolean interpreted) {
        TreeSet<Integer> checkpoints = new TreeSet<>(SeedSync.load().checkpoints());
        int max = mode == Mode.FULL ? 100_000 : 10_000;
        if (interpreted && mode == Mode.QUICK) {
            // an interpreted sync of 5,000 entries costs seconds: quick mode keeps 1, 100, 1000 and the end
            checkpoints.removeIf(c -> c > 1000);
        }
        checkpoints.add(max);
        int step = interpreted ? (mode == Mode.FULL ? 1000 : max) : mode == Mode.FULL ? 100 : QUICK_STEP;
        int repeats = interpreted ? XINT_REPEATS : mode == Mode.FULL ? REPEATS : QUICK_REPEATS;
        return new SweepLoop.Plan(max, step, checkpoints, repeats, interpreted ? 0 : WARMUP_SYNCS);
    }

    /** The experiment with every variant in the run's mode: the CSV and the printed table. */
    public static List<SweepLoop.Row> run(LabRun run, PrintStream out) {
        return run(run, List.of(SweepVariant.values()), plan(run.mode(), false), plan(run.mode(), true), out);
    }

    /** {@code variants} with the plan for in-JVM variants and the one for forked (-Xint) ones. */
    public static List<SweepLoop.Row> run(LabRun run, List<SweepVariant> variants, SweepLoop.Plan inJvm, SweepLoop.Plan forked,
                                          PrintStream out) {
        List<SweepLoop.Row> rows = new ArrayList<>();
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-sweep");
             CsvResults csv = run.csv(WalletResults.SYNC_SWEEP)) {
            for (SweepVariant v : variants) {
                List<SweepLoop.Row> got = v.forked() ? forked(v, forked, scratch.dir()) : SweepLoop.run(v, inJvm, scratch.dir());
                for (SweepLoop.Row r : got) {
                    csv.row(x -> x.set(VARIANT, r.variant()).set(ENTRIES, r.entries()).set(REPEAT, r.repeat())
                            .set(FILE_BYTES, r.fileBytes()).set(SYNC_MS, r.syncMs()).set(CIPHER_MS, r.cipherMs())
                            .set(CIPHER_BYTES, r.cipherBytes()).set(SYNC_CPU_MS, r.syncCpuMs()).set(CIPHER_CPU_MS, r.cipherCpuMs()));
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
        UnsignedJars.runInherited(List.of("-Xint", "-Xmx512m"), SweepWorker.class.getName(),
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
            List<SweepLoop.Row> at = e.getValue().stream().filter(r -> r.entries() == 10_000).toList();
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
    }
}
