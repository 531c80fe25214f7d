package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.security.SecureRandom;
import java.util.Map;
import labbook.wallet.Fixtures;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real wallet the lab ships (src/main/resources/labbook/wallet/fixtures) opens with its password and holds what
 * real KWallet wrote.
 */
class FixtureWalletsTest {

    static java.util.List<Fixtures.Wallet> wallets() {
        return Fixtures.ALL;
    }

    @ParameterizedTest
    @MethodSource("wallets")
    void opensWithItsPassword(Fixtures.Wallet w) throws Exception {
        KwlCodec.Decoded d = KwlFile.open(w.path(), null, w.passwordBytes());
        assertThat(d.header().toString()).isEqualTo(w.header());
        assertThat(d.contents().folders()).isNotEmpty();
        assertThat(d.hashSectionConsistent()).isTrue();
        assertThat(d.hashSectionBytes())
                .isEqualTo(KwlCodec.hashSectionSize(d.contents().folders()));
    }

    @Test
    void openwallHoldsOnePassword() {
        WalletContents c = open("openwall.kwl");
        assertThat(c.folders().keySet()).containsExactly("openwall");
        assertThat(password(c, "openwall", "openwall")).isEqualTo("openwall");
    }

    @Test
    void kde4WalletsHoldAPasswordANullStreamAndAMap() throws Exception {
        for (String file : new String[] {"blank_pass.kwl", "python5.kwl"}) {
            WalletContents c = open(file);
            assertThat(c.folders().keySet()).containsExactly("Form Data", "Passwords");
            assertThat(password(c, "Passwords", "abcdef")).isEqualTo("qwerty");
            Entry stream = c.readEntry("Passwords", "bindata").orElseThrow();
            assertThat(stream.type()).isEqualTo(EntryType.STREAM);
            assertThat(stream.value()).isNull();
            Entry map = c.readEntry("Passwords", "kde.org").orElseThrow();
            assertThat(QData.readQMapValue(map.value()))
                    .containsExactly(Map.entry("key1", "value1"), Map.entry("key2", "value2"));
            // Qt 4/5 write a QMap from its last key to its first; ours must give the same bytes
            assertThat(QData.qmapBytes(QData.readQMapValue(map.value()))).isEqualTo(map.value());
        }
    }

    @Test
    void kwalletd414WalletUsesLittleEndianBlowfishWithPbkdf2AndCbc() {
        Fixtures.Wallet w = Fixtures.named("kwalletmanager-15.04.2-2_fedora23.kwl");
        KwlCodec.Decoded d = KwlFile.open(w.path(), null, w.passwordBytes());
        assertThat(d.dialect()).isEqualTo(Dialect.KDE4);
        assertThat(d.contents().folders().get("Passwords").keySet())
                .containsExactly("another secret", "master key", "this-is-my-secret");
        assertThat(password(d.contents(), "Passwords", "another secret")).hasSize((1186 - 4) / 2);
    }

    @Test
    void kf5WalletUsesStandardBlowfishAndLittleEndianSha1() {
        Fixtures.Wallet w = Fixtures.named("kwallet-with-salt.kwl");
        KwlCodec.Decoded d = KwlFile.open(w.path(), null, w.passwordBytes());
        assertThat(d.dialect()).isEqualTo(Dialect.KF5);
        assertThat(d.contents().folders().keySet()).containsExactly("Form Data", "Passwords");
        assertThat(d.contents().entryCount()).isZero();
    }

    /** Re-encoding a fixture with its own header, dialect and key gives a wallet that reads back the same. */
    @ParameterizedTest
    @MethodSource("wallets")
    void reencodesToTheSameContents(Fixtures.Wallet w) throws Exception {
        KwlCodec.Decoded d = KwlFile.open(w.path(), null, w.passwordBytes());
        byte[] salt =
                Files.exists(KwlFile.saltPathFor(w.path())) ? Files.readAllBytes(KwlFile.saltPathFor(w.path())) : null;
        WalletKeys keys = new WalletKeys(w.passwordBytes(), salt);
        byte[] key = keys.keyFor(d.header(), d.dialect().sha1LittleEndianWords());
        byte[] again = KwlCodec.encode(d.contents(), d.header(), d.dialect(), key, new SecureRandom());
        assertThat(again).hasSize((int) Files.size(w.path()));
        assertThat(again).startsWith(java.util.Arrays.copyOf(Files.readAllBytes(w.path()), 16 + d.hashSectionBytes()));
        KwlCodec.Decoded back = KwlCodec.decode(again, keys);
        assertThat(back.contents()).isEqualTo(d.contents());
        assertThat(back.dialect()).isEqualTo(d.dialect());
    }

    private static WalletContents open(String file) {
        Fixtures.Wallet w = Fixtures.named(file);
        return KwlFile.open(w.path(), null, w.passwordBytes()).contents();
    }

    private static String password(WalletContents c, String folder, String key) {
        Entry e = c.readEntry(folder, key).orElseThrow();
        assertThat(e.type()).isEqualTo(EntryType.PASSWORD);
        try {
            return QData.readQStringValue(e.value());
        } catch (BadWalletException ex) {
            throw new AssertionError(ex);
        }
    }
}
