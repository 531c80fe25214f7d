package labbook.wallet.experiments.savestrategies;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.FailureLine;
import labbook.core.LabException;
import labbook.core.WorkerRows;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.VariantJvm;

/**
 * One save strategy's timed puts in a JVM of its own, whose JIT state no other strategy shaped (as JMH forks a JVM per
 * benchmark), started with the module's declared flags whatever launched the experiment: {@code SaveStrategyWorker
 * STRATEGY PLAN SCRATCH OUT}, PLAN as JSON, writes its rows under the folder OUT as a CSV of
 * {@link WalletSchemas#SAVE_STRATEGIES}, which the experiment reads back by column name.
 */
public final class SaveStrategyWorker {
    private SaveStrategyWorker() {}

    static final String NAME = "save-strategies worker";

    /** The worker's progress bar moves at each size; one silent this long (a size takes seconds) is hung. */
    static final Duration SILENCE = Duration.ofMinutes(10);

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> work(args));
    }

    private static void work(String[] args) throws JsonProcessingException {
        SaveStrategy strategy = SaveStrategy.valueOf(args[0]);
        SaveStrategiesExperiment.Plan plan = JSON.readValue(args[1], SaveStrategiesExperiment.Plan.class);
        write(SaveStrategiesExperiment.timePuts(strategy, plan, Path.of(args[2])), Path.of(args[3]));
    }

    /** The rows as the worker hands them over: under {@code out}, whole or not at all. */
    static void write(List<SaveStrategiesExperiment.Row> rows, Path out) {
        try (CsvResults csv = WorkerRows.writer(out, WalletSchemas.SAVE_STRATEGIES)) {
            rows.forEach(r -> csv.row(SaveStrategiesExperiment.ROW, r));
            csv.commit();
        }
    }

    /** The rows a worker wrote under {@code out}, read back by column name. */
    static List<SaveStrategiesExperiment.Row> read(Path out) {
        return WorkerRows.readIn(out, WalletSchemas.SAVE_STRATEGIES).stream()
                .map(SaveStrategiesExperiment.ROW::read)
                .toList();
    }

    /** {@code strategy}'s puts timed in a worker JVM ({@link VariantJvm}); its rows. */
    static List<SaveStrategiesExperiment.Row> run(
            SaveStrategy strategy, SaveStrategiesExperiment.Plan plan, Path scratch) {
        Path out = scratch.resolve(strategy.label() + ".rows");
        String json;
        try {
            json = JSON.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new LabException("save-strategies: cannot hand the plan to its worker: " + e.getMessage(), e);
        }
        VariantJvm.run(
                NAME + " (" + strategy.label() + ")",
                SaveStrategyWorker.class,
                List.of(),
                List.of(strategy.name(), json, scratch.toString(), out.toString()),
                SILENCE);
        return read(out);
    }
}
