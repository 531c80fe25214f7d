package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gpg's --passphrase-file semantics: the first line is the passphrase; errors name the file, never the secret. */
class PassphraseTest {
    @TempDir
    Path dir;

    @Test
    void theFirstLineIsThePassphraseWhateverTheLineEnd() throws Exception {
        for (String content : new String[] {"pässword\nsecond line", "pässword\r\nsecond", "pässword"}) {
            Path file = dir.resolve("pass");
            Files.write(file, content.getBytes(StandardCharsets.UTF_8));
            assertThat(Passphrase.read(file)).as(content).containsExactly("pässword".toCharArray());
        }
    }

    @Test
    void writeMakesAnOwnerOnlyFileThatReadsBack() throws Exception {
        Path file = dir.resolve("written");
        Passphrase.write(file, "a secret".toCharArray());
        assertThat(Files.getPosixFilePermissions(file))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(Passphrase.read(file)).containsExactly("a secret".toCharArray());
    }

    @Test
    void anEmptyFirstLineAndAMissingFileAreOneLineNamingTheFile() throws Exception {
        Path empty = dir.resolve("empty");
        Files.writeString(empty, "\nnot the passphrase");
        assertThatThrownBy(() -> Passphrase.read(empty))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(empty.toString())
                .hasMessageNotContaining("not the passphrase");
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> Passphrase.read(missing))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("passphrase file");
    }
}
