package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import labbook.wallet.experiments.interop.InteropCases;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lab to real KWallet: every wallet the lab writes in kf5 format (as {@code import --format kf5} does, through
 * {@link KwlFile#create}) opens in the real backend with identical content.
 */
@ExtendWith(RealBackend.class)
class LabWalletsInKwallet5Test {
    @TempDir
    Path dir;

    static Stream<Arguments> wallets() {
        return Stream.of(
                Arguments.of("empty", InteropCases.empty(), "benchmark"),
                Arguments.of("one empty folder", InteropCases.emptyFolder(), "benchmark"),
                Arguments.of("1 entry", InteropCases.oneEntry(), "benchmark"),
                Arguments.of(
                        "several folders, non-ASCII, binary, password/stream/map, nulls",
                        InteropCases.mixed(),
                        "benchmark"),
                Arguments.of("empty password", InteropCases.mixed(), ""),
                Arguments.of("non-ASCII password", InteropCases.mixed(), "pässwörd ключ 🔑"),
                Arguments.of(
                        "password over 48 bytes",
                        InteropCases.oneEntry(),
                        "a-password-of-more-than-forty-eight-bytes-in-utf-8-ok"),
                Arguments.of("100 random entries", InteropCases.random(100, 100), "benchmark"),
                Arguments.of("10,000 random entries", InteropCases.random(10_000, 10_000), "benchmark"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wallets")
    void labKf5WalletOpensIdentically(String name, WalletContents contents, String password) {
        byte[] pw = password.getBytes(StandardCharsets.UTF_8);
        Path wallet = dir.resolve("lab.kwl");
        KwlFile.create(wallet, contents, KwlFormat.KF5, pw, false);

        Kwallet5.Opened opened = Kwallet5.open(wallet, KwlFile.saltPathFor(wallet), pw, dir.resolve("scratch"));

        assertThat(opened.header()).isEqualTo("00 01 03 02");
        assertThat(opened.contents().entryCount()).isEqualTo(contents.entryCount());
        assertThat(opened.contents()).isEqualTo(contents);
        // and by the one-argument dump, which finds lab.salt beside lab.kwl
        if (contents.entryCount() < 1000) {
            assertThat(Kwallet5.dump(wallet, pw)).isEqualTo(contents);
        }
    }

    /**
     * A finding, not a failure. The lab keeps entries of type Unknown (0) and Unused (0xFFFF), as KWallet's QDataStream
     * allows them. The real backend's reader (BlowfishPersistHandler::read, v5.103) skips an entry of any type but
     * Password, Stream and Map before reading its value, so it reads the rest of the payload out of step: every entry
     * and folder after the first such entry is lost, and a spurious folder with an empty name appears. open() still
     * returns 0.
     */
    @Test
    void anEntryOfTypeUnknownMakesTheRealBackendLoseTheRest() {
        for (EntryType odd : new EntryType[] {EntryType.UNKNOWN, EntryType.UNUSED}) {
            WalletContents contents = InteropCases.oneEntry();
            contents.writeEntry("Passwords", new Entry("odd type", odd, new byte[] {1, 2, 3}));
            contents.writeEntry("Passwords", Entry.password("so, after it", "lost"));
            contents.writeEntry("Z later folder", Entry.password("k", "lost too"));
            byte[] pw = "benchmark".getBytes(StandardCharsets.UTF_8);
            Path wallet = dir.resolve("types.kwl");
            KwlFile.create(wallet, contents, KwlFormat.KF5, pw, false);

            WalletContents seen = Kwallet5.dump(wallet, pw);

            System.out.println("kwallet5 finding: a lab wallet with an entry of type " + odd + " ("
                    + contents.folders().size() + " folders, "
                    + contents.entryCount() + " entries) opens in real KF5 " + Kwallet5.version() + " as folders "
                    + seen.folders().keySet().stream().map(f -> "'" + f + "'").toList() + " with " + seen.entryCount()
                    + " entries: everything after that entry is lost");
            WalletContents expected = InteropCases.oneEntry();
            expected.createFolder("");
            assertThat(seen).isEqualTo(expected);
            // the lab's own reader keeps every entry
            assertThat(KwlFile.open(wallet, null, pw).contents()).isEqualTo(contents);
        }
    }
}
