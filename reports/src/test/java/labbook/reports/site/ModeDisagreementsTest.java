package labbook.reports.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.Studies;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A quick run and a full run of one machine, side by side: the claims they verdict differently, and only those. */
class ModeDisagreementsTest {
    @TempDir
    Path dir;

    /** The fixture twice, on one host: once as it is (quick), once relabelled as a full run. */
    private Results quickAndFull() throws IOException {
        Path quick = dir.resolve("quick");
        Path full = dir.resolve("full");
        Fixtures.copy(Fixtures.root("results-a"), quick);
        Fixtures.copy(Fixtures.root("results-a"), full);
        try (Stream<Path> files = Files.walk(full)) {
            for (Path p : files.filter(f -> f.getFileName().toString().equals("run.json"))
                    .toList()) {
                Files.writeString(p, Files.readString(p).replace("\"mode\": \"quick\"", "\"mode\": \"full\""));
            }
        }
        return Explore.load(List.of(quick, full));
    }

    private static List<Claim> walletClaims(Results results) {
        return Studies.ALL.stream()
                .filter(s -> s.id().equals("wallet"))
                .findFirst()
                .orElseThrow()
                .reproduction(results);
    }

    @Test
    void theSameFiguresInBothModesDisagreeNowhere() throws IOException {
        Results results = quickAndFull();
        assertThat(ModeDisagreements.of(results, "wallet", walletClaims(results)))
                .isEmpty();
    }

    @Test
    @SuppressWarnings("ReferenceEquality") // every claim but that one itself
    void aVerdictThatFlipsAndAClaimOneModeDidNotMeasureAreShownWithBothSides() throws IOException {
        Results results = quickAndFull();
        List<Claim> claims = new ArrayList<>(walletClaims(results));
        Claim flipped = claims.stream()
                .filter(c -> c.machine().equals("fixture-a: full")
                        && c.verdict().outcome() != Verdict.DOES_NOT_HOLD.outcome())
                .findFirst()
                .orElseThrow();
        claims.set(claims.indexOf(flipped), flipped.verdict(Verdict.DOES_NOT_HOLD));
        Claim quickOnly = claims.stream()
                .filter(c -> c.machine().equals("fixture-a: full") && c != flipped && !sameClaim(c, flipped))
                .findFirst()
                .orElseThrow();
        claims.remove(quickOnly);

        List<ModeDisagreements.Row> rows = ModeDisagreements.of(results, "wallet", claims);

        assertThat(rows).hasSize(2);
        ModeDisagreements.Row flip = rows.stream()
                .filter(r -> r.claim().equals(flipped.claim()))
                .findFirst()
                .orElseThrow();
        assertThat(flip.full().verdict()).isEqualTo("does not hold");
        assertThat(flip.full().machine()).isEqualTo("fixture-a: full (full)");
        assertThat(flip.quick().machine()).isEqualTo("fixture-a: quick (quick)");
        assertThat(flip.quick().verdict()).isNotEqualTo("does not hold");
        ModeDisagreements.Row missing = rows.stream()
                .filter(r -> r.claim().equals(quickOnly.claim()))
                .findFirst()
                .orElseThrow();
        assertThat(missing.full().verdict()).isEqualTo("not measured in this mode");
        assertThat(missing.quick().machine()).isEqualTo("fixture-a: quick (quick)");
    }

    @Test
    void oneModeAloneHasNoDisagreements() {
        Results results = Fixtures.a();
        assertThat(ModeDisagreements.of(results, "wallet", walletClaims(results)))
                .isEmpty();
    }

    private static boolean sameClaim(Claim a, Claim b) {
        return a.id().name().equals(b.id().name()) && a.about().equals(b.about());
    }
}
