package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that change together (a KF5 wallet and its salt) change together or not at all. A failed rename puts back the
 * files renamed before it; nothing is left behind.
 */
class SaveGroupTest {
    @TempDir
    Path dir;

    @Test
    void bothFilesChange() throws Exception {
        Path a = Files.writeString(dir.resolve("a"), "a0");
        Path b = dir.resolve("b");
        commit(a, "a1", b, "b1");
        assertThat(Files.readString(a)).isEqualTo("a1");
        assertThat(Files.readString(b)).isEqualTo("b1");
        assertThat(names()).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void aFailedLastRenamePutsTheFirstFileBack() throws Exception {
        Path a = Files.writeString(dir.resolve("a"), "a0");
        Path b = Files.createDirectories(dir.resolve("b")); // a folder with a file in it: the rename over it fails
        Files.writeString(b.resolve("inside"), "x");
        assertThatThrownBy(() -> commit(a, "a1", b, "b1"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(b.toString());
        assertThat(Files.readString(a)).isEqualTo("a0");
        assertThat(names()).containsExactlyInAnyOrder("a", "b");
        Path fresh = dir.resolve("fresh");
        assertThatThrownBy(() -> commit(fresh, "f1", b, "b1")).isInstanceOf(LabException.class);
        assertThat(fresh).doesNotExist();
        assertThat(names()).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void aKf5WalletWhoseSaltCannotBeWrittenKeepsItsPreviousVersion() throws Exception {
        Path w = dir.resolve("w.kwl");
        WalletContents old = new WalletContents();
        old.writeEntry("f", Entry.password("k", "old"));
        KwlFile.create(w, old, KwlFormat.KDE4, "pw".getBytes(StandardCharsets.UTF_8), false);
        byte[] before = Files.readAllBytes(w);
        Files.writeString(Files.createDirectories(dir.resolve("w.salt")).resolve("inside"), "x");
        WalletContents next = new WalletContents();
        next.writeEntry("f", Entry.password("k", "new"));
        assertThatThrownBy(() -> KwlFile.create(w, next, KwlFormat.KF5, "pw".getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("w.salt");
        assertThat(Files.readAllBytes(w)).isEqualTo(before);
        assertThat(names()).containsExactlyInAnyOrder("w.kwl", "w.salt");
    }

    private static void commit(Path a, String aText, Path b, String bText) {
        try (SaveFile.Pending pa = SaveFile.begin(a, false, false);
                SaveFile.Pending pb = SaveFile.begin(b, true, false)) {
            byte[] x = aText.getBytes(StandardCharsets.UTF_8);
            byte[] y = bText.getBytes(StandardCharsets.UTF_8);
            pa.ready(x, 0, x.length);
            pb.ready(y, 0, y.length);
            SaveGroup.commit(List.of(pa, pb));
        }
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
