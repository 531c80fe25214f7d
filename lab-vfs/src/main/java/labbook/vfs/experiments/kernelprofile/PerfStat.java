package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;

/**
 * What {@code perf stat -x ,} wrote: one line per event, "count,unit,event,..." ({@code #} comments and blank lines
 * aside). The lookups are the sum of the {@link Perf#LOOKUP_CALLS} tracepoints' counts.
 */
final class PerfStat {
    private PerfStat() {}

    /** The lookup calls counted in {@code file}; a count perf could not take, or a missing event, is one line. */
    static long lookups(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw LabException.cannot("read perf stat's counts in", file, e);
        }
        return lookups(lines, file.toString());
    }

    static long lookups(List<String> lines, String name) {
        long total = 0;
        int events = 0;
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split(",", -1);
            if (fields.length < 3 || !fields[2].startsWith("syscalls:sys_enter_")) {
                throw new LabException(name + ": not a perf stat -x , line: " + line);
            }
            String call = fields[2].substring("syscalls:sys_enter_".length());
            if (!Perf.LOOKUP_CALLS.contains(call)) {
                continue;
            }
            try {
                total += Long.parseLong(fields[0]);
            } catch (NumberFormatException e) {
                throw new LabException(name + ": perf could not count " + fields[2] + " ('" + fields[0] + "')");
            }
            events++;
        }
        if (events != Perf.LOOKUP_CALLS.size()) {
            throw new LabException(name + ": " + events + " of the " + Perf.LOOKUP_CALLS.size()
                    + " lookup calls counted (" + String.join(", ", Perf.LOOKUP_CALLS) + ")");
        }
        return total;
    }
}
