package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import labbook.wallet.experiments.interop.InteropCases;
import labbook.wallet.format.Dialect;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Real KWallet to lab: every wallet the real backend writes reads back identically with the lab's reader. */
@ExtendWith(RealBackend.class)
class Kwallet5WalletsInLabTest {
    @TempDir
    Path dir;

    static Stream<Arguments> wallets() {
        return Stream.of(
                Arguments.of("empty", InteropCases.empty()),
                Arguments.of("one empty folder", InteropCases.emptyFolder()),
                Arguments.of("1 entry", InteropCases.oneEntry()),
                Arguments.of("several folders, non-ASCII, binary, password/stream/map, nulls", InteropCases.mixed()),
                Arguments.of("random, 10 entries", InteropCases.random(1, 10)),
                Arguments.of("random, 1,000 entries", InteropCases.random(2, 1_000)),
                Arguments.of("random, 10,000 entries", InteropCases.random(3, 10_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wallets")
    void kwallet5WalletReadsBackIdentically(String name, WalletContents contents) throws Exception {
        byte[] pw = "pässwörd".getBytes(StandardCharsets.UTF_8);
        Path wallet = dir.resolve("real.kwl");

        Kwallet5.write(contents, pw, wallet, dir.resolve("scratch"));

        Path salt = KwlFile.saltPathFor(wallet);
        assertThat(Files.size(salt)).isEqualTo(KwlFile.SALT_BYTES);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(wallet)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(salt)))
                .isEqualTo("rw-------");
        KwlCodec.Decoded d = KwlFile.open(wallet, null, pw);
        assertThat(d.header().toString()).isEqualTo("00 01 03 02");
        assertThat(d.dialect()).isEqualTo(Dialect.KF5);
        assertThat(d.contents()).isEqualTo(contents);
        // the clear hash section KWallet wrote is the one the lab computes (MD5 of each UTF-8 name)
        assertThat(d.hashSectionConsistent()).isTrue();
        // and the file is exactly as long as the lab's own sync of the same contents
        assertThat(Files.size(wallet)).isEqualTo(KwlCodec.fileSize(contents));
        assertThat(dir.resolve("scratch")).isEmptyDirectory();
    }
}
