package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every subcommand answers --help; experiment commands take --quick/--full and --out. */
class HelpTest {
    @ParameterizedTest
    @ValueSource(
            strings = {"dump", "import", "sync-sweep", "sync-jmh", "save-strategies", "crash-test", "tamper-test", "all"
            })
    void helpWorks(String command) {
        CliRun run = CliRun.of(command, "--help");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("Usage:").contains(command);
        if (!command.equals("dump") && !command.equals("import")) {
            assertThat(run.out()).contains("--quick").contains("--full").contains("--out");
        }
    }
}
