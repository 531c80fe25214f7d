package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import labbook.wallet.experiments.BenchmarkEntries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A sync's encoding with the walk on a helper thread makes the same file, byte for byte, as the walk on the caller's
 * thread; the sink gets every byte once, each part already final; a sink that fails ends the encoding only once the
 * walk over the contents has ended.
 */
class EncodePiecesTest {
    private static ExecutorService helper;

    @BeforeAll
    static void startHelper() {
        helper = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stopHelper() {
        helper.shutdownNow();
    }

    /** Many small folders: the walk's steps and the writer's pieces end in the middle of them, and between them. */
    private static WalletContents manyFolders() {
        WalletContents c = new WalletContents();
        BenchmarkEntries entries = new BenchmarkEntries(new Random(4));
        for (int f = 0; f < 300; f++) {
            String folder = "folder " + f;
            entries.next(20).forEach(e -> c.writeEntry(folder, e));
        }
        return c;
    }

    /** Several pieces of {@link KwlCodec#PIECE_BYTES}, and a second folder after the big one. */
    private static WalletContents contents() {
        WalletContents c = new WalletContents();
        new BenchmarkEntries(new Random(3)).next(4000).forEach(e -> c.writeEntry(BenchmarkEntries.FOLDER, e));
        c.writeEntry("Form Data", Entry.map("login", Map.of("user", "x", "pass", "y")));
        return c;
    }

    private static byte[] key(KwlFormat format) throws BadWalletException {
        byte[] salt = format.needsSalt() ? new byte[56] : null;
        return new WalletKeys("encode-pieces".getBytes(StandardCharsets.UTF_8), salt)
                .keyFor(format.header(), format.dialect().sha1LittleEndianWords());
    }

    /** Each part the sink gets, copied when it arrives. */
    @SuppressWarnings("ArrayRecordComponent") // a written piece, never compared or hashed
    private record Part(int from, byte[] bytes) {}

    private static final class Recording implements KwlCodec.Sink {
        final List<Part> parts = new ArrayList<>();

        @Override
        public void ready(byte[] file, int from, int to) {
            parts.add(new Part(from, Arrays.copyOfRange(file, from, to)));
        }
    }

    @ParameterizedTest
    @EnumSource(KwlFormat.class)
    void theWalkOnAHelperThreadMakesTheSameFile(KwlFormat format) throws Exception {
        for (WalletContents contents : List.of(contents(), manyFolders())) {
            theWalkOnAHelperThreadMakesTheSameFile(format, contents);
        }
    }

    @SuppressWarnings("ReferenceEquality") // that one part, not an equal one
    private static void theWalkOnAHelperThreadMakesTheSameFile(KwlFormat format, WalletContents contents)
            throws Exception {
        int size = KwlCodec.fileSize(contents);
        assertThat(size).isGreaterThan(3 * KwlCodec.PIECE_BYTES);
        byte[] key = key(format);

        byte[] inline = KwlCodec.encode(contents, format, key, new Random(9));
        Recording sink = new Recording();
        byte[] reuse = new byte[size + 100];
        byte[] threaded = KwlCodec.encode(
                        contents, format.header(), format.dialect(), key, new Random(9), sink, helper, reuse)
                .file();

        assertThat(threaded).isSameAs(reuse);
        assertThat(Arrays.copyOf(threaded, size)).isEqualTo(inline);
        assertThat(KwlCodec.decode(
                                inline,
                                new WalletKeys(
                                        "encode-pieces".getBytes(StandardCharsets.UTF_8),
                                        format.needsSalt() ? new byte[56] : null))
                        .contents())
                .isEqualTo(contents);

        // the encrypted part in order, piece by piece, and the header and hash section once the walk has ended,
        // before the last piece: every byte once, as final
        assertThat(sink.parts.size()).isGreaterThan(3);
        List<Part> headers = sink.parts.stream().filter(p -> p.from() == 0).toList();
        assertThat(headers).hasSize(1);
        Part header = headers.get(0);
        assertThat(sink.parts.indexOf(header)).isLessThan(sink.parts.size() - 1);
        int blobStart = header.bytes().length;
        assertThat(header.bytes()).isEqualTo(Arrays.copyOf(inline, blobStart));
        int at = blobStart;
        for (Part p : sink.parts) {
            if (p == header) {
                continue;
            }
            assertThat(p.from()).isEqualTo(at);
            assertThat(p.bytes()).isEqualTo(Arrays.copyOfRange(inline, p.from(), p.from() + p.bytes().length));
            at += p.bytes().length;
        }
        assertThat(at).isEqualTo(size);
    }

    @Test
    void aSinkThatFailsWaitsForTheWalkToStop() throws Exception {
        WalletContents contents = contents();
        KwlFormat format = KwlFormat.KDE4;
        int size = KwlCodec.fileSize(contents);
        byte[] file = new byte[size];
        KwlCodec.Sink failing = (f, from, to) -> {
            throw new IllegalStateException("disk full");
        };
        assertThatThrownBy(() -> KwlCodec.encode(
                        contents, format.header(), format.dialect(), key(format), new Random(1), failing, helper, file))
                .hasMessage("disk full");
        // the walk's last act is the digest, in the clear at the file's end (the cipher stopped at the first piece):
        // it is there, so encode returned only once the walk over the contents had ended
        byte[] payload = KwlPayload.of(contents);
        PayloadDigest sha1 = PayloadDigest.of(format.dialect().sha1LittleEndianWords());
        sha1.update(payload, 0, payload.length);
        byte[] digest = new byte[20];
        sha1.finish(digest, 0);
        assertThat(Arrays.copyOfRange(file, size - 20, size)).isEqualTo(digest);
    }
}
