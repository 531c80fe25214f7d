package labbook.core;

import java.util.Arrays;
import java.util.List;

/** Checks of numeric option values: a bad one is one line naming the option, exit 2 (as picocli's own errors). */
public final class OptionValues {
    private OptionValues() {}

    /** {@code value}, or {@code fallback} when the option was not given; below {@code min} is a bad argument. */
    public static int atLeast(String option, Integer value, int min, int fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < min) {
            throw LabException.badValue(option, value, "at least " + min);
        }
        return value;
    }

    /** The same for a {@code long} option (sizes in bytes). */
    public static long atLeast(String option, Long value, long min, long fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < min) {
            throw LabException.badValue(option, value, "at least " + min);
        }
        return value;
    }

    /**
     * A default written as an option's comma-separated value ({@code "1,2,20"}), as a list: the one string both the
     * {@code --help} text and the code read, so that they cannot drift apart.
     */
    public static List<Integer> defaultInts(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(Integer::valueOf).toList();
    }
}
