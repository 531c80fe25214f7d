package labbook.vfs.experiments.kernelprofile;

import java.util.Arrays;
import labbook.core.LabException;

/**
 * Where a kernel sample's time went, in the seed's terms. Which kernel functions each category holds is declared once,
 * in the module's {@code kernel-categories.csv} ({@link KernelCategories}); a sample that no declared function claims
 * is {@link #REST}, listed by its own function's name.
 */
public enum KernelCategory {
    /** The walk itself: the path name copied in, each component looked up store-free (RCU-walk), permission checks. */
    LOOKUP("lookup", "the store-free lookup"),
    /**
     * Stores on shared dentries and their references: the final dentry's lockref taken and dropped, and the fall-back
     * from RCU-walk to ref-walk (try_to_unlazy, legitimize_*). The mechanism Piggin's patch removed from every
     * component; what is left of it today.
     */
    STORES("stores", "stores on shared dentries and their references"),
    /** getattr, the security hooks on it, and the stat copied to user space. */
    ATTRIBUTES("attributes", "reading the attributes"),
    /** The system call's entry and exit code, which every call passes through. */
    SYSCALL("syscall", "system call entry and exit"),
    /** Context switches, wake-ups, futexes, waiting for a child, and the timer tick that drives the scheduler. */
    SCHEDULING("scheduling", "scheduling and waiting"),
    /** Every kernel sample no declared function claims: process start and exit, page faults, ... by function. */
    REST("rest", "the rest");

    private final String id;
    private final String label;

    KernelCategory(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The category as the CSVs name it ({@code category} column). */
    public String id() {
        return id;
    }

    /** The category in words, for tables and charts. */
    public String label() {
        return label;
    }

    /** The category a CSV names; an unknown name is one line naming it and {@code where} it was read. */
    public static KernelCategory of(String id, String where) {
        return Arrays.stream(values())
                .filter(c -> c.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new LabException(where + ": unknown kernel category '" + id + "' (known: "
                        + String.join(
                                ", ",
                                Arrays.stream(values()).map(KernelCategory::id).toList()) + ")"));
    }
}
