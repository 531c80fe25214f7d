package labbook.reports.study;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.LabException;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;

/**
 * The claims as data: {@code data/claims.csv} and {@code data/claims.json} beside the report's pages, one row per claim
 * and results root, so two runs' verdicts compare without reading HTML ({@code compare} reads them) and a notebook
 * loads them with one call. The columns are the components of {@link Row}, declared once: the CSV's header, the JSON's
 * keys and the reader all come from it.
 */
public final class ClaimsFile {
    /** The file names, in the site's {@code data/} folder. */
    public static final String CSV = "claims.csv";

    public static final String JSON = "claims.json";

    private ClaimsFile() {}

    /**
     * One claim on one results root.
     *
     * @param root the results root's folder (absolute), which {@code compare} matches
     * @param value the figure the verdict judges, in {@code unit}
     * @param ciLow the lower bound of its 95 % interval (a bootstrap over the repeats, widened to the spread between
     *     runs where a calibration of the machine measured it), empty when it has none
     * @param runSd that spread between runs (the SD of the figure's logs), empty where the interval is the repeats'
     *     alone
     * @param category the verdict without figures ("faster", "holds", "inconclusive"): what two runs compare
     * @param outcome how the verdict reads on the page (agrees, fails, differs, inconclusive, not measured)
     */
    @JsonPropertyOrder({
        "study",
        "claimId",
        "claim",
        "seed",
        "measured",
        "value",
        "ciLow",
        "ciHigh",
        "runSd",
        "unit",
        "n",
        "threshold",
        "verdict",
        "category",
        "outcome",
        "machine",
        "mode",
        "root",
        "note"
    })
    public record Row(
            String study,
            String claimId,
            String claim,
            String seed,
            String measured,
            Double value,
            Double ciLow,
            Double ciHigh,
            Double runSd,
            String unit,
            Integer n,
            String threshold,
            String verdict,
            String category,
            String outcome,
            String machine,
            String mode,
            String root,
            String note) {

        /** Decided: neither inconclusive nor unmeasured. */
        public boolean decided() {
            return Verdict.Outcome.valueOf(outcome).decided();
        }
    }

    /** Every study's claims on every root, judged on their intervals, as rows. */
    public static List<Row> rows(Results results, List<Study> studies) {
        List<Row> rows = new ArrayList<>();
        for (Study study : studies) {
            for (Claim c : study.judgedClaims(results)) {
                ResultsRoot root = results.roots().stream()
                        .filter(r -> r.label().equals(c.machine()))
                        .findFirst()
                        .orElse(null);
                rows.add(row(study.id(), c, root));
            }
        }
        return rows;
    }

    static Row row(String study, Claim c, ResultsRoot root) {
        boolean ci = c.interval().present();
        return new Row(
                study,
                c.key(),
                c.claim(),
                c.seed(),
                c.measured(),
                Double.isNaN(c.value()) ? null : c.value(),
                ci ? c.interval().low() : null,
                ci ? c.interval().high() : null,
                Double.isNaN(c.runSpread()) ? null : c.runSpread(),
                c.threshold() == null ? "" : c.threshold().unit().name().toLowerCase(java.util.Locale.ROOT),
                c.n() == 0 ? null : c.n(),
                c.thresholdText(),
                c.verdict().text(),
                c.verdict().category(),
                c.verdict().outcome().name(),
                c.machine(),
                root == null || !root.study(study).ran()
                        ? ""
                        : root.study(study).latest().mode(),
                root == null ? "" : root.root().toAbsolutePath().normalize().toString(),
                c.note());
    }

    /** Writes {@link #CSV} and {@link #JSON} into {@code dir}. */
    public static void write(List<Row> rows, Path dir) throws IOException {
        Files.writeString(dir.resolve(CSV), csv(rows));
        Files.writeString(dir.resolve(JSON), JSON_MAPPER.writeValueAsString(rows) + "\n");
    }

    /** The rows as the claims CSV's text, header first. */
    public static String csv(List<Row> rows) {
        try {
            return CSV_MAPPER.writer(csvSchema()).writeValueAsString(rows);
        } catch (IOException e) {
            throw new IllegalStateException("records of strings and numbers always write", e);
        }
    }

    /**
     * The rows of a claims CSV, matched by its header's names (a file an older lab wrote, without a later column, still
     * reads); one line naming the file when it cannot be read.
     */
    public static List<Row> read(Path csv) {
        try (MappingIterator<Row> it = CSV_MAPPER
                .readerFor(Row.class)
                .with(CsvSchema.emptySchema().withHeader())
                .readValues(csv.toFile())) {
            return it.readAll();
        } catch (IOException | RuntimeException e) {
            throw new LabException(csv + ": not a claims file ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    private static final CsvMapper CSV_MAPPER = csvMapper();

    private static final ObjectMapper JSON_MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private static CsvMapper csvMapper() {
        CsvMapper m = new CsvMapper();
        m.setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
        m.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        return m;
    }

    private static CsvSchema csvSchema() {
        return CSV_MAPPER.schemaFor(Row.class).withHeader();
    }
}
