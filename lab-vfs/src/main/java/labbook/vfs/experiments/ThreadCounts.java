package labbook.vfs.experiments;

import java.util.List;
import java.util.TreeSet;
import labbook.core.LabException;

/** The {@code --threads N,N...} of the experiments that walk on several thread counts: checked, sorted, each once. */
public final class ThreadCounts {
    /** The most threads a walk may start: more would measure the scheduler rather than the walk. */
    public static final int MAX = 1024;

    private ThreadCounts() {}

    /** The thread counts asked for, ascending and each once; one line naming {@code --threads} for a bad one. */
    public static List<Integer> requested(List<Integer> requested) {
        TreeSet<Integer> counts = new TreeSet<>();
        for (Integer t : requested) {
            if (t == null || t < 1 || t > MAX) {
                throw LabException.badValue("--threads", t, "a thread count from 1 to " + MAX);
            }
            counts.add(t);
        }
        return List.copyOf(counts);
    }
}
