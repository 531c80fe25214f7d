package labbook.filecrypt.experiments.levelsweep;

import java.util.ArrayList;
import java.util.List;
import labbook.core.Variant;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.pgp.EncryptOptions;

/**
 * One of the level sweep's engines (its variants): an {@link Engine} and how many threads compress. Every engine runs
 * on one thread, as gpg compresses and as the published figures were taken; bcpg in-process runs a second time on N
 * threads ({@link EncryptOptions#threads()}), with the same engine and scope columns: the {@code threads} column tells
 * them apart.
 */
record SweepEngine(Engine engine, int threads) implements Variant {
    /** Every {@link Engine} on one thread, then bcpg in-process on {@code threads} threads. */
    static List<SweepEngine> sweep(int threads) {
        List<SweepEngine> all = new ArrayList<>();
        for (Engine e : Engine.values()) {
            all.add(new SweepEngine(e, 1));
        }
        all.add(new SweepEngine(Engine.BCPG_IN_PROCESS, threads));
        return all;
    }

    /** "bcpg/in-process", or "bcpg/in-process x2" on 2 threads. */
    @Override
    public String label() {
        return threads == 1 ? engine.label() : engine.label() + " x" + threads;
    }

    /** Whether it runs with {@code o}: on several threads only what compresses in parallel (ZIP, ZLIB, -z 1-9). */
    boolean sweeps(EncryptOptions o) {
        return threads == 1 || o.withThreads(threads).compressesInParallel();
    }
}
