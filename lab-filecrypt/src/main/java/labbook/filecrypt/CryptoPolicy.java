package labbook.filecrypt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;

/**
 * The crypto tool's (v1.1.0) choice of gpg compression level, as a function, so its runs replay
 * with either engine:
 * <ul>
 *   <li>default: {@code -z 1} for text files over 10,240 bytes, else {@code -z 0};</li>
 *   <li>{@code --speed}: {@code -z 0} for every file;</li>
 *   <li>{@code --space}: {@code -z 7} for every file (the seed's "GPG Default" run);</li>
 * </ul>
 * plus gpg's own default, {@code -z 6}, which the seed did not run. Compression is always ZIP.
 */
public final class CryptoPolicy {
    /** The crypto tool's size threshold: text files over this many bytes are compressed by default. */
    public static final long TEXT_THRESHOLD_BYTES = 10_240;

    /** The four directory runs, by the names directory-runs.csv uses. */
    public enum Run {
        PUBLISHED_GPG_DEFAULT_Z7("published-gpg-default-z7"),
        CRYPTO_DEFAULT("crypto-default"),
        CRYPTO_SPEED("crypto-speed"),
        GPG_DEFAULT_Z6("gpg-default-z6");

        private final String label;

        Run(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private CryptoPolicy() {
    }

    /** The level a run uses for a file of {@code sizeBytes} whose type is (or is not) text. */
    public static int level(Run run, long sizeBytes, boolean isText) {
        return switch (run) {
            case PUBLISHED_GPG_DEFAULT_Z7 -> 7;
            case CRYPTO_DEFAULT -> isText && sizeBytes > TEXT_THRESHOLD_BYTES ? 1 : 0;
            case CRYPTO_SPEED -> 0;
            case GPG_DEFAULT_Z6 -> 6;
        };
    }

    public static int level(Run run, Path file) {
        try {
            return level(run, Files.size(file), isText(file));
        } catch (IOException e) {
            throw new LabException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether a file's mime type is text/*: the platform's guess by name if it has one, else a sniff
     * of the first 8 KiB (no NUL byte, valid UTF-8 but for a character cut at the end), which is what
     * makes an extension-less file such as enwik8 text, as crypto treated it.
     */
    public static boolean isText(Path file) throws IOException {
        String type = Files.probeContentType(file);
        if (type != null) {
            return type.startsWith("text/");
        }
        byte[] head = new byte[8192];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                return false;
            }
        }
        int end = n;
        // a multi-byte character may be cut by the 8 KiB boundary: drop up to 3 trailing bytes of it
        while (end > 0 && n - end < 3 && (head[end - 1] & 0xC0) == 0x80) {
            end--;
        }
        if (end > 0 && (head[end - 1] & 0x80) != 0 && n == head.length) {
            end--;
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(head, 0, end));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
