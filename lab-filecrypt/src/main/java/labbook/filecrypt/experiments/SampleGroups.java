package labbook.filecrypt.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import labbook.core.Summary;

/**
 * Samples grouped by what was measured (a key per file, engine, level, ...), for the figures an experiment prints when
 * it ends; and the means, medians and number formats those figures use.
 */
public final class SampleGroups<K> {
    private final Map<K, List<Sample>> byKey = new LinkedHashMap<>();

    public void add(K key, Sample s) {
        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
    }

    public List<Sample> get(K key) {
        return byKey.getOrDefault(key, List.of());
    }

    Map<K, List<Sample>> all() {
        return byKey;
    }

    /**
     * Mean CPU seconds (user + system). Results made before the lab read CPU time to the microsecond hold 10 ms ticks,
     * where a 20 ms run reads 0.01, 0.02 or 0.03: the mean of many such readings is unbiased where their median is
     * stuck on a tick, so ratios of short runs are taken on means (medians are printed beside them).
     */
    public static double meanCpu(List<Sample> samples) {
        return samples.stream().mapToDouble(Sample::cpuS).average().orElse(Double.NaN);
    }

    public static Summary cpu(List<Sample> samples) {
        return Summary.of(samples.stream().mapToDouble(Sample::cpuS).toArray());
    }

    /** Median wall seconds: the wall clock has ns resolution, so the median, robust to a stray slow run, is taken. */
    public static double medianWall(List<Sample> samples) {
        return Summary.of(samples.stream().mapToDouble(Sample::wallS).toArray()).median();
    }

    public static double medianOutBytes(List<Sample> samples) {
        return Summary.of(
                        samples.stream().mapToDouble(s -> (double) s.outBytes()).toArray())
                .median();
    }

    public static String f3(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    public static String f2(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
