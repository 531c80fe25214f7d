package labbook.filecrypt.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The build ran JMH's annotation processor (javac 23+ runs it only when named): level-jmh has its benchmark. */
class BenchmarkListTest {
    @Test
    void theBenchmarkListNamesLevelBenchmark() throws Exception {
        try (InputStream in = BenchmarkListTest.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            assertThat(in).as("META-INF/BenchmarkList on the class path").isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains(LevelBenchmark.class.getName());
        }
    }
}
