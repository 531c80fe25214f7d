package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;

class SeedDirectoryRunsTest {
    @Test
    void thePrintoutReadsTheSeedTableTheReportReads() {
        SeedDirectoryRuns seeds = SeedDirectoryRuns.load();
        // the seed's text page: "5.73 sec to 3.68 sec" and mean sizes 38.6 % and 42.8 %
        assertThat(seeds.get("text", "published-gpg-default-z7")).isEqualTo(new SeedDirectoryRuns.Figure(5.73, 38.6));
        assertThat(seeds.get("text", "crypto-default")).isEqualTo(new SeedDirectoryRuns.Figure(3.68, 42.8));
        assertThat(seeds.get("mp3", "published-gpg-default-z7").cpuTotalS()).isEqualTo(2.14);
        assertThat(seeds.get("png", "crypto-speed").meanSizePct())
                .as("the binary pages publish no sizes")
                .isNaN();
        assertThat(seeds.get("text", "gpg-default-z6"))
                .as("a run the seed did not make")
                .isEqualTo(SeedDirectoryRuns.Figure.NONE);
    }

    @Test
    void aTableWithOtherColumnsIsRefused() {
        assertThatThrownBy(() -> SeedDirectoryRuns.parse(new StringReader("type,run,cpu_s\ntext,x,1\n"), "seed.csv"))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("seed.csv: columns [type, run, cpu_s], expected");
    }
}
