package labbook.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import labbook.core.LabException;
import labbook.filecrypt.FilecryptSeeds.DirectoryFigure;
import labbook.filecrypt.FilecryptSeeds.DirectoryFigures;
import org.junit.jupiter.api.Test;

class FilecryptSeedsTest {
    @Test
    void thePrintoutReadsTheSeedTableTheReportReads() {
        DirectoryFigures seeds = FilecryptSeeds.directoryFigures();
        // the seed's text page: "5.73 sec to 3.68 sec" and mean sizes 38.6 % and 42.8 %
        assertThat(seeds.get("text", "published-gpg-default-z7")).isEqualTo(new DirectoryFigure(5.73, 38.6));
        assertThat(seeds.get("text", "crypto-default")).isEqualTo(new DirectoryFigure(3.68, 42.8));
        assertThat(seeds.get("mp3", "published-gpg-default-z7").cpuTotalS()).isEqualTo(2.14);
        assertThat(seeds.get("png", "crypto-speed").meanSizePct())
                .as("the binary pages publish no sizes")
                .isNaN();
        assertThat(seeds.get("text", "gpg-default-z6"))
                .as("a run the seed did not make")
                .isEqualTo(DirectoryFigure.NONE);
    }

    @Test
    void aTableWithOtherColumnsIsRefused() {
        assertThatThrownBy(() -> FilecryptSeeds.parseDirectoryFigures(
                        new StringReader("type,run,cpu_s\ntext,x,1\n"), "seed.csv"))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("seed.csv: columns [type, run, cpu_s], expected");
    }
}
