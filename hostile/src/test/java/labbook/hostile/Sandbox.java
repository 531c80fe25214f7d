package labbook.hostile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * One case's folder, and the secrets planted in it. A case writes its inputs here; the suite snapshots the folder
 * before and after the command, and searches every output for the secrets.
 */
final class Sandbox {
    private final Path root;
    private final List<String> secrets = new ArrayList<>();

    Sandbox(Path root) {
        this.root = root;
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path root() {
        return root;
    }

    Path path(String name) {
        return root.resolve(name);
    }

    String p(String name) {
        return path(name).toString();
    }

    List<String> secrets() {
        return secrets;
    }

    /**
     * A file holding a secret (its name starts with "secret"): the secret is remembered, so no output and no other file
     * may ever show it.
     */
    String secretFile(String name, String secret) {
        if (!name.startsWith("secret")) {
            throw new IllegalArgumentException("a secret file's name starts with 'secret': " + name);
        }
        secrets.add(secret);
        return write(name, secret + "\n", "rw-------");
    }

    String write(String name, String text) {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    String write(String name, String text, String mode) {
        String p = write(name, text);
        chmod(name, mode);
        return p;
    }

    String write(String name, byte[] bytes) {
        try {
            Path file = path(name);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String dir(String name) {
        try {
            return Files.createDirectories(path(name)).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void chmod(String name, String mode) {
        try {
            Files.setPosixFilePermissions(path(name), PosixFilePermissions.fromString(mode));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] read(String name) {
        try {
            return Files.readAllBytes(path(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
