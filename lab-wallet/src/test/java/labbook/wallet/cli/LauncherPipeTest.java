package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.Repo;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's direct launcher, as a user pipes it: {@code ./labbook wallet dump} of a real fixture into
 * {@code ./labbook wallet import}, and back. Its stdout must hold the program's output alone (no build chatter, no
 * escape codes), or the JSON would not parse. Runs inside Maven's own build, so the launcher is told not to build
 * (LABBOOK_NO_BUILD) and uses the module as built.
 */
class LauncherPipeTest {
    @TempDir
    Path dir;

    @Test
    void dumpPipedIntoImportRoundTripsARealWallet() throws Exception {
        Path launcher = Repo.root().resolve("labbook");
        assumeTrue(Files.isExecutable(launcher), "no ./labbook launcher at " + launcher);
        Fixtures.Wallet w = Fixtures.named("kwallet-with-salt.kwl");
        Path pw = Files.write(dir.resolve("pw"), w.passwordBytes());
        Path copy = dir.resolve("copy.kwl");
        String pipe = "set -o pipefail; ./labbook wallet dump --password-file \"$PW\" \"$IN\""
                + " | ./labbook wallet import --format kf5 --password-file \"$PW\" --json /dev/stdin \"$OUT\""
                + " && ./labbook wallet dump --password-file \"$PW\" \"$OUT\" > \"$AGAIN\""
                + " && ./labbook wallet dump --password-file \"$PW\" \"$IN\" > \"$FIRST\"";
        // four JVMs start one after another: on a machine loaded many times over that takes minutes, not a hang
        ChildSpec spec = Child.spec("the launcher pipe", "bash", "-c", pipe)
                .dir(Repo.root())
                .limit(Duration.ofMinutes(10))
                .env("LABBOOK_NO_BUILD", "1")
                .env("PW", pw.toString())
                .env("IN", w.path().toString())
                .env("OUT", copy.toString())
                .env("AGAIN", dir.resolve("again.json").toString())
                .env("FIRST", dir.resolve("first.json").toString());
        try (Child pipeline = Child.start(spec)) {
            assertThat(pipeline.waitFor()).as(pipeline.stderrText()).isZero();
        }

        byte[] first = Files.readAllBytes(dir.resolve("first.json"));
        assertThat(first[0]).as("stdout starts with the JSON itself").isEqualTo((byte) '{');
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(Files.readAllBytes(dir.resolve("again.json")))).isEqualTo(json.readTree(first));
        assertThat(new String(first, StandardCharsets.UTF_8)).doesNotContain("\u001b");
    }
}
