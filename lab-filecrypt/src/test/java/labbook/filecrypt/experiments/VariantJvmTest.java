package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import labbook.core.LabException;
import labbook.filecrypt.FilecryptSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A variant JVM's rows come back by column name, whatever the order of its columns; a missing one is one line. */
class VariantJvmTest {
    @TempDir
    Path dir;

    @Test
    void rowsAreReadByColumnNameInTheSchemasOrderAndOtherColumnsAreLeftOut() throws Exception {
        List<String> names = FilecryptSchemas.PIPELINE_VARIANTS.names();
        StringBuilder csv = new StringBuilder("extra");
        for (int i = names.size() - 1; i >= 0; i--) {
            csv.append(',').append(names.get(i));
        }
        csv.append("\nx");
        for (int i = names.size() - 1; i >= 0; i--) {
            csv.append(',').append(names.get(i).equals("variant") ? "\"jdk-fast + zlib-8k\"" : "v" + i);
        }
        Path file = dir.resolve("rows.csv");
        Files.writeString(file, csv.append('\n').toString());
        List<Map<String, String>> rows = VariantJvm.read(file, FilecryptSchemas.PIPELINE_VARIANTS);
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.keySet()).containsExactlyElementsOf(names);
            assertThat(row.get("variant")).isEqualTo("jdk-fast + zlib-8k");
            assertThat(row.get(names.get(0))).isEqualTo("v0");
        });
    }

    @Test
    void aMissingColumnIsOneLineNamingTheFileAndTheColumn() throws Exception {
        List<String> names = FilecryptSchemas.PIPELINE_VARIANTS.names();
        Path file = dir.resolve("rows.csv");
        Files.writeString(file, String.join(",", names.subList(1, names.size())) + "\n");
        assertThatThrownBy(() -> VariantJvm.read(file, FilecryptSchemas.PIPELINE_VARIANTS))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining(names.get(0))
                .hasMessageNotContaining("\n");
    }
}
