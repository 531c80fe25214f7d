package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** An experiment's rerun options come from what picocli parsed: its own options as typed, not the lab's or all's. */
class ExperimentCommandTest {
    @Command(name = "sweep")
    static final class Sweep extends ExperimentCommand {
        @Option(names = "--threads", split = ",")
        List<Integer> threads;

        @Option(names = {"-r", "--repeats"})
        Integer repeats;

        @Option(names = "--dry")
        boolean dry;

        @Option(names = "--tool", defaultValue = "gpg")
        String tool;

        @Mixin
        AllOptions all;

        @Override
        public Integer call() {
            return 0;
        }

        String[] rerun() {
            return givenOptions();
        }
    }

    @Test
    void theOptionsGivenAreTheExperimentsOwnAsTypedInTheirOrder() {
        Sweep sweep = new Sweep();
        new CommandLine(sweep)
                .parseArgs(
                        "--out",
                        "/tmp/r",
                        "--full",
                        "--resume",
                        "-r",
                        "3",
                        "--keep-going",
                        "--threads",
                        "1,4",
                        "--dry");
        // the lab's own (--out, --full, --resume) and all's (--keep-going) say how to run, not what was measured;
        // a default (--tool) was not given; a short name is written long; a flag stands alone
        assertThat(sweep.rerun()).containsExactly("--repeats", "3", "--threads", "1,4", "--dry");
        assertThat(RunOptions.of(Mode.FULL, List.of(sweep.rerun())).given())
                .containsExactly(
                        java.util.Map.entry("--repeats", "3"),
                        java.util.Map.entry("--threads", "1,4"),
                        java.util.Map.entry("--dry", ""));
    }

    @Test
    void aCommandBuiltInCodeHasNoneAndOneThatAllBuildsHasWhatAllHandsOn() {
        assertThat(new Sweep().rerun()).isEmpty();
        LabOptions lab = new LabOptions();
        Sweep fromAll = ExperimentCommand.withOptionsOf(lab, new Sweep(), "--tool", "/opt/gpg");
        assertThat(fromAll.rerun()).containsExactly("--tool", "/opt/gpg");
        assertThat(fromAll.tool).isEqualTo("/opt/gpg");
        assertThat(fromAll.lab).isSameAs(lab);
    }
}
