package labbook.wallet.peer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import labbook.wallet.WalletSeeds;

/**
 * The seed's loop as the harness runs it: wallet sizes 1, then every {@code step} up to {@code max}, plus the
 * checkpoints; {@code repeats} timed syncs at each checkpoint, one elsewhere. The same sizes as the Java variants' plan
 * in sync-sweep.
 */
public record SweepPlan(int max, int step, SortedSet<Integer> checkpoints, int repeats) {

    public SweepPlan {
        if (max < 1 || step < 1 || repeats < 1) {
            throw new IllegalArgumentException("max, step and repeats must be at least 1");
        }
        checkpoints = Collections.unmodifiableSortedSet(new TreeSet<>(checkpoints));
    }

    /** The seed's loop to {@code max} in steps of 100, {@code repeats} syncs at the seed's checkpoints (and at max). */
    public static SweepPlan seed(int max, int repeats) {
        TreeSet<Integer> cps = new TreeSet<>(WalletSeeds.load().checkpoints());
        cps.add(max);
        cps.removeIf(c -> c > max);
        return new SweepPlan(max, 100, cps, repeats);
    }

    /** Every wallet size the loop syncs at, ascending. */
    public List<Integer> sizes() {
        return sizes(max, step, checkpoints);
    }

    /**
     * The sizes of the seed's loop, for the harness's plan and sync-sweep's alike: 1, then every {@code step} up to
     * {@code max}, and the checkpoints up to {@code max}; ascending, each once.
     */
    public static List<Integer> sizes(int max, int step, Collection<Integer> checkpoints) {
        TreeSet<Integer> sizes = new TreeSet<>();
        sizes.add(1);
        for (int n = step; n <= max; n += step) {
            sizes.add(n);
        }
        for (int c : checkpoints) {
            if (c >= 1 && c <= max) {
                sizes.add(c);
            }
        }
        return new ArrayList<>(sizes);
    }

    /** The syncs at {@code size}: the repeats at a checkpoint, else one. */
    public int repeatsAt(int size) {
        return checkpoints.contains(size) ? repeats : 1;
    }

    /** The harness's arguments for this plan. */
    List<String> harnessArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--max",
                Integer.toString(max),
                "--step",
                Integer.toString(step),
                "--repeats",
                Integer.toString(repeats)));
        if (!checkpoints.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            checkpoints.forEach(c -> sb.append(sb.length() == 0 ? "" : ",").append(c));
            args.add("--checkpoints");
            args.add(sb.toString());
        }
        return args;
    }
}
