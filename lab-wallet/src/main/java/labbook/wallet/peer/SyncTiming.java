package labbook.wallet.peer;

/**
 * One timed {@code Backend::sync()} of the real backend, as the harness measured it around that call alone: wall time
 * on CLOCK_MONOTONIC, the harness process's CPU time (CLOCK_PROCESS_CPUTIME_ID, user + system, nanosecond resolution),
 * the file's size after the sync, and the fdatasync calls QSaveFile made in it (1 per sync as shipped; still counted,
 * but skipped, with fdatasync off).
 *
 * @param entries entries in the wallet (the seed's one folder)
 * @param repeat 0.. at a checkpoint, else 0 (for a {@link Kwallet5Session}, what the caller passed)
 * @param syncMs wall milliseconds of the sync
 * @param cpuMs CPU milliseconds of the harness process during the sync
 * @param fileBytes size of the saved .kwl
 * @param fdatasyncs fdatasync calls made by the sync
 */
public record SyncTiming(int entries, int repeat, double syncMs, double cpuMs, long fileBytes, int fdatasyncs) {

    /** Parses "sync ENTRIES REPEAT SYNC_NS CPU_NS FILE_BYTES FDATASYNCS", the harness's line. */
    static SyncTiming parse(String line) {
        String[] f = line.trim().split(" ");
        if (f.length != 7 || !f[0].equals("sync")) {
            throw new IllegalArgumentException("not a sync line: " + line);
        }
        return new SyncTiming(
                Integer.parseInt(f[1]),
                Integer.parseInt(f[2]),
                Long.parseLong(f[3]) / 1e6,
                Long.parseLong(f[4]) / 1e6,
                Long.parseLong(f[5]),
                Integer.parseInt(f[6]));
    }

    SyncTiming withRepeat(int r) {
        return new SyncTiming(entries, r, syncMs, cpuMs, fileBytes, fdatasyncs);
    }
}
