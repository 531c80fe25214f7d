package labbook.wallet.experiments.syncsweep;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.wallet.WalletSeeds;
import labbook.wallet.peer.OpensslBlowfish;

/** What sync-sweep prints: the seed's figures beside our medians, and the ratios the study asks about. */
final class SyncSweepPrintout {
    private SyncSweepPrintout() {}

    /**
     * The seed's table beside ours (medians at the seed's sizes), then sync / cipher alone at 10,000 entries, and the
     * lab's cipher against OpenSSL's on the same number of bytes when {@code openssl} timed it.
     */
    static void print(List<SweepLoop.Row> rows, WalletSeeds seed, Optional<OpensslTimes> openssl, PrintStream out) {
        Map<String, List<SweepLoop.Row>> byVariant = rows.stream()
                .collect(Collectors.groupingBy(SweepLoop.Row::variant, LinkedHashMap::new, Collectors.toList()));
        List<String> header =
                new ArrayList<>(List.of("entries", "seed " + WalletSeeds.RELEASE, "seed " + WalletSeeds.DEBUG_FULL));
        header.addAll(byVariant.keySet());
        ConsoleTable table = new ConsoleTable(header.toArray(new String[0]));
        TreeSet<Integer> sizes = new TreeSet<>(seed.checkpoints());
        sizes.add(100_000);
        for (int n : sizes) {
            List<Object> cells = new ArrayList<>(List.of(
                    String.format(Locale.ROOT, "%,d", n),
                    seed.ms(WalletSeeds.RELEASE, n),
                    seed.ms(WalletSeeds.DEBUG_FULL, n)));
            boolean any = false;
            for (List<SweepLoop.Row> vr : byVariant.values()) {
                Summary s = Summary.of(vr.stream()
                        .filter(r -> r.entries() == n)
                        .map(SweepLoop.Row::syncMs)
                        .toList());
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
            List<SweepLoop.Row> at = e.getValue().stream()
                    .filter(r -> r.entries() == 10_000 && r.hasCipher())
                    .toList();
            if (at.isEmpty()) {
                continue;
            }
            Summary sync = Summary.of(at.stream().map(SweepLoop.Row::syncMs).toList());
            Summary cipher = Summary.of(at.stream().map(SweepLoop.Row::cipherMs).toList());
            Summary ratio =
                    Summary.of(at.stream().map(r -> r.syncMs() / r.cipherMs()).toList());
            Summary cpuRatio = Summary.of(
                    at.stream().map(r -> r.syncCpuMs() / r.cipherCpuMs()).toList());
            out.printf(
                    Locale.ROOT,
                    "%s at 10,000 entries: sync %.2f ms, cipher alone %.2f ms on %,d bytes: sync / cipher = %.2f x"
                            + " (median of per-repeat ratios %.2f, IQR %.2f-%.2f, n=%d; on thread CPU time "
                            + "%.2f, IQR %.2f-%.2f); goal <= %.2f%s%n",
                    e.getKey(),
                    sync.median(),
                    cipher.median(),
                    at.get(0).cipherBytes(),
                    sync.median() / cipher.median(),
                    ratio.median(),
                    ratio.q1(),
                    ratio.q3(),
                    ratio.n(),
                    cpuRatio.median(),
                    cpuRatio.q1(),
                    cpuRatio.q3(),
                    SyncSweepExperiment.SYNC_OVER_CIPHER_GOAL,
                    e.getKey().equals("kde4") ? "  [the seed's claim holds if <= 1.3]" : "");
            printPhases(e.getKey(), 10_000, at, out);
        }
        openssl.ifPresent(o -> printAgainstOpenssl(byVariant, o, out));
        printAgainstTheRealBackend(byVariant, sizes, out);
        printGrowth(byVariant, out);
        printDebugFullQuestion(byVariant, seed, out);
    }

    /**
     * Where the syncs' time went beside their cipher ({@link labbook.wallet.store.SyncPhases}): the cipher's wait for
     * the walk's thread and the commit, medians with their IQR and the largest, and the rest of the sync (its set-up,
     * the key schedule and the encryption, on the caller's thread) beside the cipher alone. A sync / cipher ratio above
     * its goal with a large wait in a few syncs comes from the scheduling of the sync's threads, not from its work.
     * Rows kept from a killed run have no phases and are left out.
     */
    static void printPhases(String variant, int entries, List<SweepLoop.Row> rows, PrintStream out) {
        List<SweepLoop.Row> timed = rows.stream()
                .filter(r -> r.entries() == entries && r.hasPhases() && r.hasCipher())
                .toList();
        if (timed.isEmpty()) {
            return;
        }
        Summary wait = Summary.of(timed.stream().map(SweepLoop.Row::walkWaitMs).toList());
        Summary commit = Summary.of(timed.stream().map(SweepLoop.Row::commitMs).toList());
        Summary rest = Summary.of(timed.stream()
                .map(r -> r.syncMs() - r.walkWaitMs() - r.commitMs())
                .toList());
        Summary cipher = Summary.of(timed.stream().map(SweepLoop.Row::cipherMs).toList());
        out.printf(
                Locale.ROOT,
                "  %s's syncs at %,d entries beside their cipher:"
                        + " waiting for the walk's thread %.2f ms (IQR %.2f-%.2f, largest %.2f),"
                        + " the commit %.2f ms (IQR %.2f-%.2f, largest %.2f),"
                        + " the rest %.2f ms (IQR %.2f-%.2f; the cipher alone %.2f), n=%d%n",
                variant,
                entries,
                wait.median(),
                wait.q1(),
                wait.q3(),
                wait.max(),
                commit.median(),
                commit.q1(),
                commit.q3(),
                commit.max(),
                rest.median(),
                rest.q1(),
                rest.q3(),
                cipher.median(),
                wait.n());
    }

    /**
     * OpenSSL's Blowfish timed in the same run on {@code bytes} bytes: {@code BF_cbc_encrypt} (KF5's mode) and the loop
     * of {@code BF_ecb_encrypt} (KDE4's), each pass once per repeat.
     */
    record OpensslTimes(int bytes, Map<OpensslBlowfish.Mode, List<Double>> ms) {}

    /**
     * kde4's and kf5's cipher alone against OpenSSL's Blowfish in the same mode (kde4 ECB, kf5 CBC) on the same number
     * of bytes (the rows whose cipher_bytes are OpenSSL's): medians, as the two were not timed in pairs, and the goal
     * for the lab's Blowfish.
     */
    static void printAgainstOpenssl(Map<String, List<SweepLoop.Row>> byVariant, OpensslTimes openssl, PrintStream out) {
        for (OpensslBlowfish.Mode mode : OpensslBlowfish.Mode.values()) {
            SweepVariant v = SweepVariant.cipheringAs(mode);
            Summary reference = Summary.of(openssl.ms().get(mode));
            out.printf(
                    Locale.ROOT,
                    "OpenSSL %s on %,d bytes: %.2f ms (IQR %.2f-%.2f, n=%d)%n",
                    mode.call(),
                    openssl.bytes(),
                    reference.median(),
                    reference.q1(),
                    reference.q3(),
                    reference.n());
            List<SweepLoop.Row> at = byVariant.getOrDefault(v.label(), List.of()).stream()
                    .filter(r -> r.hasCipher() && r.cipherBytes() == openssl.bytes())
                    .toList();
            if (at.isEmpty()) {
                continue;
            }
            Summary cipher = Summary.of(at.stream().map(SweepLoop.Row::cipherMs).toList());
            double ratio = cipher.median() / reference.median();
            out.printf(
                    Locale.ROOT,
                    "cipher goal: %s's Blowfish at %,d entries <= %.1f x OpenSSL's %s: %.2f ms / %.2f ms"
                            + " = %.2f x: %s%n",
                    v.label(),
                    at.get(0).entries(),
                    SyncSweepExperiment.CIPHER_OVER_OPENSSL_GOAL,
                    mode.label().toUpperCase(Locale.ROOT),
                    cipher.median(),
                    reference.median(),
                    ratio,
                    ratio <= SyncSweepExperiment.CIPHER_OVER_OPENSSL_GOAL ? "met" : "NOT met");
        }
    }

    /**
     * A KF5 wallet's key, PBKDF2-HMAC-SHA512 of {@code iterations} iterations, timed in the same run by the lab and by
     * OpenSSL ({@code PKCS5_PBKDF2_HMAC}): one of each per repeat, paired by index.
     */
    record KeyTimes(int iterations, List<Double> labMs, List<Double> opensslMs) {
        KeyTimes {
            if (labMs.size() != opensslMs.size()) {
                throw new IllegalArgumentException("key timings come in pairs: " + labMs.size() + " by the lab, "
                        + opensslMs.size() + " by OpenSSL");
            }
        }

        /** lab / OpenSSL, repeat by repeat. */
        List<Double> ratios() {
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < labMs.size(); i++) {
                out.add(labMs.get(i) / opensslMs.get(i));
            }
            return out;
        }
    }

    /** The lab's key derivation against OpenSSL's: each one's median, the per-repeat ratios', and the goal. */
    static void printKeyAgainstOpenssl(KeyTimes keys, PrintStream out) {
        Summary lab = Summary.of(keys.labMs());
        Summary openssl = Summary.of(keys.opensslMs());
        Summary ratio = Summary.of(keys.ratios());
        out.printf(
                Locale.ROOT,
                "kf5's key, PBKDF2-HMAC-SHA512 of %,d iterations: lab %.2f ms (IQR %.2f-%.2f), OpenSSL's"
                        + " PKCS5_PBKDF2_HMAC %.2f ms (IQR %.2f-%.2f), n=%d pairs%n",
                keys.iterations(),
                lab.median(),
                lab.q1(),
                lab.q3(),
                openssl.median(),
                openssl.q1(),
                openssl.q3(),
                ratio.n());
        out.printf(
                Locale.ROOT,
                "key goal: the lab's PBKDF2 <= %.1f x OpenSSL's: %.2f x"
                        + " (median of per-pair ratios, IQR %.2f-%.2f): %s%n",
                SyncSweepExperiment.KEY_OVER_OPENSSL_GOAL,
                ratio.median(),
                ratio.q1(),
                ratio.q3(),
                ratio.median() <= SyncSweepExperiment.KEY_OVER_OPENSSL_GOAL ? "met" : "NOT met");
    }

    /**
     * kde4 / kwallet5 at each checkpoint: per-repeat ratios (the two syncs of one repeat were timed moments apart in
     * the same loop), their median and IQR, and the speed goal at 10,000 entries.
     */
    static void printAgainstTheRealBackend(
            Map<String, List<SweepLoop.Row>> byVariant, Set<Integer> sizes, PrintStream out) {
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
            t.row(
                    String.format(Locale.ROOT, "%,d", n),
                    String.format(Locale.ROOT, "%.2f", median(lab, n)),
                    String.format(Locale.ROOT, "%.2f", median(real, n)),
                    String.format(Locale.ROOT, "%.2f", ratio.median()),
                    String.format(Locale.ROOT, "%.2f-%.2f", ratio.q1(), ratio.q3()),
                    ratio.n());
        }
        out.println();
        out.println(
                "sync-sweep: the lab's kde4 against KDE's real backend (kwallet5, fdatasync skipped as KSaveFile did),"
                        + " per-repeat ratios of syncs timed in the same loop");
        t.print(out);
        for (int n : SyncSweepExperiment.SPEED_GOAL_SIZES) {
            Summary goal = Summary.of(ratios(lab, real, n));
            if (goal.n() > 0) {
                out.printf(
                        Locale.ROOT,
                        "speed goal: kde4 at %,d entries <= %.2f x kwallet5: %.2f x (IQR %.2f-%.2f, n=%d): %s%n",
                        n,
                        SyncSweepExperiment.SPEED_GOAL,
                        goal.median(),
                        goal.q1(),
                        goal.q3(),
                        goal.n(),
                        goal.median() <= SyncSweepExperiment.SPEED_GOAL ? "met" : "NOT met");
            }
        }
    }

    /**
     * The growth goal, for each of the lab's wallets the sweep took to {@link SweepGrowth#TO} entries (full mode): the
     * ratio of the median syncs, and the same beside the cipher alone.
     */
    static void printGrowth(Map<String, List<SweepLoop.Row>> byVariant, PrintStream out) {
        for (SweepVariant v : SweepGrowth.VARIANTS) {
            List<SweepLoop.Row> rows = byVariant.get(v.label());
            if (rows == null) {
                continue;
            }
            SweepGrowth.of(SweepGrowth.at(rows, SweepGrowth.FROM), SweepGrowth.at(rows, SweepGrowth.TO))
                    .ifPresent(g -> out.printf(
                            Locale.ROOT,
                            "growth goal: %s from %,d to %,d entries <= %.1f x: %.2f x (median syncs %.2f -> %.2f"
                                    + " ms, n=%d, %d); beside its cipher alone %.2f x: %s%n",
                            v.label(),
                            SweepGrowth.FROM,
                            SweepGrowth.TO,
                            SweepGrowth.GOAL,
                            g.growth(),
                            g.from().median(),
                            g.to().median(),
                            g.from().n(),
                            g.to().n(),
                            g.besideCipher(),
                            g.met() ? "met" : "NOT met"));
            // what the growth came from: the phases at the larger size, beside those printed at the smaller
            printPhases(v.label(), SweepGrowth.TO, rows, out);
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
        Summary s = Summary.of(rows.stream()
                .filter(r -> r.entries() == entries)
                .map(SweepLoop.Row::syncMs)
                .toList());
        return s.n() == 0 ? Double.NaN : s.median();
    }

    /**
     * The DebugFull question: the seed's DebugFull build took x3.4 its Release time at 10,000 entries; which
     * unoptimised kde4 comes nearer that, C1 alone or the interpreter (each over kde4's median)? "Nearer" is the
     * smaller factor between the two ratios.
     */
    static void printDebugFullQuestion(Map<String, List<SweepLoop.Row>> byVariant, WalletSeeds seed, PrintStream out) {
        List<SweepLoop.Row> compiled = byVariant.get(SweepVariant.KDE4.label());
        double seedRatio = seed.value(WalletSeeds.DEBUG_FULL, 10_000) / seed.value(WalletSeeds.RELEASE, 10_000);
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
            out.printf(
                    Locale.ROOT,
                    "DebugFull question at 10,000 entries: seed DebugFull / Release = x%.2f; ours: %s: %s "
                            + "comes nearer%n",
                    seedRatio,
                    String.join("; ", parts),
                    nearest);
        }
    }
}
