package labbook.filecrypt.pgp;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import labbook.filecrypt.pgp.PgpDecryptor.DecryptException;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PacketTags;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricEncIntegrityPacket;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.bcpg.SymmetricKeyEncSessionPacket;

/**
 * The OpenPGP formats the decryptor reads, gpg 2.2's (RFC 4880, with RFC 5581's Camellia), and the one line naming the
 * first one in a message that it does not: RFC 9580's and LibrePGP's packets, packet versions and S2K types, and
 * ciphers, digests and compression algorithms outside gpg 2.2's.
 *
 * <p>{@link #checkHeads} peeks the packets in front of the encrypted data before BouncyCastle reads them. Why not ask
 * BouncyCastle afterwards: its {@code PGPEncryptedDataList} drops an SKESK packet of a version or S2K type it does not
 * know without a word (the message then looks encrypted to a public key), and what it does parse fails later as
 * something else: an OCB packet (tag 20) as data without an MDC, an unknown cipher or digest as a wrong passphrase.
 */
final class SupportedFormats {
    /**
     * How far {@link #checkHeads} looks: gpg {@code -c}'s key packet takes 13 bytes, a few recipients' key packets fit
     * too.
     */
    private static final int PEEK = 4096;

    /** Packet types of the newer formats, by name; any other type is BouncyCastle's to read or refuse. */
    private static final Map<Integer, String> NEWER_PACKETS = Map.of(
            PacketTags.AEAD_ENC_DATA, "OCB Encrypted Data, LibrePGP",
            PacketTags.PADDING, "Padding, RFC 9580");

    private static final Map<Integer, String> NEWER_SKESK_VERSIONS = Map.of(
            SymmetricKeyEncSessionPacket.VERSION_5, "LibrePGP",
            SymmetricKeyEncSessionPacket.VERSION_6, "RFC 9580");
    private static final Map<Integer, String> NEWER_SEIPD_VERSIONS =
            Map.of(SymmetricEncIntegrityPacket.VERSION_2, "RFC 9580");
    private static final Map<Integer, String> NEWER_S2K_TYPES = Map.of(S2K.ARGON_2, "Argon2, RFC 9580");

    /** gpg 2.2's ciphers: those encrypt offers, and IDEA, which gpg 2.2 still writes and BouncyCastle decrypts. */
    private static final int[] CIPHERS = IntStream.concat(
                    Arrays.stream(SymmetricCipher.values()).mapToInt(SymmetricCipher::tag),
                    IntStream.of(SymmetricKeyAlgorithmTags.IDEA))
            .sorted()
            .toArray();
    /**
     * gpg 2.2's S2K digests: those encrypt offers, and MD5, which gpg 2.2 still writes and BouncyCastle derives with.
     */
    private static final int[] S2K_DIGESTS = IntStream.concat(
                    Arrays.stream(S2kDigest.values()).mapToInt(S2kDigest::tag), IntStream.of(HashAlgorithmTags.MD5))
            .sorted()
            .toArray();

    @SuppressWarnings("deprecation") // simple and salted S2K are deprecated for writing; gpg's old files use them
    private static final int[] S2K_TYPES = {S2K.SIMPLE, S2K.SALTED, S2K.SALTED_AND_ITERATED};

    private SupportedFormats() {}

    /**
     * Peeks the packets in front of the encrypted data of {@code decoded} (binary, or the armor's content) and throws
     * naming the first one of a format this decryptor does not read; returns the stream to read the message from, at
     * its start. It says nothing of what it does not see in its first {@link #PEEK} bytes, nor of anything but an
     * OpenPGP message: BouncyCastle's reading then reports as before.
     */
    static InputStream checkHeads(InputStream decoded) throws IOException, DecryptException {
        // binary input comes buffered (PGPUtil.getDecoderStream), armor's content not. A mark within the 8 KiB
        // buffer neither grows it nor outlives its next fill, so the reads after the peek go on as before
        InputStream message = decoded.markSupported() ? decoded : new BufferedInputStream(decoded);
        message.mark(PEEK);
        byte[] head = message.readNBytes(PEEK);
        message.reset();
        checkHeads(ByteBuffer.wrap(head));
        return message;
    }

    private static void checkHeads(ByteBuffer in) throws DecryptException {
        try {
            for (Header h; (h = Header.read(in)) != null; ) {
                // a packet's fields are read from its body only: a short packet must not borrow the next one's bytes
                ByteBuffer body =
                        in.slice(in.position(), h.length() < 0 ? in.remaining() : Math.min(h.length(), in.remaining()));
                switch (h.tag()) {
                    case PacketTags.SYM_ENC_INTEGRITY_PRO -> {
                        int version = body.get() & 0xff;
                        if (version != SymmetricEncIntegrityPacket.VERSION_1) {
                            throw unsupported("SEIPD packet version " + version + named(NEWER_SEIPD_VERSIONS, version)
                                    + " is not supported; this decrypts version 1 (gpg 2.2's)");
                        }
                        return;
                    }
                    case PacketTags.SYMMETRIC_KEY_ENC_SESSION -> checkSkesk(body);
                    // a marker is ignored (RFC 4880, 5.8; BouncyCastle skips it); a public key's packet is
                    // BouncyCastle's to report
                    case PacketTags.MARKER, PacketTags.PUBLIC_KEY_ENC_SESSION -> {}
                    default -> {
                        if (NEWER_PACKETS.containsKey(h.tag())) {
                            throw unsupported(
                                    "packet type " + h.tag() + named(NEWER_PACKETS, h.tag()) + " is not supported");
                        }
                        return; // data without an MDC, or no encrypted message at all: BouncyCastle's reading says
                        // which
                    }
                }
                if (h.length() < 0 || h.length() > in.remaining()) {
                    return; // the next packet starts past what was peeked
                }
                in.position(in.position() + h.length());
            }
        } catch (BufferUnderflowException endOfPeek) {
            // a packet ends before its fields do (a damaged one, or a file cut short): BouncyCastle's reading says so
        }
    }

    /** An SKESK packet's body (RFC 4880, 5.3): version 4, then the cipher and the S2K specifier (type, digest, ...). */
    private static void checkSkesk(ByteBuffer in) throws DecryptException {
        int version = in.get() & 0xff;
        if (version != SymmetricKeyEncSessionPacket.VERSION_4) {
            throw unsupported("SKESK packet version " + version + named(NEWER_SKESK_VERSIONS, version)
                    + " is not supported; this decrypts version 4 (gpg 2.2's)");
        }
        checkCipher(in.get() & 0xff);
        int s2kType = in.get() & 0xff;
        if (!contains(S2K_TYPES, s2kType)) {
            throw unsupported("S2K type " + s2kType + named(NEWER_S2K_TYPES, s2kType)
                    + " is not supported; this derives keys by S2K types " + list(S2K_TYPES) + " (gpg 2.2's)");
        }
        int digest = in.get() & 0xff;
        if (!contains(S2K_DIGESTS, digest)) {
            throw unsupported(
                    "S2K digest algorithm " + digest + " is not supported; gpg 2.2's are " + list(S2K_DIGESTS));
        }
    }

    /**
     * The cipher an SKESK packet names. Not for the one inside a wrapped session key: under a wrong passphrase that
     * byte is noise, and BouncyCastle's "wrong passphrase" is then the truth.
     */
    private static void checkCipher(int algorithm) throws DecryptException {
        if (!contains(CIPHERS, algorithm)) {
            throw unsupported("symmetric algorithm " + algorithm + " is not supported; gpg 2.2's are " + list(CIPHERS));
        }
    }

    /** The algorithm of the compressed packet inside the encrypted data, which only decryption shows. */
    static void checkCompression(int algorithm) throws DecryptException {
        if (Stream.of(Compression.values()).noneMatch(c -> c.tag() == algorithm)) {
            throw unsupported("compression algorithm " + algorithm + " is not supported; gpg 2.2's are "
                    + Stream.of(Compression.values())
                            .map(c -> c.tag() + " (" + c.gpgName() + ")")
                            .collect(Collectors.joining(", ")));
        }
    }

    private static DecryptException unsupported(String what) {
        return new DecryptException(what, null);
    }

    private static String named(Map<Integer, String> names, int id) {
        String name = names.get(id);
        return name == null ? "" : " (" + name + ")";
    }

    private static boolean contains(int[] ids, int id) {
        return IntStream.of(ids).anyMatch(i -> i == id);
    }

    private static String list(int[] ids) {
        return IntStream.of(ids).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    /**
     * A packet header (RFC 4880, 4.2): the tag, and the body's length, negative when partial, indeterminate or over 2
     * GiB (a partial body's first part, at least 512 bytes, holds every field read here).
     */
    private record Header(int tag, int length) {
        /** The header at {@code in}'s position, or null if no packet starts there. */
        static Header read(ByteBuffer in) {
            if (!in.hasRemaining()) {
                return null;
            }
            int first = in.get() & 0xff;
            if ((first & 0x80) == 0) {
                return null;
            }
            if ((first & 0x40) == 0) { // old format: the tag in bits 5-2, the length's size in bits 1-0
                int tag = (first >> 2) & 0x0f;
                return switch (first & 0x03) {
                    case 0 -> new Header(tag, in.get() & 0xff);
                    case 1 -> new Header(tag, in.getShort() & 0xffff);
                    case 2 -> new Header(tag, in.getInt());
                    default -> new Header(tag, -1);
                };
            }
            int tag = first & 0x3f;
            int octet = in.get() & 0xff;
            if (octet < 192) {
                return new Header(tag, octet);
            }
            if (octet < 224) {
                return new Header(tag, ((octet - 192) << 8) + (in.get() & 0xff) + 192);
            }
            return new Header(tag, octet == 255 ? in.getInt() : -1); // 224-254: a partial body's first part
        }
    }
}
