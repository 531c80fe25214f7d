package labbook.vfs.dcache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A sequence lock ({@code seqlock_t}): writers serialise on a spin lock and make the count odd while they change
 * things; readers store nothing, they sample the count and check it again. The model's {@code rename_lock}, and the
 * {@code fs_struct} sequence RCU-walk reads the working folder under.
 */
final class SeqLock {
    private static final VarHandle SEQ;
    private static final VarHandle LOCK;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SEQ = l.findVarHandle(SeqLock.class, "seq", int.class);
            LOCK = l.findVarHandle(SeqLock.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private volatile int seq;

    @SuppressWarnings("unused")
    private volatile int lock;

    /** read_seqbegin: waits out a writer (counted as lock spins), returns an even count. */
    int readBegin(WalkCounters c) {
        int turns = 0;
        while (true) {
            int s = (int) SEQ.getAcquire(this);
            if ((s & 1) == 0) {
                return s;
            }
            c.lockSpins++;
            Spin.pause(++turns);
        }
    }

    /** raw_seqcount_begin: no waiting; an odd count simply fails the later check. */
    int readBeginNoWait() {
        return (int) SEQ.getAcquire(this) & ~1;
    }

    /** read_seqretry: true when a writer came by since {@code start}. */
    boolean retry(int start) {
        VarHandle.acquireFence();
        return (int) SEQ.getAcquire(this) != start;
    }

    void writeLock(WalkCounters c) {
        int turns = 0;
        while (!LOCK.compareAndSet(this, 0, 1)) {
            c.lockSpins++;
            Spin.pause(++turns);
        }
        SEQ.setVolatile(this, (int) SEQ.getVolatile(this) + 1);
    }

    void writeUnlock() {
        SEQ.setRelease(this, (int) SEQ.getVolatile(this) + 1);
        LOCK.setRelease(this, 0);
    }
}
