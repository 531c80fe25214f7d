package labbook.core;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a secret target through a PartialFile and never commits: the test signals it midway. */
public final class PartialWriterMain {
    public static void main(String[] args) throws Exception {
        PartialFile partial = PartialFile.create(Path.of(args[0]), true);
        try (OutputStream out = Files.newOutputStream(partial.path())) {
            out.write("plaintext whose check has not run yet\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            System.out.println(partial.path());
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
