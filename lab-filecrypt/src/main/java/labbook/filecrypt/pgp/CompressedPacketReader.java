package labbook.filecrypt.pgp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.bouncycastle.bcpg.CompressionAlgorithmTags;
import org.bouncycastle.openpgp.PGPCompressedData;
import org.bouncycastle.openpgp.PGPException;

/**
 * The contents of a compressed packet. ZIP and ZLIB are inflated by the JDK's {@link Inflater} (zlib) reading 64 KiB of
 * the packet at a time; BZIP2 and anything else by BouncyCastle.
 *
 * <p>Why: BC's own stream for ZIP and ZLIB is the JDK's {@link InflaterInputStream} with its default 512-byte input
 * buffer, so zlib is entered (through JNI) once per 512 compressed bytes.
 */
final class CompressedPacketReader {
    private static final int BUFFER = 1 << 16;

    private CompressedPacketReader() {}

    static InputStream open(PGPCompressedData compressed) throws PGPException {
        int algo = compressed.getAlgorithm();
        if (algo != CompressionAlgorithmTags.ZIP && algo != CompressionAlgorithmTags.ZLIB) {
            return compressed.getDataStream();
        }
        return new InflaterInputStream(
                compressed.getInputStream(), new Inflater(algo == CompressionAlgorithmTags.ZIP), BUFFER) {
            private boolean eof;

            /**
             * As BC's: raw deflate ({@code nowrap}, gpg's ZIP) may need one byte past the end of the data, so the end
             * of input gives zlib one zero byte; a second call means the deflate stream is cut short.
             */
            @Override
            protected void fill() throws IOException {
                if (eof) {
                    throw new EOFException("Unexpected end of ZIP input stream");
                }
                len = in.read(buf, 0, buf.length);
                if (len == -1) {
                    buf[0] = 0;
                    len = 1;
                    eof = true;
                }
                inf.setInput(buf, 0, len);
            }

            @Override
            public void close() throws IOException {
                inf.end(); // the native memory now, not when the Inflater is collected; the packet's stream stays open
            }
        };
    }
}
