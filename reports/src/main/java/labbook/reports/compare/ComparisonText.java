package labbook.reports.compare;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import labbook.core.ConsoleTable;
import labbook.reports.compare.RunComparison.Change;
import labbook.reports.compare.RunComparison.ClaimChange;
import labbook.reports.compare.RunComparison.Geomean;
import labbook.reports.compare.RunComparison.MeasureChange;
import labbook.reports.compare.RunComparison.RunDifference;
import labbook.reports.compare.RunComparison.Sample;
import labbook.reports.stats.DetectableChange;
import labbook.reports.stats.Format;
import labbook.reports.stats.RankTest;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A comparison as text: the terminal's aligned tables (benchstat's layout: one table per experiment and timing, a
 * geomean row under each), Markdown for an issue or a paper, CSV (one row per measurement) and JSON (everything).
 */
public final class ComparisonText {
    /** The columns of the CSV form, one row per measurement. */
    public static final List<String> CSV_HEADER = List.of(
            "study",
            "experiment",
            "measure",
            "key",
            "n_a",
            "median_a",
            "median_a_low",
            "median_a_high",
            "n_b",
            "median_b",
            "median_b_low",
            "median_b_high",
            "ratio",
            "ratio_low",
            "ratio_high",
            "p",
            "p_adjusted",
            "p_exact",
            "verdict",
            "mde",
            "run_sd");

    /** The columns of a table of one experiment's timing (the first names the table: "wallet/sync-sweep sync_ms"). */
    public static final List<String> COLUMNS = List.of(
            "key",
            "A median",
            "[95 % CI]",
            "n",
            "B median",
            "[95 % CI]",
            "n",
            "B/A",
            "[95 % CI]",
            "p",
            "p (BH)",
            "verdict",
            "MDE");

    private ComparisonText() {}

    /** One measurement's cells under {@link #COLUMNS}. */
    public static List<String> cells(MeasureChange m) {
        return List.of(
                m.key().isEmpty() ? "(one measurement)" : m.key(),
                Format.num(m.a().median()),
                interval(m.a()),
                Integer.toString(m.a().n()),
                Format.num(m.b().median()),
                interval(m.b()),
                Integer.toString(m.b().n()),
                ratio(m.ratio()),
                ratioInterval(m),
                Format.sig(m.p(), 2),
                Format.sig(m.pAdjusted(), 2),
                m.change().word(),
                showsDetectable(m) ? detectable(m.detectable()) : "");
    }

    /** The geomean row under a table's measurements. */
    public static List<String> geomeanCells(Geomean g) {
        return List.of("geomean (" + g.of() + ")", "", "", "", "", "", "", ratio(g.ratio()), "", "", "", "", "");
    }

    /**
     * Whether a measurement's row shows the change it could have detected: a "~" or "too few samples", where the reader
     * needs to know what the verdict could have missed (a called change was detected).
     */
    public static boolean showsDetectable(MeasureChange m) {
        return m.change() == Change.SAME || m.change() == Change.TOO_FEW;
    }

    /**
     * The row that ends a table: the median detectable change of its "~" and "too few samples" measurements (listed or
     * not; an infinite one counts as the largest, one with no figure is left out); none when it has no such figure.
     */
    public static Optional<List<String>> detectableCells(List<MeasureChange> rows) {
        double[] figures = rows.stream()
                .filter(ComparisonText::showsDetectable)
                .mapToDouble(MeasureChange::detectable)
                .filter(d -> !Double.isNaN(d))
                .sorted()
                .toArray();
        if (figures.length == 0) {
            return Optional.empty();
        }
        int half = figures.length / 2;
        double median = figures.length % 2 == 1
                ? figures[half]
                : figures[half - 1] == figures[half] ? figures[half] : (figures[half - 1] + figures[half]) / 2;
        List<String> cells = new ArrayList<>(Collections.nCopies(COLUMNS.size(), ""));
        cells.set(0, "median MDE of " + figures.length + " (~, too few)");
        cells.set(COLUMNS.size() - 1, detectable(median));
        return Optional.of(cells);
    }

    /** A detectable change as "±7.9 %"; "∞" when none could be detected; "n/a" without a figure. */
    static String detectable(double fraction) {
        if (Double.isNaN(fraction)) {
            return "n/a";
        }
        return Double.isInfinite(fraction) ? "∞" : "±" + Format.sig(fraction * 100, 2) + " %";
    }

    /**
     * Whether a table lists the measurement: one with a single repeat on a side can never be judged (a sweep times most
     * sizes once), so it is counted under the table instead of listed; the CSV and JSON forms hold every one.
     */
    public static boolean listed(MeasureChange m) {
        return m.a().n() > 1 && m.b().n() > 1;
    }

    /** The line under a table that counts the measurements it does not list. */
    public static String unlisted(long count) {
        return count + " more with a single repeat on a side (too few samples) not listed";
    }

    /** The terminal's form: what differed, the claims (flips first), then a table per experiment and timing. */
    public static String terminal(RunComparison c) {
        StringBuilder out = new StringBuilder();
        header(c, out, "");
        out.append('\n');
        if (!c.claims().isEmpty()) {
            out.append("seed claims (flips first):\n");
            for (ClaimChange claim : c.claims()) {
                out.append("  ").append(claimLine(claim)).append('\n');
            }
            out.append('\n');
        }
        for (Map.Entry<String, List<MeasureChange>> table : tables(c).entrySet()) {
            List<MeasureChange> rows = table.getValue();
            List<String> header = new ArrayList<>(COLUMNS);
            header.set(0, table.getKey());
            ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
            rows.stream().filter(ComparisonText::listed).forEach(m -> t.row(cells(m).toArray()));
            geomean(c, rows.get(0)).ifPresent(g -> t.row(geomeanCells(g).toArray()));
            detectableCells(rows).ifPresent(cells -> t.row(cells.toArray()));
            out.append(print(t));
            long hidden = rows.stream().filter(m -> !listed(m)).count();
            if (hidden > 0) {
                out.append(unlisted(hidden)).append('\n');
            }
            out.append('\n');
        }
        out.append(c.counts()).append('\n');
        return out.toString();
    }

    /** Markdown: the same sections, as lists and pipe tables. */
    public static String markdown(RunComparison c) {
        StringBuilder out = new StringBuilder();
        out.append("## Comparison: ").append(c.summary()).append("\n\n");
        header(c, out, "- ");
        if (!c.claims().isEmpty()) {
            out.append("\n### Seed claims (flips first)\n\n");
            for (ClaimChange claim : c.claims()) {
                out.append("- ").append(cell(claimLine(claim))).append('\n');
            }
        }
        for (Map.Entry<String, List<MeasureChange>> table : tables(c).entrySet()) {
            out.append("\n### ").append(table.getKey()).append("\n\n");
            out.append(markdownRow(COLUMNS));
            out.append("|---|---:|---|---:|---:|---|---:|---:|---|---:|---:|---|---:|\n");
            table.getValue().forEach(m -> out.append(markdownRow(cells(m))));
            geomean(c, table.getValue().get(0)).ifPresent(g -> out.append(markdownRow(geomeanCells(g))));
            detectableCells(table.getValue()).ifPresent(cells -> out.append(markdownRow(cells)));
        }
        out.append('\n').append(c.counts()).append('\n');
        return out.toString();
    }

    /** CSV: one row per measurement, full precision, for a spreadsheet or a script. */
    public static String csv(RunComparison c) {
        StringWriter text = new StringWriter();
        try (CSVPrinter csv = new CSVPrinter(
                text,
                CSVFormat.DEFAULT
                        .builder()
                        .setHeader(CSV_HEADER.toArray(String[]::new))
                        .setRecordSeparator("\n")
                        .get())) {
            for (MeasureChange m : c.measures()) {
                csv.printRecord(
                        m.study(),
                        m.experiment(),
                        m.measure(),
                        m.key(),
                        m.a().n(),
                        number(m.a().median()),
                        number(m.a().low()),
                        number(m.a().high()),
                        m.b().n(),
                        number(m.b().median()),
                        number(m.b().low()),
                        number(m.b().high()),
                        number(m.ratio()),
                        number(m.ratioLow()),
                        number(m.ratioHigh()),
                        number(m.p()),
                        number(m.pAdjusted()),
                        m.exactP(),
                        m.change().word(),
                        number(m.detectable()),
                        number(m.runSd()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** JSON: the whole comparison ({@link ComparisonJson}). */
    public static String json(RunComparison c) {
        return ComparisonJson.write(c);
    }

    /** The header lines: both roots, the comparison in one line, what differed study by study, what was left out. */
    static void header(RunComparison c, StringBuilder out, String bullet) {
        out.append(bullet)
                .append("A: ")
                .append(c.a().root())
                .append(" (")
                .append(c.a().label())
                .append(")\n");
        out.append(bullet)
                .append("B: ")
                .append(c.b().root())
                .append(" (")
                .append(c.b().label())
                .append(")\n");
        out.append(bullet).append("comparison: ").append(c.summary()).append('\n');
        for (RunDifference d : c.differences()) {
            out.append(bullet)
                    .append(d.study())
                    .append(' ')
                    .append(d.field())
                    .append(": ")
                    .append(d.a())
                    .append(" → ")
                    .append(d.b())
                    .append('\n');
        }
        for (String e : c.exclusions()) {
            out.append(bullet).append("excluded: ").append(e).append('\n');
        }
        for (String f : c.flagged()) {
            out.append(bullet).append("flagged: ").append(f).append('\n');
        }
        out.append(bullet).append(c.noiseFloor()).append('\n');
        out.append(bullet).append(method(c)).append('\n');
    }

    /** How the verdicts were reached, in one line: the comparison's own (ab's rounds), else compare's tests. */
    public static String method(RunComparison c) {
        if (!c.method().isEmpty()) {
            return c.method();
        }
        String repeats = String.format(
                Locale.ROOT,
                "verdicts: U-test (exact p-values up to %d values in all), %s over the %d measurements that could "
                        + "reach significance, false discovery rate %s: faster or slower when p (BH) is below %s and "
                        + "B/A beyond the noise threshold %s; MDE: the smallest change a ~ or too few samples could "
                        + "have detected at %s power at the level a measurement not called had to reach (p below %s), "
                        + "exp((t(1-α/2) + t(%s)) s sqrt(1/n_A + 1/n_B) sqrt(π/3)) - 1 with s the pooled SD of the "
                        + "logs, never below the noise threshold, ∞ where no arrangement of the repeats reaches "
                        + "that level; medians with 95 %% order-statistic intervals (±∞ below 6 repeats), "
                        + "B/A with 95 %% percentile bootstrap intervals",
                RankTest.EXACT_UP_TO,
                RunComparison.CORRECTION,
                c.tested(),
                Format.pct(RunComparison.ALPHA),
                Format.sig(RunComparison.ALPHA, 2),
                Format.pct(c.noise()),
                Format.pct(DetectableChange.POWER),
                Format.sig(c.detectableLevel(), 2),
                Format.sig(DetectableChange.POWER, 2));
        boolean calibrated = c.measures().stream().anyMatch(m -> !Double.isNaN(m.runSd()));
        return calibrated
                ? repeats + "; a measurement judged between runs (run_sd set: a calibration's spread, or several "
                        + "runs a side, as the noise line says) is decided by its runs' t-test instead, and its MDE "
                        + "is that test's, exp((t(1-α/2) + t(0.8)) SE) - 1"
                : repeats;
    }

    public static String claimLine(ClaimChange c) {
        return c.study() + " " + c.claim() + ": "
                + (c.a().equals(c.b()) ? c.a() + " on both" : c.a() + " on A, " + c.b() + " on B")
                + (c.flips() ? " (flips)" : "");
    }

    /** The measurements table by table: "wallet/sync-sweep sync_ms", in the order they were compared. */
    public static Map<String, List<MeasureChange>> tables(RunComparison c) {
        Map<String, List<MeasureChange>> out = new LinkedHashMap<>();
        for (MeasureChange m : c.measures()) {
            out.computeIfAbsent(m.study() + "/" + m.experiment() + " " + m.measure(), k -> new ArrayList<>())
                    .add(m);
        }
        return out;
    }

    public static Optional<Geomean> geomean(RunComparison c, MeasureChange any) {
        return c.geomeans().stream()
                .filter(g -> g.study().equals(any.study())
                        && g.experiment().equals(any.experiment())
                        && g.measure().equals(any.measure()))
                .findFirst();
    }

    /** A median's interval as "[lo, hi]"; "±∞" when n is too small for any 95 % interval, as benchstat prints. */
    static String interval(Sample s) {
        return Double.isNaN(s.low()) ? "±∞" : "[" + Format.num(s.low()) + ", " + Format.num(s.high()) + "]";
    }

    static String ratioInterval(MeasureChange m) {
        return Double.isNaN(m.ratioLow())
                ? "n/a"
                : "[" + Format.sig(m.ratioLow(), 3) + ", " + Format.sig(m.ratioHigh(), 3) + "]";
    }

    static String ratio(double r) {
        return Double.isNaN(r) ? "n/a" : "×" + Format.sig(r, 3);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String markdownRow(List<String> cells) {
        return "| "
                + String.join(" | ", cells.stream().map(ComparisonText::cell).toList()) + " |\n";
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    /** ConsoleTable prints to a stream; the comparison is one string, for stdout or a test. */
    static String print(ConsoleTable table) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
