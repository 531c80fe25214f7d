package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code import} writes, checked byte by byte against the format notes with independent tools only: the JDK's own
 * Blowfish, MD5, SHA-1 and PBKDF2, Java's DataOutputStream for the QDataStream payload, and a SHA-1 written out here
 * for KF5's little-endian-word variant. Nothing from the lab's format package is used to check its output.
 */
class ImportSpecTest {
    static final String JSON = """
            {"folders":[
              {"name":"Passwords","entries":[
                {"key":"b-site","type":"password","value":"s3cr\u00e9t"},
                {"key":"a-map","type":"map","value":{"user":"ann","pass":"x"}},
                {"key":"c-bin","type":"stream","value":"AAEC"},
                {"key":"d-null","type":"stream","value":null}]},
              {"name":"Form Data","entries":[]}]}
            """;
    static final String PASSWORD = "correct horse battery staple, and then some more words";

    @TempDir
    Path dir;

    @Test
    void kde4Bytes() throws Exception {
        Path out = importAs("kde4");
        byte[] file = Files.readAllBytes(out);
        assertThat(Arrays.copyOf(file, 16)).isEqualTo(hex("4B57414C4C45540A0D000D0A 00000000"));
        int blobStart = checkHashSection(file);
        byte[] key = legacyKey(PASSWORD.getBytes(StandardCharsets.UTF_8));
        assertThat(key).hasSize(56);
        byte[] blob = Arrays.copyOfRange(file, blobStart, file.length);
        swapWords(blob);
        blob = jdk("Blowfish/ECB/NoPadding", key, null, blob);
        swapWords(blob);
        checkPlaintext(blob, MessageDigest.getInstance("SHA-1").digest(expectedPayload()));
        assertThat(Files.exists(dir.resolve("w.salt"))).isFalse();
    }

    @Test
    void kf5Bytes() throws Exception {
        Path out = importAs("kf5");
        byte[] file = Files.readAllBytes(out);
        assertThat(Arrays.copyOf(file, 16)).isEqualTo(hex("4B57414C4C45540A0D000D0A 00010302"));
        byte[] salt = Files.readAllBytes(dir.resolve("w.salt"));
        assertThat(salt).hasSize(56);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("w.salt"))))
                .isEqualTo("rw-------");
        int blobStart = checkHashSection(file);
        SecretKeyFactory pbkdf2 = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512");
        byte[] key = pbkdf2.generateSecret(new PBEKeySpec(PASSWORD.toCharArray(), salt, 50_000, 56 * 8))
                .getEncoded();
        byte[] blob = jdk("Blowfish/CBC/NoPadding", key, new byte[8], Arrays.copyOfRange(file, blobStart, file.length));
        checkPlaintext(blob, littleEndianWordSha1(expectedPayload()));
    }

    private Path importAs(String format) throws IOException {
        Path json = Files.writeString(dir.resolve("in.json"), JSON);
        Path pw = Files.writeString(dir.resolve("pw"), PASSWORD + "\n");
        Path out = dir.resolve("w.kwl");
        Files.deleteIfExists(out);
        CliRun run = CliRun.importJson(format, pw, json, out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out)))
                .isEqualTo("rw-------");
        return out;
    }

    /** Folders sorted by name, each with MD5(name), its entry count, and MD5 of each key in key order. */
    private static int checkHashSection(byte[] file) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(expected);
        d.writeInt(2);
        d.write(md5.digest("Form Data".getBytes(StandardCharsets.UTF_8)));
        d.writeInt(0);
        d.write(md5.digest("Passwords".getBytes(StandardCharsets.UTF_8)));
        d.writeInt(4);
        for (String k : new String[] {"a-map", "b-site", "c-bin", "d-null"}) {
            d.write(md5.digest(k.getBytes(StandardCharsets.UTF_8)));
        }
        byte[] e = expected.toByteArray();
        assertThat(Arrays.copyOfRange(file, 16, 16 + e.length)).isEqualTo(e);
        assertThat((file.length - 16 - e.length) % 8).isZero();
        return 16 + e.length;
    }

    /** 8 random bytes, u32 len(D), D, 1..8 padding bytes with delta = 8 - ((len + 32) mod 8), SHA-1(D). */
    private static void checkPlaintext(byte[] plain, byte[] expectedDigest) throws IOException {
        byte[] payload = expectedPayload();
        assertThat(ByteBuffer.wrap(plain, 8, 4).getInt()).isEqualTo(payload.length);
        assertThat(Arrays.copyOfRange(plain, 12, 12 + payload.length)).isEqualTo(payload);
        int delta = 8 - ((payload.length + 32) % 8);
        assertThat(delta).isBetween(1, 8);
        assertThat(plain).hasSize(payload.length + 32 + delta);
        assertThat(Arrays.copyOfRange(plain, plain.length - 20, plain.length)).isEqualTo(expectedDigest);
    }

    /** The QDataStream payload, by hand: folders and keys in UTF-16 order, QStrings as UTF-16BE. */
    static byte[] expectedPayload() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        qstring(d, "Form Data");
        d.writeInt(0);
        qstring(d, "Passwords");
        d.writeInt(4);
        qstring(d, "a-map");
        d.writeInt(3);
        ByteArrayOutputStream map = new ByteArrayOutputStream();
        DataOutputStream m = new DataOutputStream(map);
        m.writeInt(2);
        // Qt 4/5 stream a QMap from its last key to its first
        qstring(m, "user");
        qstring(m, "ann");
        qstring(m, "pass");
        qstring(m, "x");
        d.writeInt(map.size());
        d.write(map.toByteArray());
        qstring(d, "b-site");
        d.writeInt(1);
        d.writeInt(4 + 2 * "s3cr\u00e9t".length());
        qstring(d, "s3cr\u00e9t");
        qstring(d, "c-bin");
        d.writeInt(2);
        d.writeInt(3);
        d.write(new byte[] {0, 1, 2});
        qstring(d, "d-null");
        d.writeInt(2);
        d.writeInt(-1);
        return bytes.toByteArray();
    }

    private static void qstring(DataOutputStream d, String s) throws IOException {
        d.writeInt(2 * s.length());
        d.writeChars(s);
    }

    /** The legacy key for a password over 48 bytes: 14 bytes of each piece's 2000-fold SHA-1. */
    private static byte[] legacyKey(byte[] password) throws Exception {
        assertThat(password.length).isGreaterThan(48);
        byte[] key = new byte[56];
        for (int i = 0; i < 4; i++) {
            byte[] h = Arrays.copyOfRange(password, 16 * i, i == 3 ? password.length : 16 * i + 16);
            for (int r = 0; r < 2000; r++) {
                h = MessageDigest.getInstance("SHA-1").digest(h);
            }
            System.arraycopy(h, 0, key, 14 * i, 14);
        }
        return key;
    }

    private static byte[] jdk(String transformation, byte[] key, byte[] iv, byte[] data) throws Exception {
        Cipher c = Cipher.getInstance(transformation);
        SecretKeySpec k = new SecretKeySpec(key, "Blowfish");
        if (iv == null) {
            c.init(Cipher.DECRYPT_MODE, k);
        } else {
            c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
        }
        return c.doFinal(data);
    }

    private static void swapWords(byte[] b) {
        for (int i = 0; i < b.length; i += 4) {
            byte t = b[i];
            b[i] = b[i + 3];
            b[i + 3] = t;
            t = b[i + 1];
            b[i + 1] = b[i + 2];
            b[i + 2] = t;
        }
    }

    /** SHA-1 (FIPS 180-4) with every message word and every output word read/written little-endian. */
    static byte[] littleEndianWordSha1(byte[] msg) {
        int padded = ((msg.length + 8) / 64 + 1) * 64;
        ByteBuffer m = ByteBuffer.allocate(padded);
        m.put(msg).put((byte) 0x80);
        m.putLong(padded - 8, (long) msg.length * 8);
        m.order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int[] h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
        int[] w = new int[80];
        for (int block = 0; block < padded; block += 64) {
            for (int t = 0; t < 16; t++) {
                w[t] = m.getInt(block + 4 * t);
            }
            for (int t = 16; t < 80; t++) {
                w[t] = Integer.rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
            }
            int a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
            for (int t = 0; t < 80; t++) {
                int f = t < 20
                        ? (b & c) | (~b & d)
                        : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
                int k = t < 20 ? 0x5A827999 : t < 40 ? 0x6ED9EBA1 : t < 60 ? 0x8F1BBCDC : 0xCA62C1D6;
                int tmp = Integer.rotateLeft(a, 5) + f + e + k + w[t];
                e = d;
                d = c;
                c = Integer.rotateLeft(b, 30);
                b = a;
                a = tmp;
            }
            h[0] += a;
            h[1] += b;
            h[2] += c;
            h[3] += d;
            h[4] += e;
        }
        ByteBuffer out = ByteBuffer.allocate(20).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int v : h) {
            out.putInt(v);
        }
        return out.array();
    }

    static byte[] hex(String s) {
        s = s.replace(" ", "");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
