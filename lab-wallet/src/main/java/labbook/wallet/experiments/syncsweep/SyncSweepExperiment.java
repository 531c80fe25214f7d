package labbook.wallet.experiments.syncsweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import labbook.core.CsvJournal;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.RowType;
import labbook.core.Variant;
import labbook.wallet.WalletSchemas;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.experiments.VariantJvm;
import labbook.wallet.format.Pbkdf2Sha512;
import labbook.wallet.format.WalletKeys;
import labbook.wallet.peer.Kwallet5;
import labbook.wallet.peer.OpensslBlowfish;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * sync-sweep: the seed's loop, one whole wallet sync per 100 entries added, per variant, beside the cipher alone.
 *
 * <p><b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") asked whether saving the wallet
 * at every change is affordable. It timed {@code Backend::sync()} while one folder grew from 0 to 100,000 entries "in
 * steps of 100" (random 20-byte keys, 50-byte values, {@link BenchmarkEntries}) and found that "most of the time
 * reported should be used encrypting the data", so "big overhead for syncing the wallet seems to be a myth". Its
 * figures ({@link WalletSeeds}) are printed beside ours.
 *
 * <p><b>Baseline.</b> {@code kde4}: the seed's backend on the lab's .kwl implementation (legacy key, little-endian-word
 * Blowfish "ECB", KSaveFile: temp file, rename, no fsync). Each sync is paired with the same {@code BlowfishCodec}
 * alone on the same bytes ({@code cipher_ms}), so the seed's claim becomes the ratio {@code sync_ms / cipher_ms},
 * printed at 10,000 entries, with what the syncs added beside their cipher ({@link labbook.wallet.store.SyncPhases}:
 * the wait for the walk's thread, the commit, the rest).
 *
 * <p><b>Variants.</b> {@code kwallet5}: KDE's real backend ({@link Kwallet5}), the very {@code Backend::sync()} the
 * seed timed, in kde4's loop (each repeat times the two moments apart), QSaveFile's fdatasync skipped as KSaveFile did
 * not sync; printed as kde4 / kwallet5 per size. {@code kf5}, {@code kf5-fdatasync} (as today's QSaveFile saves) and
 * {@code aead} (AES-256-GCM, Argon2id key). {@code kde4-c1} and {@code kde4-xint}: kde4 compiled by C1 alone or
 * interpreted, beside the seed's DebugFull build; printed: which comes nearer its ratio to Release.
 *
 * <p><b>Isolation.</b> Each Java variant runs in worker JVMs of its own ({@link SweepWorker}, {@link #workers}),
 * started with the module's declared JVM flags whatever launched the sweep ({@code ./labbook}, {@code mvn exec:java},
 * {@code all}), as JMH forks a JVM per benchmark: no variant's figures depend on what another compiled. Like JMH's
 * forks, {@value #FORKS} of them per compiled variant, one after another, share out the checkpoints' repeats: how well
 * a JVM's JIT compiles the cipher differs from JVM to JVM, so one JVM's repeats, however many, are one draw of that.
 *
 * <p><b>How to run.</b> {@code ./labbook wallet sync-sweep --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="sync-sweep --quick"}; {@code --variants kde4,kf5} picks variants. {@code --quick} grows the wallet to
 * 10,000 entries in steps of {@value #QUICK_STEP}, {@value #QUICK_REPEATS} repeats at the seed's sizes; {@code --full}
 * is the seed's loop, to 100,000 in steps of 100, {@value #REPEATS} repeats at the seed's sizes and 100,000 (C1 and
 * -Xint: {@link #plan}). One row per timed sync: {@link WalletSchemas#SYNC_SWEEP}.
 *
 * <p><b>References.</b> OpenSSL's Blowfish on the bytes of kde4's cipher alone at 10,000 entries, in each mode
 * ({@link WalletSchemas#OPENSSL_BLOWFISH}); with kf5, the key a KF5 wallet's open pays, PBKDF2-HMAC-SHA512, by the lab
 * and by OpenSSL ({@link WalletSchemas#KEY_DERIVATION}), in a JVM of its own ({@link KeyWorker}). Both are timed after
 * the sweep, in the same run.
 */
@Command(
        name = "sync-sweep",
        description = "The seed's loop: time one whole wallet sync per 100 entries added, per variant, beside the "
                + "cipher alone.")
public final class SyncSweepExperiment extends ExperimentCommand {
    /** The speed goal: kde4's sync at most this fraction of the real backend's, paired in the same run. */
    public static final double SPEED_GOAL = 0.35;
    /** Where the speed goal is judged: the seed's largest checkpoint and its loop's end. */
    public static final List<Integer> SPEED_GOAL_SIZES = List.of(10_000, 100_000);
    /** A sync is "mostly encrypting" when it costs at most this multiple of its cipher alone on the same bytes. */
    public static final double SYNC_OVER_CIPHER_GOAL = 1.15;
    /** The lab's Blowfish at most this multiple of OpenSSL's on the same number of bytes. */
    public static final double CIPHER_OVER_OPENSSL_GOAL = 1.1;
    /** The lab's PBKDF2 for a KF5 wallet's key at most this multiple of OpenSSL's: the cipher's goal, for the key. */
    public static final double KEY_OVER_OPENSSL_GOAL = 1.1;

    static final int REPEATS = 25;
    static final int QUICK_REPEATS = 11;
    static final int QUICK_STEP = 200;
    static final int XINT_REPEATS = 3;
    static final int FULL_LAB_STEP = 1000;
    static final int WARMUP_SYNCS = 30;
    /**
     * The worker JVMs of each compiled variant, one after another, the checkpoints' repeats shared out among them
     * ({@link SweepLoop.Plan}); -Xint runs in one (an interpreter compiles nothing to differ by).
     */
    static final int FORKS = 3;

    @Option(
            names = "--variants",
            split = ",",
            paramLabel = "V",
            description = "Variants to run (default: all; kwallet5 only where its packages are installed): "
                    + "kde4, kf5, kf5-fdatasync, aead, kwallet5, kde4-c1, kde4-xint.")
    List<String> variants;

    @Override
    public Integer call() {
        List<SweepVariant> all = List.of(SweepVariant.values());
        List<SweepVariant> chosen =
                variants == null || variants.isEmpty() ? all : Variant.select("--variants", variants, all);
        boolean kwallet5Asked = variants != null && chosen.contains(SweepVariant.KWALLET5);
        try (LabRun run = startRun(WalletSchemas.STUDY, "sync-sweep")) {
            run(run, chosen, v -> plan(run.mode(), v), kwallet5Asked, System.out);
        }
        return 0;
    }

    /**
     * The mode's plan for {@code variant}: the plan of the lab's Java variants (kwallet5 shares it: it runs in kde4's
     * loop), or the C1 or -Xint one. Full mode keeps the seed's loop, a sync every 100 entries to 100,000, for kde4 and
     * the real backend (the pair the seed's question is about); the lab's other variants, C1 and the cipher alone are
     * timed every {@value #FULL_LAB_STEP} entries and at the checkpoints, which is where the report reads them. -Xint
     * times only the checkpoints (quick mode: 1, 100, 1000 and the end), without the cipher alone;
     * {@value #XINT_REPEATS} repeats. The Java variants, but for -Xint, are warmed up first ({@value #WARMUP_SYNCS}
     * syncs at each of {@link SweepLoop#WARMUP_SIZES}).
     */
    public static SweepLoop.Plan plan(Mode mode, SweepVariant variant) {
        TreeSet<Integer> checkpoints = new TreeSet<>(WalletSeeds.load().checkpoints());
        boolean full = mode == Mode.FULL;
        int max = full ? 100_000 : 10_000;
        checkpoints.add(max);
        if (variant == SweepVariant.KDE4_XINT) {
            if (!full) {
                // an interpreted sync of 5,000 entries costs seconds: quick mode keeps 1, 100, 1000 and the end
                checkpoints.removeIf(c -> c > 1000 && c < max);
            }
            // no analysis reads the cipher alone here, and interpreted it is slow too
            return new SweepLoop.Plan(max, max, max, checkpoints, XINT_REPEATS, 0, false, 1, 0);
        }
        int repeats = full ? REPEATS : QUICK_REPEATS;
        if (variant == SweepVariant.KDE4_C1) {
            int step = full ? FULL_LAB_STEP : max; // quick: the seed's sizes only
            return new SweepLoop.Plan(max, step, step, checkpoints, repeats, WARMUP_SYNCS, true, FORKS, 0);
        }
        int step = full ? 100 : QUICK_STEP;
        return new SweepLoop.Plan(
                max, step, full ? FULL_LAB_STEP : step, checkpoints, repeats, WARMUP_SYNCS, true, FORKS, 0);
    }

    /**
     * What the experiment's time grows with in {@code mode}: the entries its variants sync (weighing the forked JVMs'
     * as {@link #FORKED_WEIGHT} says), for the plan of a mode not yet run here.
     */
    public static double work(Mode mode) {
        List<SweepVariant> compiled = java.util.Arrays.stream(SweepVariant.values())
                .filter(v -> !v.unoptimised())
                .toList();
        double units = plan(mode, SweepVariant.KDE4).entriesSyncedInEveryFork(compiled);
        for (SweepVariant v : List.of(SweepVariant.KDE4_C1, SweepVariant.KDE4_XINT)) {
            units += FORKED_WEIGHT.get(v) * plan(mode, v).entriesSyncedInEveryFork(List.of(v));
        }
        return units;
    }

    /**
     * How many compiled syncs of the same size one forked sync costs: a rough weight, for the plan only, rounded from
     * what a quick run's sync-sweep.csv shows of kde4-c1 and kde4-xint against kde4 at 10,000 entries.
     */
    static final Map<SweepVariant, Double> FORKED_WEIGHT =
            Map.of(SweepVariant.KDE4_C1, 2.0, SweepVariant.KDE4_XINT, 100.0);

    /** The experiment with every variant in the run's mode (kwallet5 when installed): the CSV and the printed table. */
    public static List<SweepLoop.Row> run(LabRun run, PrintStream out) {
        return run(run, List.of(SweepVariant.values()), v -> plan(run.mode(), v), false, out);
    }

    /**
     * {@code variants}, each with its plan from {@code plans}, each Java variant in a worker JVM of its own
     * ({@link #workers}), kwallet5 in kde4's loop. kwallet5 is skipped, with one line on stderr naming the missing
     * packages, when the backend is not available here, unless {@code kwallet5Required}. Returns the rows in the order
     * of {@link SweepVariant}, a variant's rows in the order they were measured.
     */
    public static List<SweepLoop.Row> run(
            LabRun run,
            List<SweepVariant> variants,
            Function<SweepVariant, SweepLoop.Plan> plans,
            boolean kwallet5Required,
            PrintStream out) {
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
        List<SweepLoop.Row> rows = new ArrayList<>();
        Optional<SyncSweepPrintout.KeyTimes> keys;
        // each worker's rows reach the disk when it ends: --resume keeps the workers a killed run finished
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-sweep");
                CsvJournal csv = run.journal(WalletSchemas.SYNC_SWEEP)) {
            rows.addAll(csv.kept(SweepLoop.RESULT));
            if (!rows.isEmpty()) {
                System.err.println("sync-sweep: resuming after " + rows.size() + " rows a run before measured");
            }
            // the first fork of every variant, then the second of each, so that a variant's forks are minutes apart
            List<List<SweepVariant>> workers = workers(chosen);
            int forks = workers.stream()
                    .mapToInt(w -> plans.apply(w.get(0)).forks())
                    .max()
                    .orElse(0);
            for (int f = 0; f < forks; f++) {
                for (List<SweepVariant> worker : workers) {
                    SweepLoop.Plan whole = plans.apply(worker.get(0));
                    if (f >= whole.forks()) {
                        continue;
                    }
                    SweepLoop.Plan plan = whole.fork(f);
                    if (keptFork(rows, worker, plan)) {
                        continue; // a worker's rows are written at once: a fork with kept rows has all of them
                    }
                    List<SweepLoop.Row> got = inWorker(worker, plan, scratch.dir());
                    got.forEach(r -> csv.row(SweepLoop.RESULT, r));
                    csv.checkpoint();
                    rows.addAll(got);
                }
            }
            csv.commit();
            keys = chosen.contains(SweepVariant.KF5) ? keyReference(scratch.dir()) : Optional.empty();
        }
        List<SweepLoop.Row> ordered = rows.stream()
                .sorted(java.util.Comparator.comparing(r -> SweepVariant.of(r.variant())))
                .toList();
        Optional<SyncSweepPrintout.OpensslTimes> openssl = opensslReference(ordered);
        openssl.ifPresent(o -> writeOpenssl(run, o));
        SyncSweepPrintout.print(ordered, WalletSeeds.load(), openssl, out);
        keys.ifPresent(k -> {
            writeKeys(run, k);
            SyncSweepPrintout.printKeyAgainstOpenssl(k, out);
        });
        return ordered;
    }

    /**
     * Whether a killed run kept the rows of this fork of {@code worker}: a row of its first variant at the plan's
     * largest size (a checkpoint, where every fork times a repeat) with one of the fork's repeat numbers.
     */
    static boolean keptFork(List<SweepLoop.Row> kept, List<SweepVariant> worker, SweepLoop.Plan plan) {
        int[] repeats = plan.repeatsAt(plan.max());
        String label = worker.get(0).label();
        return kept.stream()
                .anyMatch(r -> r.variant().equals(label)
                        && r.entries() == plan.max()
                        && r.repeat() >= repeats[0]
                        && r.repeat() < repeats[1]);
    }

    /**
     * The worker JVMs that time {@code chosen}, in the order of {@link SweepVariant}: one per Java variant, so that no
     * variant's figures depend on what another compiled (as JMH forks a JVM per benchmark); the real backend in kde4's
     * worker, where each repeat times the two moments apart, or alone when kde4 is not chosen.
     */
    static List<List<SweepVariant>> workers(Collection<SweepVariant> chosen) {
        List<List<SweepVariant>> workers = new ArrayList<>();
        boolean real = chosen.contains(SweepVariant.KWALLET5);
        boolean kde4 = chosen.contains(SweepVariant.KDE4);
        for (SweepVariant v : new TreeSet<>(chosen)) {
            if (v == SweepVariant.KDE4 && real) {
                workers.add(List.of(SweepVariant.KDE4, SweepVariant.KWALLET5));
            } else if (v != SweepVariant.KWALLET5 || !kde4) {
                workers.add(List.of(v));
            }
        }
        return workers;
    }

    /** A row of key-derivation.csv: one derivation of a KF5 wallet's key, by the lab or by OpenSSL. */
    record KeyRow(String derivedBy, int iterations, int repeat, double keyMs) {}

    static final RowType<KeyRow> KEY_ROW = RowType.of(WalletSchemas.KEY_DERIVATION, KeyRow.class);

    /** A row of openssl-blowfish.csv: one timing of OpenSSL's Blowfish in one mode on kde4's cipher bytes. */
    record OpensslRow(String blowfishMode, int cipherBytes, int repeat, double cipherMs) {}

    static final RowType<OpensslRow> OPENSSL_ROW = RowType.of(WalletSchemas.OPENSSL_BLOWFISH, OpensslRow.class);

    /** The lab's PBKDF2 and OpenSSL's as key-derivation.csv, for the report's key target. */
    private static void writeKeys(LabRun run, SyncSweepPrintout.KeyTimes keys) {
        try (CsvResults csv = run.csv(WalletSchemas.KEY_DERIVATION)) {
            Map<String, List<Double>> by = Map.of(
                    WalletSchemas.DERIVED_BY_LAB, keys.labMs(), WalletSchemas.DERIVED_BY_OPENSSL, keys.opensslMs());
            for (String who : List.of(WalletSchemas.DERIVED_BY_LAB, WalletSchemas.DERIVED_BY_OPENSSL)) {
                List<Double> ms = by.get(who);
                for (int r = 0; r < ms.size(); r++) {
                    int repeat = r;
                    KeyRow row = new KeyRow(who, keys.iterations(), repeat, ms.get(repeat));
                    csv.row(KEY_ROW, row);
                }
            }
            csv.commit();
        }
    }

    /**
     * A KF5-era wallet's key, PBKDF2-HMAC-SHA512 of {@value WalletKeys#PBKDF2_ITERATIONS} iterations, which every open
     * of a kf5 wallet pays (a sync does not: the key is kept): the lab's ({@link Pbkdf2Sha512}) and OpenSSL's, in
     * pairs, timed in a JVM of its own ({@link KeyWorker}, which says why). Without gcc or libssl-dev the printout says
     * why and goes on.
     */
    private static Optional<SyncSweepPrintout.KeyTimes> keyReference(Path scratch) {
        Path out = scratch.resolve("key.pairs");
        try {
            ForkedJava.run(
                    KeyWorker.NAME,
                    ForkedJava.isolated(
                            VariantJvm.LAUNCH_COMMAND,
                            List.of("-Xmx256m"),
                            KeyWorker.class.getName(),
                            List.of(out.toString())),
                    WORKER_SILENCE);
        } catch (LabException e) {
            // the key is a reference beside the sweep: the sweep's own results stand without it
            System.err.println("sync-sweep: the key was not timed: " + e.getMessage());
            return Optional.empty();
        }
        try {
            return Optional.of(KeyWorker.read(out));
        } catch (LabException e) {
            System.err.println("sync-sweep: OpenSSL's PBKDF2 not timed: " + e.getMessage());
            return Optional.empty();
        } catch (IOException e) {
            throw LabException.cannot("read the key worker's times", out, e);
        }
    }

    /** OpenSSL's timings as openssl-blowfish.csv, for the report's cipher target. */
    private static void writeOpenssl(LabRun run, SyncSweepPrintout.OpensslTimes openssl) {
        try (CsvResults csv = run.csv(WalletSchemas.OPENSSL_BLOWFISH)) {
            openssl.ms().forEach((mode, ms) -> {
                for (int r = 0; r < ms.size(); r++) {
                    int repeat = r;
                    OpensslRow row = new OpensslRow(mode.label(), openssl.bytes(), repeat, ms.get(repeat));
                    csv.row(OPENSSL_ROW, row);
                }
            });
            csv.commit();
        }
    }

    /**
     * OpenSSL's Blowfish, CBC and ECB, on as many bytes as kde4's cipher alone at 10,000 entries (or at its largest
     * checkpoint below, in a shorter sweep), as many times: the machine's fastest Blowfish, timed in this run. Without
     * gcc or libssl-dev the printout says why and goes on.
     */
    private static Optional<SyncSweepPrintout.OpensslTimes> opensslReference(List<SweepLoop.Row> rows) {
        List<SweepLoop.Row> kde4 = rows.stream()
                .filter(r -> r.variant().equals(SweepVariant.KDE4.label()) && r.hasCipher() && r.entries() <= 10_000)
                .toList();
        int entries = kde4.stream().mapToInt(SweepLoop.Row::entries).max().orElse(0);
        List<SweepLoop.Row> at =
                kde4.stream().filter(r -> r.entries() == entries).toList();
        if (at.isEmpty()) {
            return Optional.empty();
        }
        int bytes = at.get(0).cipherBytes();
        try {
            Map<OpensslBlowfish.Mode, List<Double>> ms = new EnumMap<>(OpensslBlowfish.Mode.class);
            for (OpensslBlowfish.Mode mode : OpensslBlowfish.Mode.values()) {
                ms.put(mode, OpensslBlowfish.ms(mode, bytes, at.size()));
            }
            return Optional.of(new SyncSweepPrintout.OpensslTimes(bytes, ms));
        } catch (LabException e) {
            System.err.println("sync-sweep: OpenSSL's Blowfish not timed: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * The worker's progress bar prints while it works; a worker silent this long (one interpreted sync takes seconds)
     * is hung.
     */
    static final Duration WORKER_SILENCE = Duration.ofMinutes(10);

    /**
     * {@code variants} timed in a worker JVM started with the module's declared flags (whatever launched the sweep) and
     * the first variant's own ({@link SweepVariant#workerJvmArgs}); its rows come back when it ends.
     */
    private static List<SweepLoop.Row> inWorker(List<SweepVariant> variants, SweepLoop.Plan plan, Path scratch) {
        String labels = variants.stream().map(SweepVariant::label).collect(Collectors.joining(","));
        Path out = scratch.resolve(labels + "." + plan.fork() + ".rows");
        VariantJvm.run(
                SweepWorker.NAME + " (" + labels
                        + (plan.forks() > 1 ? ", fork " + (plan.fork() + 1) + " of " + plan.forks() : "") + ")",
                SweepWorker.class,
                variants.get(0).workerJvmArgs(),
                List.of(labels, plan.encode(), scratch.toString(), out.toString()),
                WORKER_SILENCE);
        return SweepWorker.read(out);
    }
}
