package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretFileTest {
    @TempDir
    Path dir;

    @Test
    void readsTheBytesAndNamesOnlyTheFileOnError() throws Exception {
        Path file = dir.resolve("pw");
        Files.writeString(file, "s3cret\n");
        assertThat(SecretFile.read(file, "password file")).isEqualTo("s3cret\n".getBytes());
        Path missing = dir.resolve("none");
        assertThatThrownBy(() -> SecretFile.read(missing, "password file"))
                .isInstanceOf(LabException.class)
                .hasMessage("cannot read password file " + missing + ": no such file");
    }

    @Test
    void aFolderAnEndlessDeviceAndAHugeFileAreRefusedInOneLine() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("pwdir"));
        assertThatThrownBy(() -> SecretFile.read(folder, "password file"))
                .hasMessage("cannot read password file " + folder + ": is a folder");
        assertThatThrownBy(() -> SecretFile.read(Path.of("/dev/zero"), "passphrase file"))
                .hasMessage("passphrase file /dev/zero holds more than 64 KiB: not a password (is it the right file?)");
        Path big = Files.writeString(dir.resolve("big"), "a".repeat(SecretFile.MAX_BYTES + 1));
        assertThatThrownBy(() -> SecretFile.read(big, "password file"))
                .hasMessageContaining(big + " holds more than 64 KiB")
                .hasMessageNotContaining("aaaa");
        Path most = Files.writeString(dir.resolve("most"), "b".repeat(SecretFile.MAX_BYTES));
        assertThat(SecretFile.read(most, "password file")).hasSize(SecretFile.MAX_BYTES);
    }

    @Test
    void replaceSwapsTheWholeFile() throws Exception {
        Path target = dir.resolve("t");
        Files.writeString(target, "old");
        Path temp = dir.resolve(".t.partial");
        Files.writeString(temp, "new");
        AtomicFiles.replace(temp, target);
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(Files.exists(temp)).isFalse();
    }
}
