package labbook.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import labbook.core.Launch;
import labbook.core.Mode;
import labbook.filecrypt.corpus.BinaryType;
import labbook.filecrypt.corpus.FullCorpus;
import labbook.filecrypt.main.FilecryptLab;
import labbook.filecrypt.pgp.NativeZlib;
import org.junit.jupiter.api.Test;

/**
 * The Debian packages lab-filecrypt's pom declares (which {@code ./labbook} installs before a run) are what the study
 * runs in quick mode: gpg and its agent, {@code file} for the mime check, zlib's headers for the zlib binding of JDK
 * 17-21, and each binary corpus's own packages, which those corpora name for their messages. A corpus that starts to
 * need another package fails here, not on a fresh machine.
 */
class LaunchDeclarationTest {
    @Test
    void theDeclaredPackagesAreWhatTheQuickStudyRuns() {
        List<String> needed =
                new ArrayList<>(List.of("gpg", "gpg-agent", FileMime.PACKAGE, NativeZlib.HEADERS_PACKAGE));
        for (BinaryType type : BinaryType.values()) {
            needed.addAll(type.packages(Mode.QUICK));
        }
        assertThat(Launch.onClassPath("filecrypt").packages()).containsExactlyInAnyOrderElementsOf(needed);
    }

    @Test
    void theDeclaredFullPackagesAreWhatFullModeAdds() {
        List<String> needed = new ArrayList<>(FullCorpus.DEBIAN_PACKAGES);
        for (BinaryType type : BinaryType.values()) {
            type.packages(Mode.FULL).stream()
                    .filter(p -> !type.packages(Mode.QUICK).contains(p))
                    .forEach(needed::add);
        }
        assertThat(Launch.onClassPath("filecrypt").fullPackages()).containsExactlyInAnyOrderElementsOf(needed);
    }

    @Test
    void theDeclarationIsThisModules() {
        Launch launch = Launch.onClassPath("filecrypt");
        assertThat(launch.module()).isEqualTo("lab-filecrypt");
        assertThat(launch.mainClass()).isEqualTo(FilecryptLab.class.getName());
    }
}
