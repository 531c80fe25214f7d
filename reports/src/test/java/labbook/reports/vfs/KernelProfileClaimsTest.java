package labbook.reports.vfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import labbook.vfs.VfsSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

/** The kernel profile's claims on the fixture, and "not measured" with its reason where perf could not sample. */
class KernelProfileClaimsTest {
    @Test
    void theFixturesProfileAnswersTheThreeQuestions() {
        List<Claim> claims = new KernelProfileClaims().claims(Fixtures.a());
        assertThat(claims)
                .extracting(c -> c.id().name() + " " + c.about())
                .containsExactly(
                        "KERNEL_STORES git-diff",
                        "KERNEL_STORES stat-walk",
                        "KERNEL_PER_FILE serial",
                        "KERNEL_PER_FILE parallel",
                        "KERNEL_SAME_WORK ");
        // stores: 5 % serial, 4.1-4.3 % parallel in the fixture: under ×1.5, no more stores in parallel
        assertThat(claims.get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claims.get(0).interval().present()).isTrue();
        // 2.0 us a lookup x 95,100 lookups / 78,635 files = 2.42 us a file, against the seed's 0.68 s / 100 / 30,254
        assertThat(claims.get(3).verdict().text()).isEqualTo("11 x slower here");
        // today's parallel / serial per lookup is about 1.0; the seed's 0.12 lies below its interval
        assertThat(claims.get(4).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void whereThePerfCouldNotSampleEveryClaimIsNotMeasuredAndSaysWhy(@TempDir Path tmp) throws IOException {
        Path root = tmp.resolve("results");
        Fixtures.copy(Fixtures.root("results-a"), root);
        Path vfs = root.resolve(VfsSchemas.STUDY);
        Files.delete(vfs.resolve(VfsSchemas.KERNEL_PROFILE.fileName()));
        Files.delete(vfs.resolve(VfsSchemas.KERNEL_PROFILE_FUNCTIONS.fileName()));
        Files.writeString(
                vfs.resolve(VfsSchemas.KERNEL_PROFILE_STATUS.fileName()),
                "measured,reason,missing_functions\n0,perf is not installed: apt-get install linux-perf,\n");
        Results results = Explore.load(List.of(root));
        List<Claim> claims = new KernelProfileClaims().claims(results);
        assertThat(claims).hasSize(4).allSatisfy(c -> {
            assertThat(c.verdict()).isEqualTo(Verdict.NOT_MEASURED);
            assertThat(c.note()).isEqualTo("not measured: perf is not installed: apt-get install linux-perf");
        });
        Map<String, Table> analyses = KernelProfileAnalyses.of(results);
        assertThat(analyses.keySet()).singleElement().asString().startsWith("kernel-profile: not measured");
    }
}
