package labbook.vfs.experiments.kernelprofile;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The samples of one profiled round of one workload: how many, how many in the kernel, and the kernel samples by
 * category and innermost function (what a row of {@code kernel-profile-functions.csv} holds).
 */
final class Profile {
    private final KernelCategories categories;
    private final Map<KernelCategory, Map<String, Long>> byFunction = new EnumMap<>(KernelCategory.class);
    private long samples;
    private long kernelSamples;

    Profile(KernelCategories categories) {
        this.categories = categories;
    }

    /** Counts one sample. */
    void add(PerfScript.Sample sample) {
        samples++;
        if (!sample.inKernel()) {
            return;
        }
        kernelSamples++;
        List<String> frames = sample.kernelFrames();
        KernelCategory category = categories.classify(frames);
        byFunction.computeIfAbsent(category, c -> new TreeMap<>()).merge(frames.get(0), 1L, Long::sum);
    }

    long samples() {
        return samples;
    }

    long kernelSamples() {
        return kernelSamples;
    }

    /** The kernel samples of {@code category}. */
    long samples(KernelCategory category) {
        return byFunction.getOrDefault(category, Map.of()).values().stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    /** Each category's functions and their samples, categories in declaration order, functions by name. */
    void forEachFunction(BiConsumer<KernelCategory, Map<String, Long>> each) {
        for (KernelCategory c : KernelCategory.values()) {
            Map<String, Long> functions = byFunction.get(c);
            if (functions != null) {
                each.accept(c, functions);
            }
        }
    }
}
