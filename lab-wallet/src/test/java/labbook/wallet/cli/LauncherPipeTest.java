package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import labbook.core.Repo;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's direct launcher, as a user pipes it: {@code ./labbook wallet dump} of a real
 * fixture into {@code ./labbook wallet import}, and back. Its stdout must hold the program's output
 * alone (no build chatter, no escape codes), or the JSON would not parse. Runs inside Maven's own
 * build, so the launcher is told not to build (LABBOOK_NO_BUILD) and uses the module as built.
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
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", pipe).directory(Repo.root().toFile())
                .redirectError(dir.resolve("stderr").toFile());
        pb.environment().put("LABBOOK_NO_BUILD", "1");
        pb.environment().put("PW", pw.toString());
        pb.environment().put("IN", w.path().toString());
        pb.environment().put("OUT", copy.toString());
        pb.environment().put("AGAIN", dir.resolve("again.json").toString());
        pb.environment().put("FIRST", dir.resolve("first.json").toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr"))).isZero();

        byte[] first = Files.readAllBytes(dir.resolve("first.json"));
        assertThat(first[0]).as("stdout starts with the JSON itself").isEqualTo((byte) '{');
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(Files.readAllBytes(dir.resolve("again.json")))).isEqualTo(json.readTree(first));
        assertThat(new String(first, StandardCharsets.UTF_8)).doesNotContain("\u001b");
    }
}
