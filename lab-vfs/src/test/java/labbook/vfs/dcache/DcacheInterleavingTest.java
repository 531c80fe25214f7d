package labbook.vfs.dcache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A rename put exactly where it can hurt a walk (through the cache's test-only interleaving hook), one case per check
 * the walks make: without the check, each walk below would return an inode that was never at its path, or miss one that
 * never moved.
 */
class DcacheInterleavingTest {

    private static List<String> files(String folder, String prefix, int n) {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            paths.add(folder + "/" + prefix + i);
        }
        return paths;
    }

    /** RCU-walk read P/f0's parent, then f0 became Q/gj: its name now matches "gj"; only its sequence tells. */
    @Test
    void rcuWalkRechecksTheFinalEntrysSequence() {
        List<String> tree = files("P", "f", 64);
        tree.add("Q/z");
        Dentry[] moving = new Dentry[1];
        String[] newName = new String[1];
        AtomicBoolean fired = new AtomicBoolean();
        Dcache[] holder = new Dcache[1];
        Dcache cache = Dcache.of(tree, 8, (point, d) -> {
            if (point.equals("rcu-candidate") && d == moving[0] && fired.compareAndSet(false, true)) {
                holder[0].rename(d, holder[0].find("Q"), newName[0], new WalkCounters());
            }
        });
        holder[0] = cache;
        Dentry p = cache.find("P");
        moving[0] = cache.find("P/f0");
        int j = 0;
        while (cache.bucketOf(p, "g" + j) != cache.bucketOf(p, "f0")) {
            j++;
        }
        newName[0] = "g" + j;
        WalkCounters c = new WalkCounters();
        Inode got = cache.statRcu(Dcache.split("P/" + newName[0]), c);
        assertThat(fired).isTrue();
        assertThat(got).as("P/%s never existed", newName[0]).isNull();
        assertThat(c.fallbacks).isEqualTo(1);
        assertThat(cache.find("Q/" + newName[0]).inode()).isSameAs(moving[0].inode());
    }

    /**
     * RCU-walk passed P/x; then x moved to Q/x, its f left and Q/y became x/f. Only the hand-over-hand check of x's
     * sequence stops the walk from returning y for P/x/f. (Ref-walk, as in the kernel, gives no such promise: holding
     * x, it would follow x to its new place.)
     */
    @Test
    void rcuWalkRechecksTheParentsSequenceHandOverHand() {
        Dcache[] holder = new Dcache[1];
        AtomicBoolean fired = new AtomicBoolean();
        Dcache cache = Dcache.of(List.of("P/x/f", "Q/y"), 64, (point, d) -> {
            Dcache k = holder[0];
            if (point.equals("lookup") && d.name.equals("x") && fired.compareAndSet(false, true)) {
                WalkCounters w = new WalkCounters();
                Dentry x = k.find("P/x");
                k.rename(x, k.find("Q"), "x", w);
                k.rename(k.find("Q/x/f"), k.find("Q"), "f.old", w);
                k.rename(k.find("Q/y"), x, "f", w);
            }
        });
        holder[0] = cache;
        Inode y = cache.find("Q/y").inode();
        WalkCounters c = new WalkCounters();
        Inode got = cache.statRcu(Dcache.split("P/x/f"), c);
        assertThat(fired).isTrue();
        assertThat(got).as("y was never at P/x/f").isNotSameAs(y).isNull();
        assertThat(c.fallbacks).isEqualTo(1);
    }

    /**
     * A walk stood on an entry of Q/f_k's chain when that entry was renamed into another chain: the walk went on in the
     * wrong chain and missed Q/f_k, which never moved. rename_lock's sequence shows a rename happened, so the lookup is
     * made again.
     */
    @Test
    void aLookupDivertedIntoAnotherChainIsRetried() {
        for (boolean rcu : new boolean[] {false, true}) {
            Dcache[] holder = new Dcache[1];
            Dentry[] diverter = new Dentry[1];
            AtomicBoolean fired = new AtomicBoolean();
            Dcache cache = Dcache.of(files("Q", "f", 64), 8, (point, d) -> {
                if (point.endsWith("candidate") && d == diverter[0] && fired.compareAndSet(false, true)) {
                    Dcache k = holder[0];
                    Dentry q = k.find("Q");
                    int j = 0;
                    while (k.bucketOf(q, "moved" + j) == k.bucketOf(q, d.name)) {
                        j++;
                    }
                    k.rename(d, q, "moved" + j, new WalkCounters());
                }
            });
            holder[0] = cache;
            Dentry q = cache.find("Q");
            // the target: Q/f0 (inserted first, so last in its chain); the diverter: a later entry of the same chain
            int target = 0;
            int d = 1;
            while (cache.bucketOf(q, "f" + d) != cache.bucketOf(q, "f" + target)) {
                d++;
            }
            diverter[0] = cache.find("Q/f" + d);
            WalkCounters c = new WalkCounters();
            String[] path = Dcache.split("Q/f" + target);
            Inode got = rcu ? cache.statRcu(path, c) : cache.statRef(path, c);
            assertThat(fired).as(rcu ? "rcu" : "ref").isTrue();
            assertThat(got)
                    .as(rcu ? "rcu" : "ref")
                    .isSameAs(cache.find("Q/f" + target).inode());
            if (rcu) {
                assertThat(c.fallbacks).isEqualTo(1);
            } else {
                assertThat(c.retries).isEqualTo(1);
            }
        }
    }
}
