package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** Where Jupyter is missing, the Jupyter tests skip with a line saying what to install, not fail. */
class JupyterAbsentTest {
    @Test
    void aMissingModuleSkipsWithWhatToInstall(@TempDir Path prefix) {
        assertThatThrownBy(() -> Jupyter.require(prefix, "no_such_module_for_labbook"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("SKIPPED: no Python with no_such_module_for_labbook")
                .hasMessageContaining("apt-get install jupyter-nbconvert");
    }
}
