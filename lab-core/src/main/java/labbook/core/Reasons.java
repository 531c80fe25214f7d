package labbook.core;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a file operation failed, in words a reader of the one error line can act on ("no space left on device",
 * "permission denied"), never a Java class name or a stack trace. The reason is taken from the innermost cause that has
 * one: an image encoder wraps the disk's "No space left on device" in its own "I/O error writing PNG file!".
 */
public final class Reasons {
    /** A qualified or simple Java exception class name, with the ": " that may follow it. */
    private static final String CLASS_NAME = "(?:[A-Za-z_$][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error)(?::\\s*)?";

    private Reasons() {}

    /** The reason for a failure, in plain words. */
    public static String of(Throwable e) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        Collections.reverse(chain); // innermost first
        for (Throwable t : chain) {
            String reason = known(t);
            if (reason != null) {
                return reason;
            }
        }
        for (Throwable t : chain) {
            String plain = plain(t.getMessage());
            if (!plain.isEmpty()) {
                return plain;
            }
        }
        if (e instanceof OutOfMemoryError) {
            return "out of memory";
        }
        if (e instanceof StackOverflowError) {
            return "nested too deeply";
        }
        return "failed";
    }

    /** The exceptions whose kind is the whole reason, in the words of the line. */
    private static final Map<Class<? extends Exception>, String> KNOWN = knownKinds();

    private static Map<Class<? extends Exception>, String> knownKinds() {
        Map<Class<? extends Exception>, String> m = new LinkedHashMap<>();
        m.put(NoSuchFileException.class, "no such file");
        m.put(AccessDeniedException.class, "permission denied");
        m.put(FileAlreadyExistsException.class, "it already exists");
        m.put(NotDirectoryException.class, "not a folder");
        m.put(DirectoryNotEmptyException.class, "folder not empty");
        m.put(CharacterCodingException.class, "not UTF-8 text");
        return m;
    }

    private static String known(Throwable t) {
        for (Map.Entry<Class<? extends Exception>, String> k : KNOWN.entrySet()) {
            if (k.getKey().isInstance(t)) {
                return k.getValue();
            }
        }
        if (t instanceof FileSystemException fs && fs.getReason() != null) {
            return plain(fs.getReason());
        }
        if (t instanceof IOException && t.getMessage() != null && t.getMessage().contains("No space left on device")) {
            return "No space left on device";
        }
        return null;
    }

    /** A message on one line without Java class names ("java.io.IOException: x" is "x"). */
    public static String plain(String message) {
        if (message == null) {
            return "";
        }
        String line = message.replaceAll("\\s*[\\r\\n]+\\s*", "; ");
        return line.replaceAll("\\b" + CLASS_NAME, "")
                .replaceAll("\\s{2,}", " ")
                .strip();
    }
}
