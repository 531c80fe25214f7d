package labbook.filecrypt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.KebabLabel;
import labbook.core.LabException;
import labbook.core.Variant;

/**
 * The crypto tool's (v1.1.0) choice of gpg compression level, as a function, so its runs replay with either engine:
 *
 * <ul>
 *   <li>default: {@code -z 1} for text files over 10,240 bytes, else {@code -z 0};
 *   <li>{@code --speed}: {@code -z 0} for every file;
 *   <li>{@code --space}: {@code -z 7} for every file (the seed's "GPG Default" run);
 * </ul>
 *
 * plus gpg's own default, {@code -z 6}, which the seed did not run. Compression is always ZIP.
 */
public final class CryptoPolicy {
    /** The crypto tool's size threshold: text files over this many bytes are compressed by default. */
    public static final long TEXT_THRESHOLD_BYTES = 10_240;

    /**
     * The four directory runs, directory-runs' variants; each {@link KebabLabel#label()} is the run's name in the
     * {@code run} column of directory-runs.csv and of the seed's crypto-directory.csv, which {@code reports} reads them
     * by.
     */
    public enum Run implements KebabLabel, Variant {
        PUBLISHED_GPG_DEFAULT_Z7,
        CRYPTO_DEFAULT,
        CRYPTO_SPEED,
        GPG_DEFAULT_Z6;

        @Override
        public String label() {
            return KebabLabel.super.label();
        }
    }

    private CryptoPolicy() {}

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
     * Whether a file's mime type is text/*, read from its bytes by libmagic as crypto did ({@link FileMime}): the name
     * never decides, so an extension-less file such as enwik8 is text and a PDF named {@code .txt} is not. A directory
     * run asks once per file, before it times anything, and records the verdict ({@link FileMime#of(java.util.List)}).
     */
    public static boolean isText(Path file) {
        return FileMime.isText(FileMime.of(file));
    }
}
