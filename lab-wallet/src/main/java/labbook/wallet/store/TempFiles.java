package labbook.wallet.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import labbook.core.LabException;

/**
 * The save path's temp files: their KSaveFile names ({@code <target>XXXXXX.new}, and {@code <target>XXXXXX.old} for the
 * previous version kept while a {@link SaveGroup} commits), and the ones a killed writer left
 * ({@link SaveFile#removeStaleTemps}): a temp file is stale when no writer holds its {@code fcntl} lock (the kernel
 * dropped it with the process) and this JVM is not writing it.
 */
final class TempFiles {
    /** Temp files this JVM is writing right now: never stale, whatever their lock says to us. */
    static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final String NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private TempFiles() {}

    /** {@code <target>XXXXXX<suffix>} beside {@code target}, six random letters or digits as KSaveFile makes them. */
    static Path name(Path target, String suffix) {
        char[] x = new char[6];
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < x.length; i++) {
            x[i] = NAME_CHARS.charAt(r.nextInt(NAME_CHARS.length()));
        }
        Path abs = target.toAbsolutePath();
        return abs.resolveSibling(abs.getFileName() + new String(x) + suffix);
    }

    /**
     * Removes the temp files of {@code target} ({@code <target>XXXXXX.new}) that no live writer owns: those this JVM is
     * not writing and whose lock can be taken. Returns how many were removed.
     */
    static int remove(Path target) {
        Path abs = target.toAbsolutePath();
        String name = abs.getFileName().toString();
        Pattern tempName = Pattern.compile(Pattern.quote(name) + "[A-Za-z0-9]{6}\\.new");
        int removed = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(
                abs.getParent(),
                p -> tempName.matcher(p.getFileName().toString()).matches())) {
            for (Path p : s) {
                if (!LIVE.contains(p) && removeIfUnlocked(p)) {
                    removed++;
                }
            }
        } catch (IOException e) {
            throw new LabException("cannot clean up old temp files of " + target + ": " + e.getMessage(), e);
        }
        return removed;
    }

    private static boolean removeIfUnlocked(Path temp) {
        try (FileChannel ch = FileChannel.open(temp, Set.of(StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                return false; // a live writer in another process
            }
            try {
                return Files.deleteIfExists(temp);
            } finally {
                lock.release();
            }
        } catch (NoSuchFileException | OverlappingFileLockException e) {
            return false; // renamed or removed meanwhile, or locked through another channel of this JVM
        } catch (IOException e) {
            return false; // not ours to judge (a symlink, no permission): left alone
        }
    }
}
