package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** dump of a fixture, imported in each format and dumped again, gives the same JSON. */
class RoundTripTest {
    @TempDir
    Path dir;

    static java.util.List<Fixtures.Wallet> wallets() {
        return Fixtures.ALL;
    }

    @ParameterizedTest
    @MethodSource("wallets")
    void fixtureDumpsAndReimportsIdentically(Fixtures.Wallet w) throws Exception {
        Path pw = Files.write(dir.resolve("pw"), w.passwordBytes());
        CliRun dump =
                CliRun.of("dump", "--password-file", pw.toString(), w.path().toString());
        assertThat(dump.code()).as(dump.err()).isZero();
        Path json = Files.writeString(dir.resolve("in.json"), dump.out());
        for (String format : new String[] {"kde4", "kf5"}) {
            Path out = dir.resolve(format + ".kwl");
            CliRun imp = CliRun.importJson(format, pw, json, out.toString());
            assertThat(imp.code()).as(imp.err()).isZero();
            CliRun again = CliRun.of("dump", "--password-file", pw.toString(), out.toString());
            assertThat(again.code()).as(again.err()).isZero();
            assertThat(tree(again.out())).isEqualTo(tree(dump.out()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kde4", "kf5"})
    void rawPasswordBytesAndOddTextSurvive(String format) throws Exception {
        byte[] raw = new byte[50];
        new SecureRandom().nextBytes(raw);
        // entries in key order and folders in name order, as dump prints them
        String json = "{\"folders\":[{\"name\":\"b\\u00e9nchmark \\ud83d\\udd11\",\"entries\":["
                + "{\"key\":\"empty\",\"type\":\"password\",\"value\":\"\"},"
                + "{\"key\":\"m\",\"type\":\"map\",\"value\":{\"\":\"v\",\"k\":null}},"
                + "{\"key\":\"nullpw\",\"type\":\"password\",\"value\":null},"
                + "{\"key\":\"raw\",\"type\":\"password\",\"value\":null,\"raw\":\""
                + java.util.Base64.getEncoder().encodeToString(raw) + "\"},"
                + "{\"key\":\"u\",\"type\":\"unknown\",\"value\":\"AQID\"}]}]}";
        Path in = Files.writeString(dir.resolve("in.json"), json);
        Path pw = Files.writeString(dir.resolve("pw"), "p\u00e4ss\n");
        Path out = dir.resolve("w.kwl");
        assertThat(CliRun.importJson(format, pw, in, out.toString()).code()).isZero();
        CliRun dump = CliRun.of("dump", "--password-file", pw.toString(), out.toString());
        assertThat(dump.code()).as(dump.err()).isZero();
        assertThat(tree(dump.out())).isEqualTo(tree(json));
    }

    @Test
    void importRefusesToReplaceAWalletWithoutForce() throws Exception {
        Path in = Files.writeString(dir.resolve("in.json"), "{\"folders\":[]}");
        Path pw = Files.writeString(dir.resolve("pw"), "x");
        Path out = Files.writeString(dir.resolve("w.kwl"), "precious");
        CliRun run = CliRun.importJson("kde4", pw, in, out.toString());
        assertThat(run.code()).isNotZero();
        assertThat(run.err()).contains(out.toString()).contains("--force");
        assertThat(Files.readString(out)).isEqualTo("precious");
        assertThat(CliRun.importJson("kde4", pw, in, out.toString(), "--force").code())
                .isZero();
        assertThat(Files.size(out)).isEqualTo(60);
    }

    @Test
    void badJsonNamesTheFileAndThePlace() throws Exception {
        Path in = Files.writeString(
                dir.resolve("in.json"),
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"blob\"}]}]}");
        Path pw = Files.writeString(dir.resolve("pw"), "x");
        CliRun run = CliRun.importJson("kf5", pw, in, dir.resolve("o.kwl").toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err().strip())
                .doesNotContain("\n")
                .contains(in.toString())
                .contains("folders[0].entries[0].type");
        assertThat(Files.exists(dir.resolve("o.kwl"))).isFalse();
        assertThat(Files.exists(dir.resolve("o.salt"))).isFalse();
        assertThat(CliRun.importJson("kf6", pw, in, "x.kwl").code()).isEqualTo(2);
    }

    private static JsonNode tree(String json) throws Exception {
        return WalletJson.MAPPER.readTree(json);
    }
}
