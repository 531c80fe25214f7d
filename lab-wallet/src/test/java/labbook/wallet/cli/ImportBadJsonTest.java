package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JSON spec that is missing, a folder, empty or not JSON: one line naming it, exit 1, no wallet written. */
class ImportBadJsonTest {
    @TempDir
    Path dir;

    @Test
    void missingFolderEmptyAndGarbageSpecsAreRefused() throws Exception {
        refused(dir.resolve("nope.json"), "no such file");
        refused(Files.createDirectory(dir.resolve("folder.json")), "folder.json");
        refused(Files.writeString(dir.resolve("empty.json"), ""), "empty file");
        refused(Files.writeString(dir.resolve("bad.json"), "{\"folders\": ["), "not valid JSON");
    }

    private void refused(Path json, String reason) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw"), "a password for this test");
        Path out = dir.resolve("out.kwl");
        CliRun run = CliRun.importJson("kde4", pw, json, out.toString());
        assertThat(run.code()).isEqualTo(1);
        String err = run.err().strip();
        assertThat(err)
                .doesNotContain("\n")
                .doesNotContain("Exception")
                .contains(json.toString())
                .contains(reason);
        assertThat(err).doesNotContain("a password for this test");
        assertThat(out).doesNotExist();
    }
}
