package labbook.reports.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/** Numbers as the site prints them: a few significant digits, no locale surprises. */
public final class Format {
    private Format() {}

    /** {@code digits} significant digits, plain notation, trailing zeros dropped; "n/a" for NaN. */
    public static String sig(double value, int digits) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(value).round(new MathContext(digits));
        String s = d.stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /** Three significant digits; thousands grouped from 10,000 up ("2,730,000"). */
    public static String num(double value) {
        if (Math.abs(value) < 1e-12) {
            return "0"; // rounding residue of a difference of equal medians, not a measurement
        }
        String plain = sig(value, 3);
        if (Double.isNaN(value) || Double.isInfinite(value) || Math.abs(value) < 10_000) {
            return plain;
        }
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(new BigDecimal(plain));
    }

    /** Every digit a value has (for published figures, which must not be rounded), thousands grouped. */
    public static String exact(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        BigDecimal d = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        return new DecimalFormat("#,##0.##########", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(d);
    }

    /** A ratio as "×0.42". */
    public static String ratio(double value) {
        return Double.isNaN(value) ? "n/a" : "×" + sig(value, 2);
    }

    /** A fraction as a percentage: 0.428 gives "42.8 %". */
    public static String pct(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : sig(fraction * 100, 3) + " %";
    }

    /** Bytes per second in human units. */
    public static String bandwidth(double bytesPerS) {
        if (Double.isNaN(bytesPerS)) {
            return "n/a";
        }
        if (Double.isInfinite(bytesPerS)) {
            return "any bandwidth";
        }
        if (bytesPerS == 0) {
            return "never";
        }
        String[] units = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"};
        int u = 0;
        double v = bytesPerS;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%s %s", sig(v, 3), units[u]);
    }
}
