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
        return number(v) + (Double.isNaN(v) || Double.isInfinite(v) ? "" : suffix);
    }

    /** An interval in this unit, the unit once after the upper bound ("1.71-1.82 ms"); "—" where there is none. */
    public String format(Interval ci) {
        return ci.present() ? number(ci.low()) + "-" + format(ci.high()) : "—";
    }

    /** The value without its unit ("×" leads a ratio's every value: "×0.97-×1.06"). */
    private String number(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "never" : "-∞";
        }
        return switch (this) {
            case FRACTION -> Format.sig(v * 100, 3);
            case RATIO -> "×" + Format.sig(v, 3);
            case ENTRIES -> String.format(Locale.ROOT, "%,d", Math.round(v));
            default -> Format.num(v);
        };
    }
}
