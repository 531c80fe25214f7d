package labbook.vfs.dcache;

import java.util.List;
import labbook.core.Variant;

/**
 * The model's two path walks, dcache-model's variants, by the labels the benchmark's {@code walk} parameter and
 * dcache-model.csv's {@code walk} column give them: the one declaration the benchmark, the experiment, its printout and
 * {@code reports} take them from.
 */
public enum Walk implements Variant {
    /** ref-walk, 2.6.32's (the baseline): the shared fs lock, a d_lock and a reference count on every component. */
    REF(Walk.REF_LABEL),
    /** RCU-walk, store-free (2.6.38+): sequence counts read hand over hand, a reference only on the final entry. */
    RCU(Walk.RCU_LABEL);

    /** ref-walk's label, a constant so that JMH's {@code @Param} can name it. */
    public static final String REF_LABEL = "ref";

    /** RCU-walk's label, a constant so that JMH's {@code @Param} can name it. */
    public static final String RCU_LABEL = "rcu";

    /** Both walks, ref first: the order the benchmark runs and the printouts show them. */
    public static final List<Walk> ALL = List.of(REF, RCU);

    private final String label;

    Walk(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The label, as the printouts write the walk ("rcu-walk peaks at ..."). */
    @Override
    public String toString() {
        return label;
    }

    /** The walk a row's or a parameter's {@code walk} value names. */
    public static Walk of(String label) {
        return Variant.named(label, ALL);
    }
}
