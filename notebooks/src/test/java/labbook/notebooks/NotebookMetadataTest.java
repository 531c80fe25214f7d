package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import labbook.core.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notebooks open unchanged in Jupyter (issue 23: each opened as "(unsaved changes)", and saving wrote this JDK's
 * version into it): src/test/python/test_notebook_metadata.py reads each through nbformat, starts the packaged kernel
 * under the name the notebooks ask for, and compares their metadata with its kernel_info_reply and its kernelspec, and
 * each file with what nbformat writes for it.
 */
@Tag("jupyter")
class NotebookMetadataTest {
    @TempDir
    Path prefix;

    @Test
    void theNotebooksHoldWhatTheKernelReports() throws Exception {
        Jupyter jupyter = Jupyter.require(KernelSpec.DEFAULT_NAME, prefix, "jupyter_client", "nbformat");
        Path notebooks = Repo.root().resolve("notebooks");
        jupyter.env.put("LABBOOK_NOTEBOOKS", notebooks.toString());

        Jupyter.Run run = jupyter.python(
                notebooks.resolve("src").resolve("test").resolve("python"),
                600,
                "-m",
                "unittest",
                "-v",
                "test_notebook_metadata");

        System.out.println(run.output()); // through Java's System.out: into the test's report, not Surefire's channel
        assertThat(run.code()).as(run.exitLine()).isZero();
        assertThat(run.output()).contains("Ran 4 tests");
    }
}
