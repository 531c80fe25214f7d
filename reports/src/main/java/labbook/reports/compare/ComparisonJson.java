package labbook.reports.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import labbook.reports.compare.RunComparison.ClaimChange;
import labbook.reports.compare.RunComparison.Geomean;
import labbook.reports.compare.RunComparison.MeasureChange;
import labbook.reports.compare.RunComparison.RunDifference;
import labbook.reports.compare.RunComparison.Side;

/**
 * {@code compare --format json}: the whole comparison, its parts the records {@link RunComparison} holds, which Jackson
 * binds, field names in snake case as the CSV's columns. A number that is not one (no interval below 6 repeats, no
 * p-value, an unbounded detectable change) is null, so every reader of JSON can parse it.
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
        double mdeLevel,
        List<RunDifference> differences,
        List<String> exclusions,
        List<ClaimChange> claims,
        List<MeasureChange> measures,
        List<Geomean> geomeans,
        String counts) {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new SimpleModule()
                    .addSerializer(Double.class, new FiniteOrNull())
                    .addSerializer(double.class, new FiniteOrNull()))
            .enable(SerializationFeature.INDENT_OUTPUT);

    static ComparisonJson of(RunComparison c) {
        return new ComparisonJson(
                c.a(),
                c.b(),
                c.summary(),
                c.noise(),
                c.noiseFloor(),
                c.flagged(),
                ComparisonText.method(c),
                RunComparison.CORRECTION,
                RunComparison.ALPHA,
                c.tested(),
                c.detectableLevel(),
                c.differences(),
                c.exclusions(),
                c.claims(),
                c.measures(),
                c.geomeans(),
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

    /** A finite double as a number, anything else as null: JSON has no NaN or infinity. */
    private static final class FiniteOrNull extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;

        FiniteOrNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (Double.isFinite(value)) {
                gen.writeNumber(value);
            } else {
                gen.writeNull();
            }
        }
    }
}
