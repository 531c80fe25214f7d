package labbook.vfs.dcache;

import java.util.List;

/**
 * The model's two path walks, by the names the benchmark's {@code walk} parameter and dcache-model.csv's {@code walk}
 * column give them: the one declaration the benchmark, the experiment, its printout and {@code reports} take them from.
 * Constants rather than an enum, so that JMH's {@code @Param} can name them.
 */
public final class Walk {
    /** ref-walk, 2.6.32's: the shared fs lock, a d_lock and a reference count on every component passed. */
    public static final String REF = "ref";
    /** RCU-walk, store-free (2.6.38+): sequence counts read hand over hand, a reference only on the final entry. */
    public static final String RCU = "rcu";
    /** Both walks, ref first: the order the benchmark runs and the printouts show them. */
    public static final List<String> ALL = List.of(REF, RCU);

    private Walk() {}
}
