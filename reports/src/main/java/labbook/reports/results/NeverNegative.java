package labbook.reports.results;

import java.util.Arrays;
import java.util.Set;
import labbook.core.Column;

/**
 * Which declared columns are durations, sizes or rates, and so are never below 0: those whose name has a unit word
 * ({@code sync_ms}, {@code cpu_user_s}, {@code mb_per_s}, {@code file_bytes}, {@code bytes_written}). The one place
 * this rule is declared.
 */
public final class NeverNegative {
    /** The unit words of a column's name that make it a duration, size or rate. */
    public static final Set<String> UNITS = Set.of("ns", "us", "ms", "s", "bytes");

    private NeverNegative() {}

    /** A declared count or measure with a unit word in its name ({@link #UNITS}): never below 0. */
    public static boolean holdsFor(Column column) {
        return column.kind() != Column.Kind.TEXT
                && Arrays.stream(column.name().split("_")).anyMatch(UNITS::contains);
    }
}
