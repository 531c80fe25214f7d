package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import labbook.core.LabException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's record count: a journal cut after a whole record is refused, a torn last append is still dropped. */
class JournalTruncationTest {
    static final byte[] PW = "journal-count".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    Path wallet;
    Path journal;
    byte[] full;
    byte[] walletBytes;
    /** Where each record ends in {@link #full}. */
    List<Integer> ends = new ArrayList<>();

    List<WalletContents> after = new ArrayList<>();

    @BeforeEach
    void threeRecords() throws Exception {
        wallet = dir.resolve("j.kwl");
        journal = JournalWallet.journalPathFor(wallet);
        JournalWallet j = JournalWallet.create(wallet, PW, true, 1000);
        after.add(j.contents().copy());
        for (String k : List.of("a", "b", "c")) {
            j.put("f", Entry.password(k, "secret " + k));
            after.add(j.contents().copy());
        }
        j.abandon();
        full = Files.readAllBytes(journal);
        walletBytes = Files.readAllBytes(wallet);
        for (int pos = JournalWallet.RECORDS_START; pos < full.length; ) {
            pos += 4 + ByteBuffer.wrap(full, pos, 4).getInt();
            ends.add(pos);
        }
        assertThat(ends).hasSize(3).endsWith(full.length);
    }

    private WalletContents openCutAt(int length) throws Exception {
        Files.write(journal, Arrays.copyOf(full, length));
        JournalWallet j = JournalWallet.open(wallet, PW, false, 1000);
        WalletContents c = j.contents().copy();
        j.abandon();
        return c;
    }

    @Test
    void aWholeJournalReplaysEveryRecord() throws Exception {
        assertThat(openCutAt(full.length)).isEqualTo(after.get(3));
    }

    @Test
    void aJournalCutAfterAWholeRecordIsRefused() throws Exception {
        for (int cut : List.of(ends.get(1), ends.get(0), JournalWallet.RECORDS_START)) {
            Files.write(journal, Arrays.copyOf(full, cut));
            assertThatThrownBy(() -> JournalWallet.open(wallet, PW, false, 1000))
                    .as("cut at %d", cut)
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining(journal.toString())
                    .hasMessageContaining("truncated")
                    .hasMessageContaining("counts 3 records");
            assertThat(Files.readAllBytes(wallet)).isEqualTo(walletBytes);
        }
    }

    @Test
    void aCutInsideTheLastRecordIsATornAppendAndIsDropped() throws Exception {
        assertThat(openCutAt(full.length - 5)).isEqualTo(after.get(2));
        // the journal was repaired: it now counts what it holds, and reopens without complaint
        JournalWallet j = JournalWallet.open(wallet, PW, false, 1000);
        assertThat(j.contents()).isEqualTo(after.get(2));
        j.close();
    }

    @Test
    void aCutThatAlsoLosesAWholeRecordIsRefused() throws Exception {
        Files.write(journal, Arrays.copyOf(full, ends.get(1) - 5));
        assertThatThrownBy(() -> JournalWallet.open(wallet, PW, false, 1000))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("only 1 are whole");
    }

    @Test
    void aChangedCountIsRefused() throws Exception {
        byte[] t = full.clone();
        t[JournalWallet.MAGIC.length + 7] ^= 1; // 3 -> 2: would hide the last record
        Files.write(journal, t);
        assertThatThrownBy(() -> JournalWallet.open(wallet, PW, false, 1000))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("damaged journal");
    }

    @Test
    void knownLimitAJournalCutToItsMagicReadsAsJustFolded() throws Exception {
        assertThat(openCutAt(JournalWallet.MAGIC.length)).isEqualTo(after.get(0));
    }
}
