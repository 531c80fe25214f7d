package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import labbook.core.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged kernel, started by Jupyter from its kernelspec and spoken to over the protocol by jupyter_kernel_test
 * (src/test/python/test_kernel_protocol.py): kernel_info, results (text, PNG, HTML), display_data, stdout/stderr,
 * errors with short traces, completion, is_complete, inspect, interrupt of a busy and of a sleeping cell, and answers
 * after a cell that throws.
 */
@Tag("jupyter")
class KernelProtocolTest {
    @TempDir
    Path prefix;

    @Test
    void jupyterKernelTestPasses() throws Exception {
        Jupyter jupyter = Jupyter.require(prefix, "jupyter_client", "jupyter_kernel_test");
        Path tests =
                Repo.root().resolve("notebooks").resolve("src").resolve("test").resolve("python");

        Jupyter.Run run = jupyter.python(tests, 600, "-m", "unittest", "-v", "test_kernel_protocol");

        System.out.println(run.output()); // through Java's System.out: into the test's report, not Surefire's channel
        assertThat(run.code()).as(run.exitLine()).isZero();
        assertThat(run.output())
                .contains("test_interrupt_stops_a_long_running_cell")
                .doesNotContain("FAILED");
        // the kernel's stderr is in that output too: one SLF4J provider, so no warning at start-up
        assertThat(run.output()).doesNotContain("SLF4J");
    }
}
