package labbook.vfs.dcache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import labbook.vfs.tree.KernelManifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dentry-cache model over the shipped kernel paths and small trees: both walks find every entry and give back every
 * reference, and under concurrent renames no walk finds an entry where it never was.
 */
class DcacheTest {
    static List<String> paths;

    @BeforeAll
    static void load() {
        paths = KernelManifest.linux61().paths();
    }

    @Test
    void bothWalksResolveEveryPathOfTheTreeToTheSameInode() {
        Dcache cache = Dcache.of(paths);
        WalkCounters c = new WalkCounters();
        Set<Long> inodes = new HashSet<>();
        for (String p : paths) {
            String[] parts = Dcache.split(p);
            Inode ref = cache.statRef(parts, c);
            Inode rcu = cache.statRcu(parts, c);
            assertThat(ref)
                    .as(p)
                    .isNotNull()
                    .isSameAs(rcu)
                    .isSameAs(cache.find(p).inode());
            inodes.add(ref.number());
        }
        assertThat(inodes).hasSize(paths.size());
        assertThat(c.fallbacks).isZero();
        assertThat(c.misses).isZero();
        // every walk gave back the references it took
        assertThat(cache.root().refCount()).isZero();
        assertThat(cache.find("drivers/net").refCount()).isZero();
        assertThat(cache.find("fs/namei.c").refCount()).isZero();
        assertThat(cache.mountCount()).isZero();
    }

    @Test
    void theCacheHoldsEveryEntryAndTheFoldersTheyImply() {
        Dcache cache = Dcache.of(paths);
        // 78,635 entries, 5,095 folders below the top (the tarball's 5,096 less its top folder), and the top
        assertThat(cache.size()).isEqualTo(paths.size() + 5_095 + 1);
        // and the folders counted from the paths themselves, so a model that lost or doubled a folder fails here too
        Set<String> folders = new HashSet<>();
        for (String p : paths) {
            for (int slash = p.indexOf('/'); slash >= 0; slash = p.indexOf('/', slash + 1)) {
                folders.add(p.substring(0, slash));
            }
        }
        assertThat(cache.size()).isEqualTo(paths.size() + folders.size() + 1);
        assertThat(cache.find("fs").isDirectory()).isTrue();
        assertThat(cache.find("fs/namei.c").isDirectory()).isFalse();
        assertThat(cache.find("fs/no-such-file.c")).isNull();
    }

    @Test
    void aPathThatIsNotThereIsAMissForBothWalks() {
        Dcache cache = Dcache.of(List.of("a/b/c", "a/d"));
        WalkCounters c = new WalkCounters();
        assertThat(cache.statRef(Dcache.split("a/x"), c)).isNull();
        assertThat(cache.statRcu(Dcache.split("a/b/c/d"), c)).isNull();
        assertThat(cache.root().refCount()).isZero();
        assertThat(cache.find("a").refCount()).isZero();
    }

    @Test
    void renameMovesTheEntryAndRefusesToClobber() {
        Dcache cache = Dcache.of(List.of("a/x", "b/y"));
        WalkCounters c = new WalkCounters();
        Inode x = cache.find("a/x").inode();
        cache.rename(cache.find("a/x"), cache.find("b"), "z", c);
        assertThat(cache.statRcu(Dcache.split("b/z"), c)).isSameAs(x);
        assertThat(cache.statRef(Dcache.split("a/x"), c)).isNull();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> cache.rename(cache.find("b/z"), cache.find("b"), "y", c))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> cache.rename(cache.find("b"), cache.find("b"), "q", c))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Files renamed across folders and names ({@code P/f7 -> Q/g7} and back) in a cache with a tiny hash table, so
     * readers traverse long chains that renames splice under them: a walk that trusted unlocked, unchecked reads of a
     * moving entry's parent and name could find it at {@code P/g7}, where it never was; a walk diverted into another
     * chain could miss {@code Q/f7}, which never moves. Neither may happen.
     */
    @Test
    void underRenamesAcrossFoldersNoWalkFindsAnEntryWhereItNeverWas() throws Exception {
        int n = 64;
        List<String> tree = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tree.add("P/f" + i);
            tree.add("Q/f" + i);
        }
        // 8 chains: long chains that renames splice under the readers (DcacheInterleavingTest puts
        // a rename exactly in each window; this test lets them fall where they may)
        Dcache cache = Dcache.of(tree, 8);
        Dentry p = cache.find("P");
        Dentry q = cache.find("Q");
        Map<String, Long> original = new HashMap<>();
        for (String path : tree) {
            original.put(path, cache.find(path).inode().number());
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong renames = new AtomicLong();
        Thread renamer = new Thread(() -> {
            WalkCounters c = new WalkCounters();
            while (!stop.get()) {
                for (int i = 0; i < n && !stop.get(); i++) {
                    Dentry f = cache.find("P/f" + i);
                    cache.rename(f, q, "g" + i, c);
                    cache.rename(f, p, "f" + i, c);
                    renames.addAndGet(2);
                }
            }
        });
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        WalkCounters total = new WalkCounters();
        List<Thread> walkers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            boolean rcu = t % 2 == 0;
            walkers.add(new Thread(() -> {
                WalkCounters c = new WalkCounters();
                long deadline = System.nanoTime() + 5_000_000_000L;
                for (int round = 0; round < 400 && System.nanoTime() < deadline; round++) {
                    for (int i = 0; i < n; i++) {
                        long moving = original.get("P/f" + i);
                        check(wrong, cache, c, rcu, "P/f" + i, moving, true);
                        check(wrong, cache, c, rcu, "Q/g" + i, moving, true);
                        check(wrong, cache, c, rcu, "P/g" + i, -1, true);
                        check(wrong, cache, c, rcu, "Q/f" + i, original.get("Q/f" + i), false);
                    }
                }
                synchronized (total) {
                    total.add(c);
                }
            }));
        }
        runWhileRenaming(renamer, stop, walkers);
        assertThat(wrong).isEmpty();
        assertThat(renames.get()).isPositive();
        assertEveryReferenceGivenBack(cache, p, q);
        System.out.printf(
                "across folders: renames %d, fallbacks %d, retries %d, misses %d%n",
                renames.get(), total.fallbacks, total.retries, total.misses);
    }

    /**
     * Starts the renamer, then the walkers; stops the renamer once every walker is done. A thread that died of an
     * exception (a walk or rename the model got wrong) fails the test: otherwise it would only print a stack trace and
     * leave nothing in the list of wrong answers.
     */
    private static void runWhileRenaming(Thread renamer, AtomicBoolean stop, List<Thread> walkers)
            throws InterruptedException {
        ConcurrentLinkedQueue<Throwable> died = new ConcurrentLinkedQueue<>();
        renamer.setUncaughtExceptionHandler((t, e) -> died.add(e));
        walkers.forEach(w -> w.setUncaughtExceptionHandler((t, e) -> died.add(e)));
        renamer.start();
        walkers.forEach(Thread::start);
        for (Thread w : walkers) {
            w.join();
        }
        stop.set(true);
        renamer.join();
        assertThat(died).as("exceptions in the walker and renamer threads").isEmpty();
    }

    /** Every walk gave back the references it took, on the entries it passed and on the mount. */
    private static void assertEveryReferenceGivenBack(Dcache cache, Dentry... passed) {
        assertThat(cache.root().refCount()).isZero();
        for (Dentry d : passed) {
            assertThat(d.refCount()).as(d.path()).isZero();
        }
        assertThat(cache.mountCount()).isZero();
    }

    /** {@code expected} -1: the path must be empty; {@code mayMiss}: nothing found is also right. */
    /** Walks {@code path} the one way or the other and adds a wrong answer to {@code wrong}. */
    private static void check(
            ConcurrentLinkedQueue<String> wrong,
            Dcache cache,
            WalkCounters c,
            boolean rcu,
            String path,
            long expected,
            boolean mayMiss) {
        Inode got = rcu ? cache.statRcu(Dcache.split(path), c) : cache.statRef(Dcache.split(path), c);
        boolean ok = got == null ? mayMiss || expected == -1 : got.number() == expected;
        if (!ok) {
            wrong.add((rcu ? "rcu " : "ref ") + path + " -> " + (got == null ? "nothing" : "inode " + got.number()));
        }
    }

    /**
     * Under concurrent renames that swap two folders (arch/arm and arch/arm64, through a temporary name), a walk may
     * find a path missing or holding the other folder's file that was moved there, but never an inode that was never at
     * that path.
     */
    @Test
    @SuppressWarnings("ThreadPriorityCheck") // the renamer gives way so that walks run between its renames
    void underConcurrentRenamesNoWalkReturnsAnInodeThatWasNeverAtThatPath() throws Exception {
        Dcache cache = Dcache.of(paths);
        Dentry arch = cache.find("arch");
        Dentry arm = cache.find("arch/arm");
        Dentry arm64 = cache.find("arch/arm64");
        Map<String, Set<Long>> allowed = new HashMap<>();
        List<String> renamed = new ArrayList<>();
        List<String> fixed = new ArrayList<>();
        for (String p : paths) {
            if (p.startsWith("arch/arm/") || p.startsWith("arch/arm64/")) {
                renamed.add(p);
                String rest = p.substring(p.indexOf('/', 5) + 1);
                Set<Long> set = new HashSet<>();
                for (String candidate : List.of("arch/arm/" + rest, "arch/arm64/" + rest)) {
                    Dentry d = cache.find(candidate);
                    if (d != null) {
                        set.add(d.inode().number());
                    }
                }
                allowed.put(p, set);
            } else if (p.startsWith("arch/") || p.startsWith("include/") || p.startsWith("fs/")) {
                fixed.add(p);
                allowed.put(p, Set.of(cache.find(p).inode().number()));
            }
        }
        // the swap must be able to put a different file at a path, or the test proves little
        assertThat(renamed.stream().filter(p -> allowed.get(p).size() == 2).count())
                .isGreaterThan(100);

        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong renames = new AtomicLong();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        WalkCounters total = new WalkCounters();
        Thread renamer = new Thread(() -> {
            WalkCounters c = new WalkCounters();
            while (!stop.get()) {
                cache.rename(arm, arch, "arm.tmp", c);
                cache.rename(arm64, arch, "arm", c);
                cache.rename(arm, arch, "arm64", c);
                Thread.yield();
                cache.rename(arm64, arch, "arm.tmp", c);
                cache.rename(arm, arch, "arm", c);
                cache.rename(arm64, arch, "arm64", c);
                renames.addAndGet(6);
                Thread.yield();
            }
        });
        List<Thread> walkers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            boolean rcu = t % 2 == 0;
            int offset = t;
            walkers.add(new Thread(() -> {
                WalkCounters c = new WalkCounters();
                for (int round = 0; round < 3; round++) {
                    List<String> work = new ArrayList<>(renamed);
                    work.addAll(fixed);
                    for (int i = offset; i < work.size(); i++) {
                        String p = work.get(i);
                        String[] parts = Dcache.split(p);
                        Inode got = rcu ? cache.statRcu(parts, c) : cache.statRef(parts, c);
                        boolean moved = p.startsWith("arch/arm/") || p.startsWith("arch/arm64/");
                        if (got == null ? !moved : !allowed.get(p).contains(got.number())) {
                            wrong.add((rcu ? "rcu " : "ref ") + p + " -> " + (got == null ? "nothing" : got.number()));
                        }
                    }
                }
                synchronized (total) {
                    total.add(c);
                }
            }));
        }
        runWhileRenaming(renamer, stop, walkers);

        assertThat(wrong).isEmpty();
        assertThat(renames.get()).isPositive();
        assertEveryReferenceGivenBack(cache, arch, arm);
        System.out.printf(
                "renames %d, fallbacks %d, retries %d, misses %d%n",
                renames.get(), total.fallbacks, total.retries, total.misses);
    }
}
