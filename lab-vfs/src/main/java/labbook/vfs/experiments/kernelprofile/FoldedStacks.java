package labbook.vfs.experiments.kernelprofile;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import labbook.core.LabException;

/**
 * Samples as folded stacks, the input of the usual flame-graph tools (Brendan Gregg's {@code flamegraph.pl},
 * speedscope, inferno): one line per distinct stack, "thread;outermost;...;innermost COUNT", kernel frames marked
 * {@code _[k]} as {@code stackcollapse-perf.pl --kernel} marks them, so a flame graph colours them apart.
 */
final class FoldedStacks {
    private final Map<String, Long> stacks = new TreeMap<>();

    void add(PerfScript.Sample sample) {
        List<String> frames = new ArrayList<>();
        frames.add(clean(sample.comm()));
        for (int i = sample.frames().size() - 1; i >= 0; i--) {
            PerfScript.Frame f = sample.frames().get(i);
            frames.add(clean(f.symbol()) + (f.kernel() ? "_[k]" : ""));
        }
        stacks.merge(String.join(";", frames), 1L, Long::sum);
    }

    /** Writes the stacks to {@code file}, sorted, one per line. */
    void write(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Long> e : stacks.entrySet()) {
                w.write(e.getKey() + " " + e.getValue());
                w.newLine();
            }
        } catch (IOException e) {
            throw LabException.cannot("write", file, e);
        }
    }

    /** A frame as the folded format allows it: no ';' (the separator) and no spaces (the count follows one). */
    private static String clean(String name) {
        return name.replace(';', ':').replace(' ', '_');
    }
}
