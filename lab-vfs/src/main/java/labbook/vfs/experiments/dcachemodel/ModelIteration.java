package labbook.vfs.experiments.dcachemodel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import labbook.core.JmhRun;
import labbook.core.LabException;

/**
 * One measured JMH iteration of the dentry-cache model, as a row of {@code dcache-model.csv} holds it: JMH's score
 * beside the counters the benchmark wrote for the same iteration.
 */
public record ModelIteration(
        String walk,
        int threads,
        int renames,
        int fork,
        int iteration,
        double opsPerS,
        double cpuS,
        long failedCas,
        long lockSpins,
        long fallbacks,
        long retries,
        long misses,
        long renameOps,
        double iterationS) {

    /** CPU microseconds per walk: the fork's CPU over the iteration divided by the walks it did. */
    double cpuMicrosPerWalk() {
        return cpuS / (opsPerS * iterationS) * 1e6;
    }

    /** The cores the benchmark kept busy: its CPU seconds per second of the iteration. */
    double coresBusy() {
        return cpuS / iterationS;
    }

    /**
     * The benchmark's side file, one line per measured iteration:
     * walk,threads,renames,pid,iteration,cpu_s,failed_cas,lock_spins,fallbacks,retries,misses,rename_ops,wall_s.
     */
    static List<String[]> readCounters(Path file) throws IOException {
        List<String[]> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    lines.add(line.split(","));
                }
            }
        }
        return lines;
    }

    /** Pairs each JMH iteration with its counters line: same parameters, the n-th fork (pid order), same iteration. */
    static List<ModelIteration> pair(List<JmhRun.Iteration> iterations, List<String[]> counters, int threads) {
        Map<String, List<String>> pidsByKey = new HashMap<>();
        Map<String, String[]> byKey = new HashMap<>();
        for (String[] c : counters) {
            String params = c[0] + "/" + c[2];
            List<String> pids = pidsByKey.computeIfAbsent(params, k -> new ArrayList<>());
            if (!pids.contains(c[3])) {
                pids.add(c[3]);
            }
            byKey.put(params + "/" + pids.indexOf(c[3]) + "/" + c[4], c);
        }
        List<ModelIteration> rows = new ArrayList<>();
        for (JmhRun.Iteration it : iterations) {
            String walk = it.params().get("walk");
            int renames = Integer.parseInt(it.params().get("renames"));
            String[] c = byKey.get(walk + "/" + renames + "/" + it.fork() + "/" + it.iteration());
            if (c == null) {
                throw new LabException("the model's counters lack " + walk + " walk, renames=" + renames + ", fork "
                        + it.fork() + ", iteration " + it.iteration());
            }
            rows.add(new ModelIteration(
                    walk,
                    threads,
                    renames,
                    it.fork(),
                    it.iteration(),
                    it.score(),
                    Double.parseDouble(c[5]),
                    Long.parseLong(c[6]),
                    Long.parseLong(c[7]),
                    Long.parseLong(c[8]),
                    Long.parseLong(c[9]),
                    Long.parseLong(c[10]),
                    Long.parseLong(c[11]),
                    Double.parseDouble(c[12])));
        }
        return rows;
    }
}
