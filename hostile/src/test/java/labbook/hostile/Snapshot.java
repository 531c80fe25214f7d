package labbook.hostile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every file and folder under a root: its mode and, for a file, the SHA-256 of its bytes. */
record Snapshot(Map<String, String> entries) {

    static Snapshot of(Path root) {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.forEach(p -> entries.put(root.relativize(p).toString(), describe(p)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Snapshot(entries);
    }

    private static String describe(Path p) {
        try {
            String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                return (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir " : "other ") + mode;
            }
            if (Files.size(p) > (64L << 20)) {
                return "file " + mode + " size " + Files.size(p) + " mtime " + Files.getLastModifiedTime(p);
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return "file " + mode + " " + HexFormat.of().formatHex(sha.digest(Files.readAllBytes(p)));
        } catch (IOException e) {
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
