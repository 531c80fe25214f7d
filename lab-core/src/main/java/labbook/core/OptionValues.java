package labbook.core;

import java.util.ArrayList;
import java.util.Collection;
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
     * The options a run was given, for its rerun line in run.json: {@code rerun("--loops", loops, "--tree", tree)}
     * gives {@code --loops 2 --tree /t} for the ones that are not null (lists joined by commas).
     */
    public static String[] rerun(Object... optionsAndValues) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i + 1 < optionsAndValues.length; i += 2) {
            Object value = optionsAndValues[i + 1];
            if (value != null) {
                args.add(String.valueOf(optionsAndValues[i]));
                args.add(
                        value instanceof Collection<?> c
                                ? String.join(
                                        ",", c.stream().map(String::valueOf).toList())
                                : String.valueOf(value));
            }
        }
        return args.toArray(new String[0]);
    }
}
