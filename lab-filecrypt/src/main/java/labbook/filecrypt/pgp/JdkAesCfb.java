package labbook.filecrypt.pgp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.ByteOrder;
import java.util.List;

/**
 * OpenPGP's CFB encryption (zero IV, no resync: SEIPD v1) driven directly on the JDK's AES block
 * function, {@code com.sun.crypto.provider.AESCrypt.encryptBlock}, which HotSpot compiles to AES-NI.
 *
 * <p>Why: CFB encryption is serial (each block's key stream is the previous ciphertext block
 * encrypted), so its speed is the latency of one block plus whatever sits between two blocks. The
 * JDK's {@code AES/CFB/NoPadding} puts a byte-by-byte XOR and an array copy there; this loop XORs
 * two longs and keeps the register in place: about 12 ms instead of 16 ms per 10 MB here. It needs
 * {@code --add-opens java.base/com.sun.crypto.provider=ALL-UNNAMED} ({@link FastPath#JVM_FLAGS});
 * without it {@link #available()} is false and the public {@code Cipher} is used.
 */
final class JdkAesCfb {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final Constructor<?> NEW_AES;
    private static final Method INIT;
    /** (Object aes, byte[] in, int inOff, byte[] out, int outOff) void. */
    private static final MethodHandle ENCRYPT_BLOCK;

    static {
        Constructor<?> ctor = null;
        Method init = null;
        MethodHandle encrypt = null;
        try {
            Class<?> aes = Class.forName("com.sun.crypto.provider.AESCrypt");
            ctor = aes.getDeclaredConstructor();
            ctor.setAccessible(true);
            init = aes.getDeclaredMethod("init", boolean.class, String.class, byte[].class);
            init.setAccessible(true);
            Method block = aes.getDeclaredMethod("encryptBlock", byte[].class, int.class, byte[].class, int.class);
            block.setAccessible(true);
            encrypt = MethodHandles.lookup().unreflect(block)
                    .asType(MethodType.methodType(void.class, Object.class, byte[].class, int.class, byte[].class, int.class));
        } catch (ReflectiveOperationException | RuntimeException notOpen) {
            ctor = null;
        }
        NEW_AES = ctor;
        INIT = init;
        ENCRYPT_BLOCK = encrypt;
    }

    private final Object aes;
    private final byte[] register = new byte[16];
    private final byte[] keyStream = new byte[16];
    private int used = 16;

    private JdkAesCfb(Object aes) {
        this.aes = aes;
    }

    static boolean available() {
        return NEW_AES != null;
    }

    static List<String> requiredFlags() {
        return List.of("--add-opens", "java.base/com.sun.crypto.provider=ALL-UNNAMED");
    }

    static JdkAesCfb encryptor(byte[] key) {
        try {
            Object aes = NEW_AES.newInstance();
            INIT.invoke(aes, false, "AES", key);
            return new JdkAesCfb(aes);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the JDK's AES block function cannot be used: " + e, e);
        }
    }

    /** Encrypts {@code len} bytes (any length: CFB is a stream mode) from {@code in} into {@code out}. */
    void encrypt(byte[] in, int off, int len, byte[] out, int outOff) {
        while (len > 0 && used < 16) {
            byte c = (byte) (in[off++] ^ keyStream[used]);
            register[used++] = c;
            out[outOff++] = c;
            len--;
        }
        try {
            while (len >= 16) {
                ENCRYPT_BLOCK.invokeExact(aes, register, 0, keyStream, 0);
                long c0 = (long) LONGS.get(keyStream, 0) ^ (long) LONGS.get(in, off);
                long c1 = (long) LONGS.get(keyStream, 8) ^ (long) LONGS.get(in, off + 8);
                LONGS.set(register, 0, c0);
                LONGS.set(register, 8, c1);
                LONGS.set(out, outOff, c0);
                LONGS.set(out, outOff + 8, c1);
                off += 16;
                outOff += 16;
                len -= 16;
            }
            if (len > 0) {
                ENCRYPT_BLOCK.invokeExact(aes, register, 0, keyStream, 0);
                used = 0;
                while (len > 0) {
                    byte c = (byte) (in[off++] ^ keyStream[used]);
                    register[used++] = c;
                    out[outOff++] = c;
                    len--;
                }
            }
        } catch (Throwable t) {
            throw new IllegalStateException("AES block encryption failed: " + t, t);
        }
    }
}
