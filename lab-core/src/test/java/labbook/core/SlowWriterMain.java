package labbook.core;

import java.nio.file.Path;

/** A results writer that never finishes: the test kills it with SIGKILL midway. */
public final class SlowWriterMain {
    public static void main(String[] args) throws Exception {
        CsvResults csv = CsvResults.open(Path.of(args[0]), "study", "experiment", java.util.List.of("i", "value_ms"));
        for (int i = 0; ; i++) {
            csv.row(i, i * 0.5);
            if (i == 1000) {
                System.out.println("writing");
                System.out.flush();
            }
            if (i > 1000) {
                Thread.sleep(1);
            }
        }
    }
}
