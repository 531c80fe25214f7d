package labbook.reports.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import labbook.reports.results.ResampleTest;
import labbook.reports.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimsFileTest {
    @TempDir
    Path dir;

    private List<ClaimsFile.Row> rows() {
        Results r = ResampleTest.resultsOf(dir.resolve("root"), ResampleTest.rows("keyed"));
        return ClaimsFile.rows(r, List.of(new ClaimIntervalsTest.OneClaim(2.5)));
    }

    @Test
    void aClaimCarriesItsFigureIntervalThresholdAndVerdict() {
        ClaimsFile.Row row = rows().get(0);
        assertThat(row.study()).isEqualTo("s");
        assertThat(row.claimId()).isEqualTo("MEDIAN");
        assertThat(row.value()).isEqualTo(2.0);
        assertThat(row.ciLow()).isEqualTo(1.0);
        assertThat(row.ciHigh()).isEqualTo(3.0);
        assertThat(row.unit()).isEqualTo("ms");
        assertThat(row.threshold()).isEqualTo("< 2.5 ms");
        assertThat(row.category()).isEqualTo("inconclusive");
        assertThat(row.outcome()).isEqualTo("INCONCLUSIVE");
        assertThat(row.decided()).isFalse();
        assertThat(row.machine()).isEqualTo("vm");
        assertThat(row.root())
                .isEqualTo(dir.resolve("root").toAbsolutePath().normalize().toString());
    }

    @Test
    void theCsvReadsBackAsWrittenAndTheJsonHasTheSameKeys() throws Exception {
        List<ClaimsFile.Row> rows = rows();
        ClaimsFile.write(rows, dir);
        assertThat(ClaimsFile.read(dir.resolve(ClaimsFile.CSV))).isEqualTo(rows);
        String header = Files.readAllLines(dir.resolve(ClaimsFile.CSV)).get(0);
        assertThat(header)
                .startsWith("study,claim_id,claim,seed,measured,value,ci_low,ci_high,run_sd,unit,n,threshold");
        var json = new ObjectMapper().readTree(dir.resolve(ClaimsFile.JSON).toFile());
        assertThat(json.get(0).get("ci_low").asDouble()).isEqualTo(1.0);
        assertThat(json.get(0).get("category").asText()).isEqualTo("inconclusive");
    }

    @Test
    void aFileThatIsNoClaimsFileIsOneLineNamingIt() throws Exception {
        Path bad = dir.resolve("claims.csv");
        Files.writeString(bad, "study,claim_id\n\"unterminated\n");
        assertThatThrownBy(() -> ClaimsFile.read(bad))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(bad + ": not a claims file")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
