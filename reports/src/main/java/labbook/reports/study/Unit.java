package labbook.reports.study;

import java.util.Locale;
import labbook.reports.stats.Format;
import labbook.reports.stats.Interval;

/** The unit of a claim's judged figure, its interval and its threshold: how each is printed. */
public enum Unit {
    MICROS(" µs"),
    MS(" ms"),
    SECONDS(" s"),
    /** A fraction, printed as a percentage (0.428 gives "42.8 %"). */
    FRACTION(" %"),
    /** A ratio of two measures, printed as "×1.23". */
    RATIO(""),
    ENTRIES(" entries"),
    BYTES(" bytes"),
    COUNT("");

    private final String suffix;

    Unit(String suffix) {
        this.suffix = suffix;
    }

    /** One value in this unit, three significant digits. */
    public String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "never" : "-∞";
        }
        return switch (this) {
            case FRACTION -> Format.pct(v);
            case RATIO -> "×" + Format.sig(v, 3);
            case ENTRIES -> String.format(Locale.ROOT, "%,d entries", Math.round(v));
            default -> Format.num(v) + suffix;
        };
    }

    /** An interval in this unit, "1.71-1.82 ms"; "—" where there is none. */
    public String format(Interval ci) {
        if (!ci.present()) {
            return "—";
        }
        String low = format(ci.low());
        String high = format(ci.high());
        // the unit once, after the upper bound: "1.71-1.82 ms", "×0.97-×1.06" stays as it is
        if (!suffix.isEmpty() && this != FRACTION && this != ENTRIES && low.endsWith(suffix)) {
            low = low.substring(0, low.length() - suffix.length());
        }
        if (this == FRACTION && low.endsWith(" %")) {
            low = low.substring(0, low.length() - 2);
        }
        if (this == ENTRIES && low.endsWith(" entries")) {
            low = low.substring(0, low.length() - " entries".length());
        }
        return low + "-" + high;
    }
}
