package labbook.wallet.experiments.syncjmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import labbook.core.Mode;
import org.junit.jupiter.api.Test;

/** JMH's forks start with the module's declared JVM flags, each whole, whatever launched sync-jmh. */
class SyncJmhArgsTest {
    @Test
    void eachForkGetsEveryDeclaredFlagWhole() {
        List<String> flags = List.of("--enable-native-access=ALL-UNNAMED", "-XX:+UseParallelGC");
        List<String> args =
                SyncJmhExperiment.jmhArgs(SyncJmhExperiment.Settings.of(Mode.QUICK), Path.of("/tmp/x y"), flags);

        assertThat(args)
                .containsSubsequence("-jvmArgsAppend", "--enable-native-access=ALL-UNNAMED")
                .containsSubsequence("-jvmArgsAppend", "-XX:+UseParallelGC")
                .containsSubsequence("-jvmArgsAppend", "-Dlabbook.wallet.scratch=/tmp/x y")
                .containsSubsequence("-p", "variant=kde4,kf5")
                .containsSubsequence("-f", "1");
    }
}
