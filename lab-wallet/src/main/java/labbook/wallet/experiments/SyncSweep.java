package labbook.wallet.experiments;

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
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * <b>The question.</b> The seed (KDE Community Wiki, "kwallet/Benchmark") asked whether saving the
 * wallet at every change is affordable: it timed {@code Backend::sync()} while one folder grew
 * from 0 to 100,000 entries "in steps of 100" (random 20-byte keys, 50-byte values, type
 * Password), and found "Release: 8 / 5 / 15 / 25 / 56 ms" at 1 / 100 / 1000 / 5000 / 10000
 * entries, DebugFull 16 / 15 / 32 / 107 / 192 ms: "most of the time reported should be used
 * encrypting the data", so "big overhead for syncing the wallet seems to be a myth".
 *
 * <p><b>Baseline.</b> {@code kde4}: the 2009 backend on this lab's real .kwl implementation
 * (legacy key, little-endian-word Blowfish "ECB", KSaveFile: temp file, 0600, rename, no fsync).
 * Beside each sync, in the same run, the cipher alone on the same number of bytes
 * ({@code cipher_ms}): the seed's claim that encryption is most of a sync becomes the ratio
 * {@code sync_ms / cipher_ms}, printed at 10,000 entries.
 *
 * <p><b>Variants.</b> {@code kf5} (PBKDF2 key, standard Blowfish CBC, little-endian-word SHA-1),
 * {@code kf5-fdatasync} (as today's QSaveFile ships), {@code aead} (AES-256-GCM, Argon2id key, same
 * save path), and {@code kde4-xint}: kde4 in a forked JVM with {@code -Xint}, the analogue of the
 * seed's DebugFull build (unoptimised code, same algorithm).
 *
 * <p><b>How to run.</b> {@code mvn -q -pl lab-wallet exec:java -Dexec.args="sync-sweep --quick"}:
 * quick grows to 10,000 entries (the -Xint variant in steps of 1,000), 25 repeats at the seed's
 * checkpoints (3 under -Xint); {@code --full} is the seed's whole loop, 0..100,000 in steps of 100
 * (-Xint in steps of 1,000), 25 repeats at the checkpoints and at 100,000. In-JVM variants are warmed up first
 * (30 syncs of a 2,000-entry wallet), since the seed's Release build was compiled ahead of time.
 * The wallets live in a scratch folder beside the results (same disk), removed afterwards.
 *
 * <p><b>CSV</b> {@code results/wallet/sync-sweep.csv}, one row per timed sync:
 * {@code variant} (kde4|kf5|kf5-fdatasync|aead|kde4-xint), {@code entries} (entries in the wallet),
 * {@code repeat} (0.. at checkpoints, else 0), {@code file_bytes} (size of the saved file),
 * {@code sync_ms} (wall time of one whole sync: serialise, hash, encrypt, write, rename),
 * {@code cipher_ms} (wall time of the cipher alone on {@code cipher_bytes}, same key and mode,
 * measured beside it, before or after by turns), {@code cipher_bytes} (bytes the cipher processes in that sync),
 * {@code sync_cpu_ms} and {@code cipher_cpu_ms} (the same two, as CPU time of the measuring thread:
 * user + system, blind to time spent waiting for the disk or descheduled by other processes on a
 * shared machine; a second view of the ratio, not a replacement for wall time. From 256 KB on, a
 * .kwl sync hashes and writes on the save path's writer thread while it encrypts, and that
 * thread's CPU time is not in {@code sync_cpu_ms}: the work is overlapped, not gone).
 *
 * <p><b>How a sync spends its time</b> (10,000 entries, KDE4, measured on the lab machine): before
 * this lab's sync was pipelined, Blowfish 6.96 ms, MD5 of the 10,000 keys 1.07, temp file + write
 * + rename 1.67 (of which about 0.7-0.9 ms was the kernel freeing the replaced version inside the
 * rename), SHA-1 0.52, serialising 0.45. Now: each key's MD5 is kept with its entry (real KWallet
 * recomputes them), the payload is serialised straight into the file buffer and encrypted there
 * piece by piece, SHA-1 and the write of each finished piece run on the writer thread, and the
 * replaced version is held open across the rename so the kernel frees it after the sync returns.
 * The cipher-alone baseline is the very same Blowfish code ({@code BlowfishCodec}) on the same
 * number of bytes.
 */
@Command(name = "sync-sweep", mixinStandardHelpOptions = true,
        description = "The seed's loop: time one whole wallet sync per 100 entries added, per variant, beside the cipher alone.")
public final class SyncSweep implements Callable<Integer> {
    public static final List<String> COLUMNS = List.of("variant", "entries", "repeat", "file_bytes", "sync_ms", "cipher_ms", "cipher_bytes",
            "sync_cpu_ms", "cipher_cpu_ms");

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
                    throw new LabException("--variants: " + e.getMessage());
                }
            }
        }
        try (LabRun run = WalletRun.start(lab, "sync-sweep")) {
            print(run(run, chosen), System.out);
        }
        return 0;
    }

    public static SweepLoop.Plan plan(Mode mode, boolean interpreted) {
        TreeSet<Integer> checkpoints = new TreeSet<>();
        for (int c : SeedFigures.CHECKPOINTS) {
            checkpoints.add(c);
        }
        if (mode == Mode.FULL) {
            checkpoints.add(100_000);
            return new SweepLoop.Plan(100_000, interpreted ? 1000 : 100, checkpoints, interpreted ? 3 : 25, interpreted ? 0 : 30);
        }
        return new SweepLoop.Plan(10_000, interpreted ? 1000 : 100, checkpoints, interpreted ? 3 : 25, interpreted ? 0 : 30);
    }

    /** The experiment with every variant: the CSV and the printed table. */
    public static List<SweepLoop.Row> run(LabRun run) {
        List<SweepLoop.Row> rows = run(run, List.of(SweepVariant.values()));
        print(rows, System.out);
        return rows;
    }

    static List<SweepLoop.Row> run(LabRun run, List<SweepVariant> variants) {
        List<SweepLoop.Row> rows = new ArrayList<>();
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-sweep");
             CsvResults csv = run.csv("sync-sweep", COLUMNS)) {
            for (SweepVariant v : variants) {
                List<SweepLoop.Row> got = v.forked() ? forked(v, plan(run.mode(), true), scratch.dir())
                        : SweepLoop.run(v, plan(run.mode(), false), scratch.dir());
                for (SweepLoop.Row r : got) {
                    csv.row(r.variant(), r.entries(), r.repeat(), r.fileBytes(), r.syncMs(), r.cipherMs(), r.cipherBytes(),
                            r.syncCpuMs(), r.cipherCpuMs());
                }
                rows.addAll(got);
            }
            csv.commit();
        }
        return rows;
    }

    private static List<SweepLoop.Row> forked(SweepVariant v, SweepLoop.Plan plan, Path scratch) {
        Path out = scratch.resolve(v.label() + ".rows");
        ForkedJava.runInherited(List.of("-Xint", "-Xmx512m"), SweepWorker.class.getName(),
                List.of(v.label(), plan.encode(), scratch.toString(), out.toString()));
        try {
            return Files.readAllLines(out).stream().filter(l -> !l.isBlank()).map(SweepLoop.Row::parse).collect(Collectors.toList());
        } catch (IOException e) {
            throw LabException.cannot("read the forked sweep's rows", out, e);
        }
    }

    /** The seed's table beside ours (medians at the checkpoints), then sync / cipher-alone at 10,000 entries. */
    static void print(List<SweepLoop.Row> rows, PrintStream out) {
        Map<String, List<SweepLoop.Row>> byVariant = rows.stream()
                .collect(Collectors.groupingBy(SweepLoop.Row::variant, LinkedHashMap::new, Collectors.toList()));
        List<String> header = new ArrayList<>(List.of("entries", "seed Release", "seed DebugFull"));
        byVariant.keySet().forEach(v -> header.add(v));
        ConsoleTable table = new ConsoleTable(header.toArray(new String[0]));
        TreeSet<Integer> checkpoints = new TreeSet<>();
        for (int c : SeedFigures.CHECKPOINTS) {
            checkpoints.add(c);
        }
        checkpoints.add(100_000);
        for (int n : checkpoints) {
            List<Object> cells = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", n), SeedFigures.release(n), SeedFigures.debugFull(n)));
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
        out.println("sync-sweep: median sync_ms per checkpoint (seed: " + SeedFigures.SOURCE + ")");
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
