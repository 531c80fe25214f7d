package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartialFileTest {
    @TempDir
    Path dir;

    @Test
    void committedReplacesTheTargetAndClosedLeavesItAsItWas() throws Exception {
        Path target = Files.writeString(dir.resolve("out.txt"), "old");
        try (PartialFile p = PartialFile.create(target, true)) {
            Files.writeString(p.path(), "new");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p.path())))
                    .isEqualTo("rw-------");
        }
        assertThat(Files.readString(target)).isEqualTo("old");
        try (PartialFile p = PartialFile.create(target, false)) {
            Files.writeString(p.path(), "new");
            p.commit();
        }
        assertThat(Files.readString(target)).isEqualTo("new");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    /**
     * The writer runs on beside the shutdown hook: once the hook has deleted the partial file, opening it fails instead
     * of creating it again (the race a signalled decrypt once lost in CI, leaving {@code .out.txt.<pid>.1.partial}).
     */
    @Test
    void aPartialFileDeletedByTheHookIsNotCreatedAgain() throws Exception {
        Path target = dir.resolve("out.txt");
        try (PartialFile p = PartialFile.create(target, true)) {
            Files.delete(p.path()); // as the hook does
            assertThatThrownBy(p::newOutputStream).isInstanceOf(NoSuchFileException.class);
        }
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    /** SIGTERM and SIGINT run the shutdown hook (the partial file goes); SIGKILL leaves it for the next create. */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT", "KILL"})
    void aSignalledWriterLeavesNoPartialFileBehind(String signal) throws Exception {
        Path target = Files.writeString(dir.resolve("plain.txt"), "previous");
        Process writer = new ProcessBuilder(
                        ForkedJava.command(List.of(), PartialWriterMain.class.getName(), List.of(target.toString())))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path partial;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(writer.getInputStream(), Charset.defaultCharset()))) {
            partial = Path.of(out.readLine());
        }
        assertThat(partial).exists();
        new ProcessBuilder("kill", "-" + signal, Long.toString(writer.pid()))
                .start()
                .waitFor();
        assertThat(writer.waitFor(300, TimeUnit.SECONDS)).isTrue();

        if (signal.equals("KILL")) {
            assertThat(partial).exists();
            PartialFile.create(target, true).close(); // the next writer of the target clears it
        }
        assertThat(partial).doesNotExist();
        assertThat(Files.readString(target)).isEqualTo("previous");
    }
}
