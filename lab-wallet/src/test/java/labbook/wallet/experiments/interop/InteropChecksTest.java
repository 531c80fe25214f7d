package labbook.wallet.experiments.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import labbook.wallet.peer.RealBackend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The interop rows an experiment would write, on small random wallets: what each direction gives. */
@ExtendWith(RealBackend.class)
class InteropChecksTest {
    @TempDir
    Path dir;

    @Test
    void everyDirectionAsObserved() {
        List<InteropChecks.Check> checks = InteropChecks.run(1000, dir);
        checks.forEach(c -> System.out.println("kwallet5 interop: " + c));

        assertThat(checks)
                .filteredOn(c -> c.direction().equals("lab-kf5->kwallet5"))
                .hasSize(9)
                .allMatch(InteropChecks.Check::identical);
        assertThat(checks)
                .filteredOn(c -> c.direction().equals("kwallet5->lab"))
                .hasSize(9)
                .allMatch(InteropChecks.Check::identical)
                .allMatch(c -> c.detail().contains("dialect KF5, hash section as the lab computes it")
                        && c.detail().contains("(the lab's size)"));
        assertThat(checks)
                .filteredOn(c -> c.direction().equals("lab-kde4->kwallet5"))
                .hasSize(3)
                .allMatch(c -> c.outcome().equals("refused") && c.openCode() == -9);
        assertThat(checks)
                .filteredOn(c -> c.direction().equals("fixture->kwallet5"))
                .extracting(c -> c.wallet() + ": " + c.outcome() + (c.openCode() == null ? "" : " " + c.openCode()))
                .containsExactly(
                        "openwall.kwl: refused -9",
                        "blank_pass.kwl: refused -9",
                        "python5.kwl: refused -9",
                        "kwalletmanager-15.04.2-2_fedora23.kwl: refused -9",
                        "kwallet-with-salt.kwl: identical");
        assertThat(checks)
                .filteredOn(c -> c.direction().equals("lab-odd-type->kwallet5"))
                .singleElement()
                .satisfies(c ->
                        assertThat(c.detail()).contains("the backend read 1 entries in folders {''=0, 'Passwords'=1}"));
        assertThat(dir).isEmptyDirectory();
    }
}
