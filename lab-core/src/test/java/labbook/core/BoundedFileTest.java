package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole files read under a limit: refused in one line naming the file, never its content; streams cut off at it. */
class BoundedFileTest {
    @TempDir
    Path dir;

    @Test
    void readsTheBytesAndNamesOnlyTheFileOnError() throws Exception {
        Path file = dir.resolve("pw");
        Files.writeString(file, "s3cret\n");
        assertThat(BoundedFile.read(file, "password file", BoundedFile.SECRET_BYTES))
                .isEqualTo("s3cret\n".getBytes(StandardCharsets.UTF_8));
        Path missing = dir.resolve("none");
        assertThatThrownBy(() -> BoundedFile.read(missing, "password file", BoundedFile.SECRET_BYTES))
                .isInstanceOf(LabException.class)
                .hasMessage("cannot read password file " + missing + ": no such file");
    }

    @Test
    void aFolderAnEndlessDeviceAndAHugeFileAreRefusedInOneLine() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("pwdir"));
        assertThatThrownBy(() -> BoundedFile.read(folder, "password file", BoundedFile.SECRET_BYTES))
                .hasMessage(folder + ": is a folder, not a password file");
        assertThatThrownBy(() -> BoundedFile.read(Path.of("/dev/zero"), "passphrase file", BoundedFile.SECRET_BYTES))
                .hasMessage("/dev/zero: larger than 64 KiB, too big for a passphrase file");
        Path big = Files.writeString(dir.resolve("big"), "a".repeat(BoundedFile.SECRET_BYTES + 1));
        assertThatThrownBy(() -> BoundedFile.read(big, "password file", BoundedFile.SECRET_BYTES))
                .hasMessage(big + ": larger than 64 KiB, too big for a password file")
                .hasMessageNotContaining("aaaa");
        Path most = Files.writeString(dir.resolve("most"), "b".repeat(BoundedFile.SECRET_BYTES));
        assertThat(BoundedFile.read(most, "password file", BoundedFile.SECRET_BYTES))
                .hasSize(BoundedFile.SECRET_BYTES);
    }

    @Test
    void aStreamReadsUpToItsLimitAndAFileOverItIsOneLine() throws Exception {
        Path csv = Files.writeString(dir.resolve("a.csv"), "x".repeat(100));
        try (var in = BoundedFile.open(csv, 100)) {
            assertThat(in.readAllBytes()).hasSize(100);
        }
        java.io.IOException over = org.assertj.core.api.Assertions.catchThrowableOfType(
                java.io.IOException.class, () -> BoundedFile.open(csv, 99));
        assertThat(BoundedFile.isOverLimit(over)).isTrue();
        assertThat(BoundedFile.failed("read", csv, 99, "a results CSV", over))
                .hasMessage(csv + ": 100 bytes, over the 99 bytes limit for a results CSV");
        // a file that grows past the limit after it was opened is cut off there
        java.io.InputStream growing = BoundedFile.open(csv, 100);
        Files.writeString(csv, "y".repeat(50), java.nio.file.StandardOpenOption.APPEND);
        java.io.IOException cut =
                org.assertj.core.api.Assertions.catchThrowableOfType(java.io.IOException.class, growing::readAllBytes);
        growing.close();
        assertThat(BoundedFile.isOverLimit(cut)).isTrue();
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
