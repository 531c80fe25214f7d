package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sync of a wallet big enough for the pipelined path (SHA-1 and writing on the save's writer thread, a reused buffer)
 * writes a file that opens to exactly the contents, in both generations, as the wallet grows and shrinks.
 */
class BigSyncTest {
    static final byte[] PW = "big-sync-test".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void pipelinedSyncsReopenExactly() throws Exception {
        for (KwlFormat f : KwlFormat.values()) {
            Path w = dir.resolve(f + ".kwl");
            KwlBackend b = KwlBackend.create(w, f, PW, f == KwlFormat.KF5);
            List<Entry> entries = new BenchmarkEntries(new Random(7)).next(6000);
            entries.forEach(e -> b.writeEntry(BenchmarkEntries.FOLDER, e));
            b.writeEntry("second folder", Entry.map("m", java.util.Map.of("user", "x")));
            assertThat(KwlCodec.fileSize(b.contents())).isGreaterThan((int) KwlBackend.BACKGROUND_MIN_BYTES);
            for (int round = 0; round < 3; round++) {
                if (round == 1) {
                    entries.subList(0, 1500).forEach(e -> b.contents().removeEntry(BenchmarkEntries.FOLDER, e.key()));
                }
                if (round == 2) {
                    new BenchmarkEntries(new Random(8))
                            .next(3000)
                            .forEach(e -> b.writeEntry(BenchmarkEntries.FOLDER, e));
                }
                long written = b.sync();
                WalletContents expected = b.contents().copy();
                assertThat(written).isEqualTo(Files.size(w)).isEqualTo(KwlCodec.fileSize(expected));
                KwlCodec.Decoded d = KwlFile.open(w, null, PW);
                assertThat(d.contents()).as("%s round %d", f, round).isEqualTo(expected);
                assertThat(d.hashSectionConsistent()).isTrue();
            }
            assertNoTempFiles();
        }
    }

    @Test
    void pipelinedAeadSyncsReopenExactly() throws Exception {
        Path w = dir.resolve("big.aead");
        try (AeadWallet a = AeadWallet.create(w, PW, false)) {
            List<Entry> entries = new BenchmarkEntries(new Random(9)).next(6000);
            entries.forEach(e -> a.writeEntry(BenchmarkEntries.FOLDER, e));
            a.writeEntry("second folder", Entry.map("m", java.util.Map.of("user", "x")));
            for (int round = 0; round < 3; round++) {
                if (round == 1) {
                    entries.subList(0, 1500).forEach(e -> a.contents().removeEntry(BenchmarkEntries.FOLDER, e.key()));
                }
                if (round == 2) {
                    new BenchmarkEntries(new Random(10))
                            .next(3000)
                            .forEach(e -> a.writeEntry(BenchmarkEntries.FOLDER, e));
                }
                long written = a.sync();
                assertThat(written).isEqualTo(Files.size(w)).isGreaterThan(KwlBackend.BACKGROUND_MIN_BYTES);
                assertThat(AeadWallet.open(w, PW, false).contents())
                        .as("round %d", round)
                        .isEqualTo(a.contents());
            }
        }
        assertNoTempFiles();
    }

    @Test
    void aBackgroundSaveGivenTwoLastPartsRefusesTheSecondAndLeavesNothing() throws Exception {
        Path target = dir.resolve("two-last.kwl");
        byte[] bytes = new byte[64];
        try (SaveFile.Pending save = SaveFile.begin(target, false, true)) {
            save.readyLast(bytes, 32, 64);
            assertThatThrownBy(() -> save.readyLast(bytes, 0, 32))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("two-last.kwl");
        }
        assertThat(target).doesNotExist();
        assertNoTempFiles();
    }

    private void assertNoTempFiles() throws Exception {
        try (var s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().endsWith(".new")))
                    .isEmpty();
        }
    }
}
