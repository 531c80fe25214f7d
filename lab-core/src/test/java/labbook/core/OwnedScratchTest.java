package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab's one mechanism for the files and folders a process works in (the signals are PartialFileTest's). */
class OwnedScratchTest {
    @TempDir
    Path dir;

    @Test
    void aClaimIsNamedAfterItsTargetAndProcessAndCloseRemovesItWithAllItHolds() throws Exception {
        Path target = dir.resolve("site");
        Path path;
        try (OwnedScratch claim = OwnedScratch.claim(target, "partial", OwnedScratch.Type.FOLDER)) {
            path = claim.path();
            assertThat(path.getFileName().toString())
                    .startsWith(".site." + ProcessHandle.current().pid() + ".")
                    .endsWith(".partial");
            Files.createDirectories(path.resolve("charts"));
            Files.writeString(path.resolve("charts/a.png"), "x");
        }
        assertThat(path).doesNotExist();
    }

    @Test
    void aReleasedClaimIsKept() throws Exception {
        OwnedScratch claim = OwnedScratch.claim(dir.resolve("w.kwl"), "partial", OwnedScratch.Type.FILE);
        Files.writeString(claim.path(), "whole");
        claim.release();
        claim.close();
        assertThat(claim.path()).hasContent("whole");
    }

    @Test
    void secretsAreTheOwnersAloneFromTheStart() throws Exception {
        try (OwnedScratch file = OwnedScratch.claim(dir.resolve("s"), "partial", OwnedScratch.Type.SECRET_FILE);
                OwnedScratch folder =
                        OwnedScratch.claim(dir.resolve("s"), "scratch", OwnedScratch.Type.SECRET_FOLDER)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path())))
                    .isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.path())))
                    .isEqualTo("rwx------");
        }
    }

    @Test
    @SuppressWarnings("try") // the claim is held over the checks, which never name it
    void theNextClaimRemovesWhatAProcessThatIsGoneLeftAndNothingElse() throws Exception {
        // 999999999 is above Linux's largest pid, so no process has it
        Path gone = Files.createDirectories(dir.resolve(".t.999999999.3.partial/fs"));
        Path live = Files.createDirectory(
                dir.resolve(".t." + ProcessHandle.current().pid() + ".99.partial"));
        Path otherKind = Files.createDirectory(dir.resolve(".t.999999999.4.old"));
        Path otherTarget = Files.createDirectory(dir.resolve(".u.999999999.5.partial"));
        Path notAPid = Files.createDirectory(dir.resolve(".t.mine.partial"));
        try (OwnedScratch claim = OwnedScratch.claim(dir.resolve("t"), "partial", OwnedScratch.Type.FOLDER)) {
            assertThat(gone.getParent()).doesNotExist();
            assertThat(live).exists();
            assertThat(otherKind).exists();
            assertThat(otherTarget).exists();
            assertThat(notAPid).exists();
        }
        assertThat(OwnedScratch.removeStale(dir.resolve("t"), "old")).containsExactly(otherKind);
    }
}
