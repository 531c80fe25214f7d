package labbook.filecrypt.experiments.directoryruns;

import static org.assertj.core.api.Assertions.assertThat;

import labbook.core.Mode;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.filecrypt.experiments.Engine;
import org.junit.jupiter.api.Test;

/** Which runs each engine times, in each mode: bcpg as a whole process in full mode only. */
class DirectoryRunsTimedTest {
    private static final String BINARY = "pdf";

    @Test
    void gpgAndInProcessTimeEveryRunInEveryMode() {
        for (Mode mode : Mode.values()) {
            for (Run run : Run.values()) {
                for (String type : new String[] {FolderTypes.TEXT, BINARY}) {
                    assertThat(DirectoryRunsExperiment.timed(mode, type, run, Engine.GPG))
                            .isTrue();
                    assertThat(DirectoryRunsExperiment.timed(mode, type, run, Engine.BCPG_IN_PROCESS))
                            .isTrue();
                }
            }
        }
    }

    @Test
    void aWholeProcessJvmPerFileIsFullModesAlone() {
        for (Run run : Run.values()) {
            assertThat(DirectoryRunsExperiment.timed(Mode.QUICK, FolderTypes.TEXT, run, Engine.BCPG_PROCESS))
                    .isFalse();
            assertThat(DirectoryRunsExperiment.timed(Mode.FULL, FolderTypes.TEXT, run, Engine.BCPG_PROCESS))
                    .isTrue();
        }
        assertThat(DirectoryRunsExperiment.timed(Mode.FULL, BINARY, Run.CRYPTO_DEFAULT, Engine.BCPG_PROCESS))
                .isTrue();
        assertThat(DirectoryRunsExperiment.timed(Mode.FULL, BINARY, Run.CRYPTO_SPEED, Engine.BCPG_PROCESS))
                .isFalse();
    }
}
