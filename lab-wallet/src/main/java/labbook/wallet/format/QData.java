package labbook.wallet.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The few Qt {@code QDataStream} encodings a wallet uses (Qt 4/5 stream versions, big-endian): {@code quint32}, QString
 * (u32 byte length, then UTF-16BE; null = 0xFFFFFFFF), QByteArray (u32 length, then bytes; null = 0xFFFFFFFF) and
 * {@code QMap<QString,QString>}.
 */
public final class QData {
    static final int NULL_LENGTH = 0xFFFFFFFF;

    private QData() {}

    public static int qstringSize(String s) {
        return 4 + (s == null ? 0 : 2 * s.length());
    }

    public static int qbyteArraySize(byte[] b) {
        return 4 + (b == null ? 0 : b.length);
    }

    /** The QByteArray that holds a serialised QString: a Password entry's value. */
    public static byte[] qstringBytes(String s) {
        Writer w = new Writer(new byte[qstringSize(s)], 0);
        w.qstring(s);
        return w.buf;
    }

    /**
     * A serialised {@code QMap<QString,QString>} as Qt 4/5 write it: count, then entries from the last key to the
     * first.
     */
    public static byte[] qmapBytes(Map<String, String> map) {
        TreeMap<String, String> sorted = new TreeMap<>(map);
        int size = 4;
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            size += qstringSize(e.getKey()) + qstringSize(e.getValue());
        }
        Writer w = new Writer(new byte[size], 0);
        w.u32(sorted.size());
        for (Map.Entry<String, String> e : sorted.descendingMap().entrySet()) {
            w.qstring(e.getKey());
            w.qstring(e.getValue());
        }
        return w.buf;
    }

    /** Reads a Password value; throws if the bytes are not exactly one serialised QString. */
    public static String readQStringValue(byte[] value) throws BadWalletException {
        Reader r = new Reader(value, 0, value.length);
        String s = r.qstring();
        r.expectEnd();
        return s;
    }

    /** Reads a Map value; a key written twice keeps the value read first (Qt's newest insert). */
    public static Map<String, String> readQMapValue(byte[] value) throws BadWalletException {
        Reader r = new Reader(value, 0, value.length);
        long n = r.u32();
        List<String[]> pairs = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            pairs.add(new String[] {r.qstring(), r.qstring()});
        }
        r.expectEnd();
        Map<String, String> out = new LinkedHashMap<>();
        TreeMap<String, String> sorted = new TreeMap<>();
        for (String[] p : pairs) {
            sorted.putIfAbsent(p[0], p[1]);
        }
        out.putAll(sorted);
        return out;
    }

    /** Writes big-endian Qt encodings into a byte array at a moving position. */
    public static final class Writer {
        final byte[] buf;
        int pos;

        public Writer(byte[] buf, int pos) {
            this.buf = buf;
            this.pos = pos;
        }

        public int position() {
            return pos;
        }

        public void u32(long v) {
            buf[pos] = (byte) (v >>> 24);
            buf[pos + 1] = (byte) (v >>> 16);
            buf[pos + 2] = (byte) (v >>> 8);
            buf[pos + 3] = (byte) v;
            pos += 4;
        }

        public void bytes(byte[] b) {
            System.arraycopy(b, 0, buf, pos, b.length);
            pos += b.length;
        }

        public void qstring(String s) {
            if (s == null) {
                u32(NULL_LENGTH & 0xFFFFFFFFL);
                return;
            }
            int n = s.length();
            u32(2L * n);
            byte[] b = buf;
            int p = pos;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                b[p++] = (byte) (c >>> 8);
                b[p++] = (byte) c;
            }
            pos = p;
        }

        public void qbyteArray(byte[] v) {
            if (v == null) {
                u32(NULL_LENGTH & 0xFFFFFFFFL);
                return;
            }
            u32(v.length);
            bytes(v);
        }
    }

    /** Reads big-endian Qt encodings from a byte range, refusing anything that runs past its end. */
    public static final class Reader {
        private final byte[] buf;
        private int pos;
        private final int end;

        public Reader(byte[] buf, int from, int to) {
            this.buf = buf;
            this.pos = from;
            this.end = to;
        }

        public boolean atEnd() {
            return pos >= end;
        }

        public int position() {
            return pos;
        }

        public long u32() throws BadWalletException {
            need(4);
            long v = ((buf[pos] & 0xFFL) << 24)
                    | ((buf[pos + 1] & 0xFF) << 16)
                    | ((buf[pos + 2] & 0xFF) << 8)
                    | (buf[pos + 3] & 0xFF);
            pos += 4;
            return v;
        }

        public byte[] bytes(int n) throws BadWalletException {
            need(n);
            byte[] out = new byte[n];
            System.arraycopy(buf, pos, out, 0, n);
            pos += n;
            return out;
        }

        public String qstring() throws BadWalletException {
            long len = u32();
            if (len == 0xFFFFFFFFL) {
                return null;
            }
            if ((len & 1) != 0) {
                throw new BadWalletException("damaged content (odd QString length " + len + ")");
            }
            need(len);
            char[] chars = new char[(int) (len / 2)];
            for (int i = 0; i < chars.length; i++) {
                chars[i] = (char) (((buf[pos] & 0xFF) << 8) | (buf[pos + 1] & 0xFF));
                pos += 2;
            }
            return new String(chars);
        }

        public byte[] qbyteArray() throws BadWalletException {
            long len = u32();
            if (len == 0xFFFFFFFFL) {
                return null;
            }
            need(len);
            return bytes((int) len);
        }

        public void expectEnd() throws BadWalletException {
            if (pos != end) {
                throw new BadWalletException("damaged content (" + (end - pos) + " stray bytes)");
            }
        }

        private void need(long n) throws BadWalletException {
            if (n > end - pos) {
                throw new BadWalletException("damaged content (a field runs past the end of its data)");
            }
        }
    }
}
