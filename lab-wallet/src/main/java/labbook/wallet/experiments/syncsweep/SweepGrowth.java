package labbook.wallet.experiments.syncsweep;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import labbook.core.Summary;

/**
 * How much a variant's sync grows from {@link #FROM} to {@link #TO} entries: linear work grows {@code TO / FROM} times,
 * and the goal allows a little more ({@link #GOAL}). The goal's figure is the ratio of the two median syncs. They were
 * timed minutes apart, and this machine's speed drifts by more than the margin between them, so the same growth is also
 * given beside the cipher alone: the ratio of the per-repeat sync / cipher medians, times the cipher's bytes ratio. The
 * cipher is linear work timed moments from each sync, so that figure is free of drift, as long as it stays so. Both the
 * printout and the report compute the growth here.
 */
public record SweepGrowth(Summary from, Summary to, double growth, double besideCipher) {
    /** The seed's largest checkpoint, where quick mode's sweep ends. */
    public static final int FROM = 10_000;
    /** The seed's loop's end: full mode only. */
    public static final int TO = 100_000;
    /** Linear work grows ten times from {@link #FROM} to {@link #TO}; the goal is at most this. */
    public static final double GOAL = 10.5;
    /** The variants held to the goal: the lab's own wallets. */
    public static final List<SweepVariant> VARIANTS = List.of(SweepVariant.KDE4, SweepVariant.KF5, SweepVariant.AEAD);

    /** One size's rows of a variant, as arrays of the columns the growth reads; a cipher-less row has NaN there. */
    @SuppressWarnings("ArrayRecordComponent") // one size's samples, never compared or hashed
    public record AtSize(double[] syncMs, double[] syncOverCipher, double cipherBytes) {}

    /** The growth from {@code from} to {@code to}; empty if either has no sync. */
    public static Optional<SweepGrowth> of(AtSize from, AtSize to) {
        Summary a = Summary.of(from.syncMs());
        Summary b = Summary.of(to.syncMs());
        if (a.n() == 0 || b.n() == 0 || a.median() <= 0) {
            return Optional.empty();
        }
        Summary ra = Summary.of(finite(from.syncOverCipher()));
        Summary rb = Summary.of(finite(to.syncOverCipher()));
        double beside = ra.n() == 0 || rb.n() == 0 || from.cipherBytes() <= 0
                ? Double.NaN
                : rb.median() / ra.median() * (to.cipherBytes() / from.cipherBytes());
        return Optional.of(new SweepGrowth(a, b, b.median() / a.median(), beside));
    }

    /** The rows of one variant at {@code entries}. */
    static AtSize at(List<SweepLoop.Row> rows, int entries) {
        List<SweepLoop.Row> at =
                rows.stream().filter(r -> r.entries() == entries).toList();
        return new AtSize(
                at.stream().mapToDouble(SweepLoop.Row::syncMs).toArray(),
                at.stream()
                        .filter(SweepLoop.Row::hasCipher)
                        .mapToDouble(r -> r.syncMs() / r.cipherMs())
                        .toArray(),
                at.stream()
                        .filter(SweepLoop.Row::hasCipher)
                        .mapToDouble(SweepLoop.Row::cipherBytes)
                        .findFirst()
                        .orElse(0));
    }

    public boolean met() {
        return growth <= GOAL;
    }

    private static double[] finite(double[] values) {
        return Arrays.stream(values).filter(Double::isFinite).toArray();
    }
}
