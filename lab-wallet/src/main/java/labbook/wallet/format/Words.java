package labbook.wallet.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Byte-swapping of 32-bit words in place, the whole of KWallet's byte-order trouble. */
final class Words {
    private static final VarHandle BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private Words() {}

    /** Reverses the bytes of each 4-byte word of {@code b[off, off+len)}; len is a multiple of 4. */
    static void swap(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i += 4) {
            BE.set(b, i, (int) LE.get(b, i));
        }
    }
}
