package labbook.reports.site;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.LabException;
import labbook.core.OwnedScratch;

/**
 * A site written whole or not at all, the folder version of lab-core's {@code PartialFile}: the pages go to a hidden
 * {@code .<name>.<pid>.<n>.partial} folder beside {@code --out}, which {@link #commit()} renames into place at the end.
 * Until then a previous site stays as it was.
 *
 * <ul>
 *   <li>{@link #close()} without a commit removes the partial folder (a bad CSV, a full disk), and any parent folder
 *       {@link #open} created for it;
 *   <li>SIGTERM or SIGINT (Ctrl-C): lab-core's owned-scratch shutdown hook removes every partial folder still open
 *       ({@link OwnedScratch});
 *   <li>SIGKILL runs no hook: the next {@link #open} of the same {@code --out} removes the partial (and replaced
 *       {@code .old}) folders of processes that are gone.
 * </ul>
 *
 * {@link #open} refuses, before anything is loaded, an {@code --out} that is a file, that sits under a file, that
 * cannot be written in, or that is a folder holding anything but a site (replacing it would delete what it holds):
 * {@link OutFolder}.
 */
public final class SiteFolder implements AutoCloseable {
    private static final String PARTIAL = "partial";
    private static final String OLD = "old";

    private final Path named;
    private final Path out;
    private final OwnedScratch partial;
    private final List<Path> createdParents;
    private boolean done;
    private boolean committed;

    private SiteFolder(Path named, Path out, OwnedScratch partial, List<Path> createdParents) {
        this.named = named;
        this.out = out;
        this.partial = partial;
        this.createdParents = createdParents;
    }

    /** Checks {@code out} and creates the partial folder beside it (and {@code out}'s missing parents). */
    public static SiteFolder open(Path out) {
        Path target = OutFolder.check(out);
        Path dir = target.getParent();
        List<Path> created = createParents(out, dir);
        OwnedScratch.removeStale(target, OLD);
        OwnedScratch partial = OwnedScratch.claim(target, PARTIAL, OwnedScratch.Type.NAME);
        SiteFolder folder = new SiteFolder(out, target, partial, created);
        partial.atExit(folder::close); // a signal: the partial folder, and the parents made for it, go
        try {
            synchronized (folder) {
                Files.createDirectory(partial.path());
            }
        } catch (IOException e) {
            folder.close();
            if (e instanceof NoSuchFileException) { // /proc, a folder removed meanwhile
                throw new LabException("cannot write the site in " + out + ": cannot create a folder in " + dir);
            }
            throw LabException.cannot("write the site in", out, e);
        }
        return folder;
    }

    private static List<Path> createParents(Path out, Path dir) {
        List<Path> missing = new ArrayList<>();
        for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
            missing.add(0, p);
        }
        List<Path> created = new ArrayList<>();
        for (Path p : missing) {
            try {
                Files.createDirectory(p);
                created.add(0, p);
            } catch (IOException e) {
                Folders.removeEmpty(created);
                throw LabException.cannot("write the site in", out, e);
            }
        }
        return created;
    }

    /** Where the pages go until {@link #commit()}. */
    public Path path() {
        return partial.path();
    }

    /** The folder the site ends up in (through a symbolic link, the folder it points to). */
    public Path target() {
        return out;
    }

    /** {@code --out} as it was given, for messages and the printed path. */
    public Path named() {
        return named;
    }

    /**
     * Renames the partial folder to {@code out}. A previous site is first moved aside to a hidden {@code .old} folder,
     * then removed; if the rename fails it is moved back.
     */
    public synchronized void commit() throws IOException {
        if (done) {
            throw new LabException(
                    committed
                            ? "the site in " + named + " was already written"
                            : "the site build in " + named + " was stopped (a signal) before its end");
        }
        OwnedScratch old = null;
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            // the previous site: a signal must not remove it (a failed rename below puts it back)
            old = OwnedScratch.claim(out, OLD, OwnedScratch.Type.NAME).atExit(() -> {});
            Folders.move(out, old.path());
        }
        try {
            Folders.move(partial.path(), out);
        } catch (IOException e) {
            if (old != null) {
                Folders.move(old.path(), out);
            }
            throw e;
        }
        done = true;
        committed = true;
        partial.release();
        if (old != null) {
            old.close(); // a hidden .old folder left by a failure here is removed by the next build
        }
    }

    /**
     * Without a commit, the partial folder (and any parent {@link #open} created) is removed; {@code out} is as it was.
     */
    @Override
    public synchronized void close() {
        if (done) {
            return;
        }
        done = true;
        partial.close(); // what it leaves, the next open() of this --out removes
        Folders.removeEmpty(createdParents);
    }
}
