package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import labbook.core.OwnedScratch;
import labbook.core.Progress;
import me.tongfei.progressbar.ProgressBar;

/**
 * An experiment's variants, each in its own {@link VariantJvm}, by name: started together, warmed up together, then
 * asked in turn, so the experiment interleaves them within each repeat as one JVM did. Their rows pass through a
 * private scratch folder, removed at the end.
 */
public final class VariantJvms implements AutoCloseable {
    private final String experiment;
    private final OwnedScratch scratch;
    private final Map<String, VariantJvm> byName = new LinkedHashMap<>();
    private long firstStart;
    private long readyAt;

    private VariantJvms(String experiment, OwnedScratch scratch) {
        this.experiment = experiment;
        this.scratch = scratch;
    }

    /** The variants of {@code experiment}, none started yet. */
    public static VariantJvms of(String experiment) {
        return new VariantJvms(
                experiment,
                OwnedScratch.claim(
                        Path.of(System.getProperty("java.io.tmpdir"), "labbook-filecrypt"),
                        experiment,
                        OwnedScratch.Type.SECRET_FOLDER));
    }

    /** Starts a variant's JVM ({@link VariantJvm#start}), named {@code "<experiment> <variant>"} on the console. */
    public VariantJvm start(String variant, Class<?> workerMain, List<String> args) {
        if (byName.isEmpty()) {
            firstStart = System.nanoTime();
        }
        VariantJvm jvm = VariantJvm.start(experiment + " " + variant, workerMain, args, scratch.path());
        byName.put(variant, jvm);
        return jvm;
    }

    /** The variant's JVM; null when it was not started. */
    public VariantJvm get(String variant) {
        return byName.get(variant);
    }

    /** {@link #warmUp(Function)} with no words: each variant warms up on what it was started with. */
    public void warmUp() {
        warmUp(variant -> List.of());
    }

    /**
     * Sends each variant its warm-up request ({@value VariantJvm#WARM_UP} then {@code words} of its name) at once, and
     * waits for all of them: two cores warm two up at a time, and none is timed before all are done.
     */
    public void warmUp(Function<String, List<String>> words) {
        try (ProgressBar bar = Progress.bar(experiment + " warm-up, a JVM per variant", byName.size(), "JVMs")) {
            byName.forEach((variant, jvm) -> {
                List<String> request = new ArrayList<>(List.of(VariantJvm.WARM_UP));
                request.addAll(words.apply(variant));
                jvm.send(request);
            });
            for (VariantJvm jvm : byName.values()) {
                jvm.await();
                bar.step();
            }
        }
        readyAt = System.nanoTime();
    }

    /**
     * "9 variants, each in its own JVM, started and warmed up in 23.4 s": what the isolation cost, for the printout.
     */
    public String summary() {
        return String.format(
                Locale.ROOT,
                "%d variants, each in its own JVM, started and warmed up in %.1f s",
                byName.size(),
                byName.isEmpty() ? 0 : (readyAt - firstStart) / 1e9);
    }

    /** Ends every variant's JVM (the first failure among them is thrown), then removes the scratch folder. */
    @Override
    public void close() {
        List<VariantJvm> all = new ArrayList<>(byName.values());
        byName.clear();
        RuntimeException first = null;
        for (VariantJvm jvm : all) {
            try {
                jvm.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        scratch.close();
        if (first != null) {
            throw first;
        }
    }
}
