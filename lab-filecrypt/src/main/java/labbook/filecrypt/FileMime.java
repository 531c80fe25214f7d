package labbook.filecrypt;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Peer;

/**
 * A file's mime type as libmagic reads it from the file's bytes ({@code file -L --mime-type -b}), the check crypto
 * v1.1.0 made before it chose {@code -z 1}: its {@code _is_compress_filetype} ran {@code file --mime-type -b} on every
 * file over 10,240 bytes and compressed only {@code text/*}. The name never decides, so a PDF called {@code notes.txt}
 * is still a PDF here, as it was there. {@code -L} follows a link to the file it names (the full text corpus links its
 * largest file).
 */
public final class FileMime {
    /** The Debian package that ships {@code file} (and libmagic's database). */
    public static final String PACKAGE = "file";
    /**
     * The longest one {@code file} run may take: it reads the first bytes of each file, a few thousand files a second.
     */
    static final Duration LIMIT = Duration.ofMinutes(10);

    private FileMime() {}

    /** The mime type of each file, in order, from one run of the file command. */
    public static Map<Path, String> of(List<Path> files) {
        Map<Path, String> out = new LinkedHashMap<>();
        if (files.isEmpty()) {
            return out;
        }
        List<String> command = new ArrayList<>(List.of("file", "-L", "--mime-type", "-b", "--"));
        files.forEach(f -> command.add(f.toString()));
        List<String> lines;
        try (Child child =
                Child.start(Child.spec("file", command).captureStdout().limit(LIMIT))) {
            int exit = child.waitFor();
            lines = new String(child.stdoutBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            if (exit != 0 || lines.size() != files.size()) {
                throw new LabException("file --mime-type exited " + exit + " with " + lines.size() + " lines for "
                        + files.size() + " files (first: " + files.get(0) + ")");
            }
        } catch (Child.CannotStart e) {
            throw new LabException(
                    "lab-filecrypt: crypto's default run reads each file's mime type with libmagic, as crypto v1.1.0"
                            + " did; it needs the Debian package " + PACKAGE + ": apt-get install " + PACKAGE,
                    2,
                    e);
        }
        for (int i = 0; i < files.size(); i++) {
            out.put(files.get(i), lines.get(i).strip());
        }
        return out;
    }

    public static String of(Path file) {
        return of(List.of(file)).get(file);
    }

    /** "file-5.44": the version of {@code file} (libmagic's database comes with it), for run.json. */
    public static String version() {
        return Peer.version("file");
    }

    /** crypto's test: a mime type that starts with {@code text/}. */
    public static boolean isText(String mime) {
        return mime.startsWith("text/");
    }
}
