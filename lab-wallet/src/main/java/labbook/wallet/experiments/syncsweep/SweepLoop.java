package labbook.wallet.experiments.syncsweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import labbook.core.Clocks;
import labbook.core.OwnedScratch;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.core.Slowdown;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.peer.Kwallet5;
import labbook.wallet.peer.Kwallet5Session;
import labbook.wallet.peer.SweepPlan;
import labbook.wallet.peer.SyncTiming;
import labbook.wallet.store.SyncPhases;
import me.tongfei.progressbar.ProgressBar;

/**
 * The seed's loop: grow the folder in steps of 100 entries and time one sync at each step; at the seed's checkpoints,
 * repeat the sync (and the cipher alone) to get a median. Several variants run in one loop, step by step: at each size
 * every wallet gets the same number of new entries, then each repeat times every variant once, the order rotating from
 * repeat to repeat and size to size, so a ratio between two variants compares syncs made moments apart. The real
 * backend ({@link SweepVariant#KWALLET5}) takes part through a {@link Kwallet5Session}. sync-sweep runs it in worker
 * JVMs ({@link SweepWorker}), one Java variant in each, so that no variant's figures depend on what another compiled:
 * kde4's loop has the real backend in it, as the seed's question pairs the two.
 */
public final class SweepLoop {
    /**
     * One measurement: a CSV row of sync-sweep. The CPU times are the measuring thread's: from 256 KB on, the save
     * path's writer thread hashes and writes beside it, and its share is not in them (overlapped, not gone). For
     * kwallet5 the cipher-alone columns are empty (NaN, and {@code cipherBytes} null): the backend has no counterpart;
     * {@code syncCpuMs} is then the harness process's CPU time around the sync. {@code walkWaitMs} and {@code commitMs}
     * are the sync's {@link SyncPhases} (NaN for kwallet5, and for rows kept from a killed run: they are printed, not
     * written to the CSV).
     */
    public record Row(
            String variant,
            int entries,
            int repeat,
            long fileBytes,
            double syncMs,
            double cipherMs,
            Integer cipherBytes,
            double syncCpuMs,
            double cipherCpuMs,
            double walkWaitMs,
            double commitMs) {
        /** Without the cipher alone there is no cipher size either (an empty cell, not 0), and the reverse. */
        public Row {
            if (Double.isNaN(cipherMs) != (cipherBytes == null)) {
                throw new IllegalArgumentException(variant + " at " + entries + " entries: a cipher time of " + cipherMs
                        + " ms with a cipher size of " + cipherBytes + " bytes");
            }
        }

        /** Whether the sync's phases were timed. */
        public boolean hasPhases() {
            return !Double.isNaN(walkWaitMs);
        }

        /** Whether the cipher alone was timed beside this sync. */
        public boolean hasCipher() {
            return !Double.isNaN(cipherMs);
        }

        static Row of(SyncTiming t) {
            return new Row(
                    SweepVariant.KWALLET5.label(),
                    t.entries(),
                    t.repeat(),
                    t.fileBytes(),
                    t.syncMs(),
                    Double.NaN,
                    null,
                    t.cpuMs(),
                    Double.NaN,
                    Double.NaN,
                    Double.NaN);
        }
    }

    /**
     * The plan: sizes 1, step, 2 x step, ... max; repeats at the checkpoints. The variants outside the seed's loop
     * ({@link SweepVariant#inSeedLoop()}) are timed only at multiples of {@code labStep} and at the checkpoints, and so
     * is the cipher alone; {@code cipherAlone}: whether it is timed at all (quick mode's -Xint loop leaves it out:
     * under the interpreter it costs seconds per sync and no analysis reads it).
     *
     * <p>A variant runs in {@code forks} worker JVMs, one after another, and this plan is the one of fork {@code fork}
     * (0 to {@code forks - 1}): the checkpoints' repeats are shared out among the forks, each fork its own run of
     * repeat numbers ({@link #repeatsAt}), and the steps between checkpoints, timed once each, are fork 0's. Each fork
     * warms up as a sole fork would and syncs at every step fork 0 times (the others untimed), so that each comes to a
     * checkpoint by the seed's path: a fork that only added the entries between two checkpoints synced the second
     * slower than fork 0 did, its cipher alone as fast. Why several: one JVM's JIT compiles the cipher once, and how
     * well differs from JVM to JVM, steady within each (lab-wallet/README.md, "How each experiment isolates its
     * variants"), so the median of one JVM's repeats holds one draw of that however many repeats it has (Kalibera and
     * Jones's process level).
     */
    public record Plan(
            int max,
            int step,
            int labStep,
            Set<Integer> checkpoints,
            int repeats,
            int warmupSyncs,
            boolean cipherAlone,
            int forks,
            int fork) {
        public Plan {
            if (labStep % step != 0) {
                throw new IllegalArgumentException("the lab's step " + labStep + " is not a multiple of " + step);
            }
            if (forks < 1 || forks > repeats || fork < 0 || fork >= forks) {
                throw new IllegalArgumentException(
                        "fork " + fork + " of " + forks + ": at least one fork, each with a repeat of " + repeats);
            }
        }

        /** Every variant, and the cipher alone, at every step; one fork. */
        public Plan(int max, int step, Set<Integer> checkpoints, int repeats, int warmupSyncs) {
            this(max, step, step, checkpoints, repeats, warmupSyncs, true, 1, 0);
        }

        /** The plan of fork {@code index} of {@link #forks}. */
        public Plan fork(int index) {
            return new Plan(max, step, labStep, checkpoints, repeats, warmupSyncs, cipherAlone, forks, index);
        }

        /**
         * The repeat numbers this fork times at {@code size}, from the first to before the second: at a checkpoint its
         * share of the repeats (fork 0 the first {@code ceil(repeats / forks)}, and so on), elsewhere repeat 0 in fork
         * 0 and none in the others. Over the forks, each repeat number once.
         */
        public int[] repeatsAt(int size) {
            if (!checkpoints.contains(size)) {
                return fork == 0 ? new int[] {0, 1} : new int[] {0, 0};
            }
            int share = (repeats + forks - 1) / forks;
            int first = Math.min(repeats, fork * share);
            return new int[] {first, Math.min(repeats, first + share)};
        }

        public List<Integer> sizes() {
            return SweepPlan.sizes(max, step, checkpoints);
        }

        /** Whether {@code variant} is timed at {@code size}. */
        public boolean times(SweepVariant variant, int size) {
            return variant.inSeedLoop() || atLabStep(size);
        }

        /** Whether the cipher alone is timed beside a sync at {@code size}. */
        public boolean timesCipher(int size) {
            return cipherAlone && atLabStep(size);
        }

        private boolean atLabStep(int size) {
            return size % labStep == 0 || checkpoints.contains(size);
        }

        /**
         * Entries synced over the loop, by the variants that time a size, weighing each sync paired with the cipher
         * alone twice: what the loop's time grows with.
         */
        public double entriesSynced(List<SweepVariant> variants) {
            return sizes().stream()
                    .mapToDouble(size -> entriesSynced(variants, size))
                    .sum();
        }

        /** The same over every fork of this plan: what the variant's whole sweep syncs, for the plan of a run. */
        public double entriesSyncedInEveryFork(List<SweepVariant> variants) {
            double n = 0;
            for (int f = 0; f < forks; f++) {
                n += fork(f).entriesSynced(variants);
            }
            return n;
        }

        /** The same at one size. */
        double entriesSynced(List<SweepVariant> variants, int size) {
            int[] range = repeatsAt(size);
            int repeats = range[1] - range[0];
            double n = 0;
            for (SweepVariant v : variants) {
                if (times(v, size)) {
                    // a step another fork times is synced here once, untimed, without the cipher alone
                    boolean paired = repeats > 0 && v.kind() != SweepVariant.Kind.PEER && timesCipher(size);
                    n += (double) size * Math.max(repeats, 1) * (paired ? 2 : 1);
                }
            }
            return n;
        }

        public String encode() {
            StringBuilder cp = new StringBuilder();
            for (int c : checkpoints) {
                cp.append(cp.length() == 0 ? "" : ":").append(c);
            }
            return max + "/" + step + "/" + labStep + "/" + cp + "/" + repeats + "/" + warmupSyncs + "/" + cipherAlone
                    + "/" + forks + "/" + fork;
        }

        public static Plan decode(String s) {
            String[] f = s.split("/");
            Set<Integer> cps = new java.util.TreeSet<>();
            for (String c : f[3].split(":")) {
                cps.add(Integer.parseInt(c));
            }
            return new Plan(
                    Integer.parseInt(f[0]),
                    Integer.parseInt(f[1]),
                    Integer.parseInt(f[2]),
                    cps,
                    Integer.parseInt(f[4]),
                    Integer.parseInt(f[5]),
                    Boolean.parseBoolean(f[6]),
                    Integer.parseInt(f[7]),
                    Integer.parseInt(f[8]));
        }
    }

    /**
     * The warm-up's wallet sizes: one whose file is smaller than the size from which a sync saves in the background
     * ({@link labbook.wallet.store.KwlBackend#BACKGROUND_MIN_BYTES}), in every variant, and one whose file is larger.
     */
    static final List<Integer> WARMUP_SIZES = List.of(2000, 10_000);

    private SweepLoop() {}

    /** sync-sweep.csv's rows: a {@link Row} without its phases, which are printed but not kept (NaN on resume). */
    static final RowType<Row> RESULT = RowType.part(WalletSchemas.SYNC_SWEEP, Row.class);

    /** A worker's rows as it hands them to the sweep: with the phases. */
    static final RowType<Row> WORKER = RowType.of(WalletSchemas.SYNC_SWEEP_WORKER, Row.class);

    /**
     * {@code variants} (Java ones, and {@link SweepVariant#KWALLET5} for the real backend) in one loop: in a sweep, one
     * Java variant in a worker JVM of its own ({@link SweepWorker}), kde4 with the real backend beside it. Each Java
     * variant is warmed up first; the kwallet5 session (if asked for) opens after the warm-ups and holds
     * {@link labbook.core.Peer}'s lock until the loop ends.
     */
    public static List<Row> run(List<SweepVariant> variants, Plan plan, Path scratchDir) {
        byte[] password = ThrowawayPassword.draw();
        BenchmarkEntries entries = BenchmarkEntries.random();
        List<SweepVariant> java =
                variants.stream().filter(v -> v != SweepVariant.KWALLET5).toList();
        boolean real = variants.contains(SweepVariant.KWALLET5);
        for (SweepVariant v : java) {
            warmUp(v, plan, scratchDir.resolve("warmup"), password, entries);
        }
        List<SweepVariant.SyncTarget> wallets = new ArrayList<>();
        for (SweepVariant v : java) {
            Path dir = scratchDir.resolve(v.label());
            Scratch.createFolder(dir);
            wallets.add(v.create(dir, password));
        }
        List<Row> rows = new ArrayList<>();
        List<Integer> sizes = plan.sizes();
        String name = "sync-sweep "
                + String.join(",", variants.stream().map(SweepVariant::label).toList());
        // a sync's cost grows with the wallet: the bar counts entries synced, so its ETA grows with them
        long work = Math.round(plan.entriesSynced(variants));
        try (Kwallet5Session kw = real ? Kwallet5.session(false, scratchDir) : null;
                ProgressBar bar = Progress.bar(name, work, "entries synced")) {
            int have = 0;
            int turn = 0;
            int timed = java.size() + (real ? 1 : 0);
            for (int size : sizes) {
                List<labbook.wallet.format.Entry> added = entries.next(size - have);
                wallets.forEach(w -> w.add(added));
                if (kw != null) {
                    kw.add(size - have);
                }
                have = size;
                int[] repeats = plan.repeatsAt(size);
                if (repeats[0] == repeats[1]) {
                    // another fork times this step: this one syncs as that one does, untimed, so that its wallets,
                    // heap and JIT come to the next checkpoint by the same path as the first fork's
                    for (int i = 0; i < java.size(); i++) {
                        if (plan.times(java.get(i), size)) {
                            wallets.get(i).sync();
                        }
                    }
                    if (kw != null) {
                        kw.sync(0);
                    }
                }
                boolean cipher = plan.timesCipher(size);
                List<Row> step = new ArrayList<>();
                for (int r = repeats[0]; r < repeats[1]; r++) {
                    // every variant once per repeat, the first one changing each time
                    for (int k = 0; k < timed; k++) {
                        int i = (turn + k) % timed;
                        if (i < java.size()) {
                            if (plan.times(java.get(i), size)) {
                                step.add(measure(java.get(i).label(), wallets.get(i), size, r, cipher));
                            }
                        } else {
                            step.add(Row.of(kw.sync(r)));
                        }
                    }
                    turn++;
                }
                rows.addAll(step);
                bar.stepBy(Math.round(plan.entriesSynced(variants, size)));
            }
        }
        for (SweepVariant v : java) {
            OwnedScratch.remove(scratchDir.resolve(v.label()));
        }
        return rows;
    }

    /**
     * One sync and the cipher alone on the same number of bytes; on odd repeats the cipher goes first, so neither
     * always runs with the other's caches and clock behind it.
     */
    static Row measure(String label, SweepVariant.SyncTarget wallet, int size, int repeat, boolean cipherAlone) {
        int n = cipherAlone ? wallet.cipherBytes() : 0;
        byte[] buf = cipherAlone ? new byte[n] : null;
        byte[] out = cipherAlone && wallet.cipherOutBytes(n) != 0 ? new byte[wallet.cipherOutBytes(n)] : buf;
        double[] cipher = {Double.NaN, Double.NaN};
        if (cipherAlone && repeat % 2 == 1) {
            cipher = timeCipher(wallet, buf, out);
        }
        long c0 = Clocks.threadCpuNanos();
        long t0 = System.nanoTime();
        long fileBytes = wallet.sync();
        Slowdown.after(System.nanoTime() - t0); // off unless a test of the A/B method asks (-Dlabbook.slowdown)
        long t1 = System.nanoTime();
        long c1 = Clocks.threadCpuNanos();
        SyncPhases p = wallet.lastSyncPhases();
        if (cipherAlone && repeat % 2 == 0) {
            cipher = timeCipher(wallet, buf, out);
        }
        return new Row(
                label,
                size,
                repeat,
                fileBytes,
                (t1 - t0) / 1e6,
                cipher[0],
                cipherAlone ? n : null,
                (c1 - c0) / 1e6,
                cipher[1],
                p.walkWaitNanos() / 1e6,
                p.commitNanos() / 1e6);
    }

    /** Wall and thread-CPU milliseconds of the cipher alone. */
    private static double[] timeCipher(SweepVariant.SyncTarget wallet, byte[] buf, byte[] out) {
        long c = Clocks.threadCpuNanos();
        long t = System.nanoTime();
        wallet.cipherOnly(buf, out);
        long wall = System.nanoTime() - t;
        return new double[] {wall / 1e6, (Clocks.threadCpuNanos() - c) / 1e6};
    }

    /**
     * Brings the JIT to steady state on a wallet of the same kind, so the loop measures compiled code, as the seed's
     * Release build was compiled ahead of time: syncs of {@link #WARMUP_SIZES} entries (up to the plan's largest), the
     * first small enough to be saved on the caller's thread, the second big enough for the background path that every
     * larger sync takes. With only the small ones, C2 compiled the big path's code (and aead's AES-GCM callers, which
     * reach the JDK's intrinsics only once compiled) inside the loop, and aead's syncs of 5,000 entries took several
     * times longer than those of 10,000.
     */
    private static void warmUp(SweepVariant variant, Plan plan, Path dir, byte[] password, BenchmarkEntries entries) {
        if (plan.warmupSyncs() == 0) {
            return;
        }
        Scratch.createFolder(dir);
        SweepVariant.SyncTarget w = variant.create(dir, password);
        int have = 0;
        for (int size : WARMUP_SIZES) {
            int next = Math.min(plan.max(), size);
            if (next > have) {
                w.add(entries.next(next - have));
                have = next;
                for (int i = 0; i < plan.warmupSyncs(); i++) {
                    measure("warmup", w, 0, i, true);
                }
            }
        }
        OwnedScratch.remove(dir);
    }
}
