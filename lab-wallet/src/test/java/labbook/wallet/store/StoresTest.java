package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.LabException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each store reopens to exactly what was put; saves are 0600 and atomic; the AEAD file refuses any change. */
class StoresTest {
    static final byte[] PW = "pässword".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    static List<Entry> entries(int from, int n) {
        List<Entry> out = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            out.add(
                    i % 3 == 0
                            ? Entry.password("key-" + i, "secret " + i)
                            : i % 3 == 1
                                    ? Entry.map("key-" + i, Map.of("u", "user" + i))
                                    : Entry.stream("key-" + i, new byte[] {(byte) i}));
        }
        return out;
    }

    private static void fill(WalletStore s) {
        s.putAll("bulk", entries(0, 50));
        for (Entry e : entries(50, 40)) {
            s.put(e.key().endsWith("7") ? "other" : "bulk", e);
        }
        s.put("bulk", Entry.password("key-3", "replaced"));
    }

    @Test
    void kwlBackendRewriteReopens() {
        for (KwlFormat f : KwlFormat.values()) {
            for (boolean sync : new boolean[] {false, true}) {
                Path w = dir.resolve(f + "-" + sync + ".kwl");
                WalletContents expected;
                try (KwlBackend b = KwlBackend.create(w, f, PW, sync)) {
                    fill(b);
                    expected = b.contents().copy();
                }
                assertThat(KwlBackend.open(w, PW, false).contents()).isEqualTo(expected);
                assertThat(expected.entryCount()).isEqualTo(90);
            }
        }
    }

    @Test
    void journalReopensWithAndWithoutFolding() throws IOException {
        Path w = dir.resolve("j.kwl");
        JournalWallet j = JournalWallet.create(w, PW, true, 16);
        fill(j);
        WalletContents expected = j.contents().copy();
        j.abandon(); // as a crash leaves it: records not yet folded stay in the journal
        assertThat(Files.size(JournalWallet.journalPathFor(w))).isGreaterThan(8);
        JournalWallet again = JournalWallet.open(w, PW, true, 16);
        assertThat(again.contents()).isEqualTo(expected);
        again.close();
        assertThat(Files.size(JournalWallet.journalPathFor(w))).isEqualTo(8);
        assertThat(KwlBackend.open(w, PW, false).contents()).isEqualTo(expected);
    }

    @Test
    void journalDropsATornLastRecord() throws IOException {
        Path w = dir.resolve("t.kwl");
        JournalWallet j = JournalWallet.create(w, PW, false, 1000);
        j.put("f", Entry.password("a", "1"));
        WalletContents afterA = j.contents().copy();
        j.put("f", Entry.password("b", "2"));
        j.abandon();
        Path journal = JournalWallet.journalPathFor(w);
        byte[] b = Files.readAllBytes(journal);
        Files.write(journal, java.util.Arrays.copyOf(b, b.length - 5));
        JournalWallet again = JournalWallet.open(w, PW, false, 1000);
        assertThat(again.contents()).isEqualTo(afterA);
        again.put("f", Entry.password("c", "3"));
        WalletContents expected = again.contents().copy();
        again.abandon();
        assertThat(JournalWallet.open(w, PW, false, 1000).contents()).isEqualTo(expected);
    }

    @Test
    void filePerEntryReopens() {
        Path d = dir.resolve("pass");
        WalletContents expected;
        try (FilePerEntryStore s = FilePerEntryStore.create(d, PW, true)) {
            fill(s);
            s.contents().createFolder("bulk");
            expected = s.contents().copy();
        }
        assertThat(FilePerEntryStore.open(d, PW, false).contents()).isEqualTo(expected);
        assertThatThrownBy(() -> FilePerEntryStore.open(d, "wrong".getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("wrong password")
                .hasMessageNotContaining("wrong\"");
    }

    @Test
    void aeadWalletReopensAndRefusesEveryChangedByte() throws IOException {
        Path w = dir.resolve("a.aead");
        WalletContents expected;
        try (AeadWallet a = AeadWallet.create(w, PW, false)) {
            fill(a);
            expected = a.contents().copy();
        }
        assertThat(AeadWallet.open(w, PW, false).contents()).isEqualTo(expected);
        byte[] bytes = Files.readAllBytes(w);
        for (int i = 0; i < bytes.length; i += Math.max(1, bytes.length / 40)) {
            byte[] t = bytes.clone();
            t[i] ^= 0x10;
            final int at = i;
            assertThatThrownBy(() -> AeadWallet.decode(w, t, PW, false))
                    .as("byte " + at)
                    .isInstanceOf(labbook.wallet.format.BadWalletException.class);
        }
        assertThatThrownBy(() -> AeadWallet.open(w, "nope".getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(w.toString())
                .hasMessageContaining("wrong password");
    }

    @Test
    void saveFileIsPrivateAndLeavesTheOldFileWhenItFails() throws IOException {
        Path f = dir.resolve("x.kwl");
        SaveFile.write(f, new byte[] {1, 2, 3}, true);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                .isEqualTo("rw-------");
        SaveFile.write(f, new byte[] {4}, false);
        assertThat(Files.readAllBytes(f)).containsExactly(4);
        // a target that cannot be replaced (a non-empty folder): the save fails, nothing is left behind
        Path blocked = Files.createDirectories(dir.resolve("blocked.kwl"));
        Files.writeString(blocked.resolve("inside"), "keep");
        assertThatThrownBy(() -> SaveFile.write(blocked, new byte[] {9}, false))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("blocked.kwl");
        assertThat(Files.readString(blocked.resolve("inside"))).isEqualTo("keep");
        try (var s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().endsWith(".new")))
                    .isEmpty();
        }
    }
}
