package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import labbook.core.PeerResult;
import labbook.wallet.experiments.interop.InteropCases;
import labbook.wallet.format.WalletContents;
import org.junit.jupiter.api.Test;

/**
 * The driver's own pieces: the backend's salt-file naming, and the harness's line protocol (no packages needed, except
 * one cross-check).
 */
class SaltNameAndProtocolTest {
    private static final List<String> NAMES = List.of(
            "/tmp/x/benchmark.kwl",
            "/home/jörg/a b/w.kwl",
            "/s/a;b%c~d^&'@{}[],$=!-#()+_.kwl",
            "/s/tab\there/🔑.kwl",
            "/s/\u0001ctl/\"quote\"/back\\slash/star*?.kwl");

    @Test
    void saltNameIsThePathPercentEncodedWithSemicolons() {
        assertThat(Kwallet5.saltFileName(Path.of("/tmp/x/benchmark.kwl"))).isEqualTo(";2Ftmp;2Fx;2Fbenchmark.kwl.salt");
        assertThat(Kwallet5.encodeWalletName("/home/jörg/a b")).isEqualTo(";2Fhome;2Fj;C3;B6rg;2Fa b");
        assertThat(Kwallet5.encodeWalletName(";%~")).isEqualTo(";3B%~");
    }

    /** The same names as the backend's own Backend::encodeWalletName, run through the harness. */
    @Test
    void saltNameMatchesTheBackend() {
        String why = Kwallet5.unavailableReason().orElse("");
        assumeTrue(why.isEmpty(), () -> "kwallet5 tests skipped: " + why);
        for (String name : NAMES) {
            PeerResult r = labbook.core.Peer.command(Kwallet5.harness().toString(), "encode-name", name)
                    .captureStdout()
                    .run()
                    .orThrow();
            assertThat(Kwallet5.encodeWalletName(name))
                    .as(name)
                    .isEqualTo(r.stdoutText().strip());
        }
    }

    @Test
    void tokensRoundTripEveryString() {
        for (String s : new String[] {"", "a", "ключ 🔑", "lone \uD800 surrogate", "nul\u0000"}) {
            assertThat(HarnessText.tokenString(HarnessText.stringToken(s))).isEqualTo(s);
        }
        assertThat(HarnessText.bytesToken(null)).isEqualTo("-");
        assertThat(HarnessText.bytesToken(new byte[0])).isEqualTo("=");
        assertThat(HarnessText.tokenBytes("=")).isEmpty();
        assertThat(HarnessText.tokenBytes("-")).isNull();
    }

    @Test
    void writeInputParsesBackAsADump() {
        WalletContents c = InteropCases.mixed();
        String lines = HarnessText.contentsLines(c);
        HarnessText.Dumped d = HarnessText.parseDump("header 00 01 03 02\n"
                + lines.replace("end\n", "end " + c.folders().size() + " " + c.entryCount() + "\n"));
        assertThat(d.contents()).isEqualTo(c);
        assertThat(d.header()).isEqualTo("00 01 03 02");
        assertThat(new String(
                        HarnessText.writeInput("pw".getBytes(StandardCharsets.UTF_8), c), StandardCharsets.US_ASCII))
                .startsWith("password =cHc=\nfolder ");
    }
}
