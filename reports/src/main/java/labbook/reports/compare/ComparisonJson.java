package labbook.reports.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;
import java.util.List;
import labbook.reports.compare.RunComparison.ClaimChange;
import labbook.reports.compare.RunComparison.RunDifference;

/**
 * {@code compare --format json}: the whole comparison as records that Jackson binds, field names in snake case as the
 * CSV's columns. A number that is not one (no interval below 6 repeats, no p-value) is null, so every reader of JSON
 * can parse it; the noise threshold is always a number.
 */
record ComparisonJson(
        Side a,
        Side b,
        String comparison,
        double noise,
        String noiseFloor,
        List<String> flagged,
        String method,
        String correction,
        double falseDiscoveryRate,
        int tested,
        Double mdeLevel,
        List<RunDifference> differences,
        List<String> exclusions,
        List<ClaimChange> claims,
        List<Measure> measures,
        List<Geomean> geomeans,
        String counts) {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /** One root: its folder as the user gave it (a string, not the URI Jackson writes for a path) and its label. */
    record Side(String root, String label) {
        static Side of(RunComparison.Side s) {
            return new Side(s.root().toString(), s.label());
        }
    }

    record Sample(int n, Double median, Double low, Double high) {
        static Sample of(RunComparison.Sample s) {
            return new Sample(s.n(), number(s.median()), number(s.low()), number(s.high()));
        }
    }

    /** One measurement; {@code verdict} is the word the tables print, {@code mde} the smallest detectable change. */
    record Measure(
            String study,
            String experiment,
            String measure,
            String key,
            Sample a,
            Sample b,
            Double ratio,
            Double ratioLow,
            Double ratioHigh,
            Double p,
            Double pAdjusted,
            boolean pExact,
            String verdict,
            Double mde,
            boolean mdeUnbounded,
            Double runSd) {
        static Measure of(RunComparison.MeasureChange m) {
            return new Measure(
                    m.study(),
                    m.experiment(),
                    m.measure(),
                    m.key(),
                    Sample.of(m.a()),
                    Sample.of(m.b()),
                    number(m.ratio()),
                    number(m.ratioLow()),
                    number(m.ratioHigh()),
                    number(m.p()),
                    number(m.pAdjusted()),
                    m.exactP(),
                    m.change().word(),
                    number(m.detectable()),
                    m.detectable() == Double.POSITIVE_INFINITY,
                    number(m.runSd()));
        }
    }

    record Geomean(String study, String experiment, String measure, int of, Double ratio) {
        static Geomean of(RunComparison.Geomean g) {
            return new Geomean(g.study(), g.experiment(), g.measure(), g.of(), number(g.ratio()));
        }
    }

    static ComparisonJson of(RunComparison c) {
        return new ComparisonJson(
                Side.of(c.a()),
                Side.of(c.b()),
                c.summary(),
                c.noise(),
                c.noiseFloor(),
                c.flagged(),
                ComparisonText.method(c),
                RunComparison.CORRECTION,
                RunComparison.ALPHA,
                c.tested(),
                number(c.detectableLevel()),
                c.differences(),
                c.exclusions(),
                c.claims(),
                c.measures().stream().map(Measure::of).toList(),
                c.geomeans().stream().map(Geomean::of).toList(),
                c.counts());
    }

    /** The comparison as indented JSON, ending in a newline. */
    static String write(RunComparison c) {
        try {
            return MAPPER.writeValueAsString(of(c)) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A finite value, or null for JSON, which has no NaN or infinity. */
    private static Double number(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
