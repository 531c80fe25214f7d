package labbook.wallet.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * Files that change together, such as a KF5 wallet and its {@code .salt} (a wallet with another wallet's salt cannot be
 * opened): every file is written and synced to its temp file first, so a failure there (a full disk) leaves every
 * target as it was; then the targets are renamed in order, the last one last, and if a rename fails the ones renamed
 * before it get their previous versions back (each kept as {@code <target>XXXXXX.old}, a hard link, until the group is
 * done).
 *
 * <p>SIGTERM and SIGINT (Ctrl-C) run a shutdown hook that removes the temp files of every save still in progress, after
 * waiting for a group's renames to finish: an interrupted import leaves the previous files and nothing else. (SIGKILL
 * runs no hook: the next open of the wallet removes its temp files, {@link SaveFile#removeStaleTemps}.)
 */
public final class SaveGroup {
    private static final Object RENAMING = new Object();
    private static volatile boolean closing;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SaveGroup::abandonAll, "wallet-save-cleanup"));
    }

    private SaveGroup() {}

    /** True once the JVM is shutting down: no save renames anything any more. */
    static boolean closing() {
        return closing;
    }

    /** Commits {@code saves} (each already given all its bytes) as one change; see the class comment. */
    public static void commit(List<SaveFile.Pending> saves) {
        try {
            for (SaveFile.Pending save : saves) {
                save.flush();
            }
            synchronized (RENAMING) {
                renameAll(saves);
            }
        } finally {
            for (SaveFile.Pending save : saves) {
                save.close();
            }
        }
    }

    private static void renameAll(List<SaveFile.Pending> saves) {
        if (closing) {
            // the hook ran before this group took the lock: the JVM may halt at any moment, so make
            // no .old link that nothing would remove
            throw new LabException(
                    "interrupted: " + saves.get(0).target() + " was not saved (the previous version is kept)");
        }
        List<Path> kept = new ArrayList<>();
        int renamed = 0;
        try {
            for (SaveFile.Pending save : saves) {
                kept.add(keepPrevious(save.target()));
                save.commit();
                renamed++;
            }
        } catch (RuntimeException e) {
            for (int i = renamed - 1; i >= 0; i--) {
                putBack(saves.get(i).target(), kept.get(i), e);
            }
            throw e;
        } finally {
            for (Path p : kept) {
                deleteQuietly(p);
            }
        }
    }

    /**
     * A hard link to the file about to be replaced (a copy where links are not supported), or null when there is none.
     */
    private static Path keepPrevious(Path target) {
        if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        Path kept = TempFiles.name(target, ".old");
        try {
            try {
                Files.createLink(kept, target);
            } catch (UnsupportedOperationException | IOException noLinks) {
                Files.copy(target, kept, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return kept;
        } catch (IOException e) {
            deleteQuietly(kept);
            throw LabException.cannot("keep the previous version of", target, e);
        }
    }

    private static void putBack(Path target, Path kept, RuntimeException failure) {
        try {
            if (kept == null) {
                Files.deleteIfExists(target);
            } else {
                AtomicFiles.replace(kept, target);
            }
        } catch (IOException e) {
            failure.addSuppressed(e);
            throw new LabException(
                    failure.getMessage() + "; and " + target + " could not be put back"
                            + (kept == null ? "" : " (its previous version is " + kept + ")"),
                    failure);
        }
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover .old is a whole previous version: harmless
        }
    }

    /** The shutdown hook: after any group's renames, no more renames, and every live temp file removed. */
    private static void abandonAll() {
        synchronized (RENAMING) {
            closing = true;
            for (Path temp : List.copyOf(TempFiles.LIVE)) {
                deleteQuietly(temp);
            }
        }
    }
}
