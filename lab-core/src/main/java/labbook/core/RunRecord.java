package labbook.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One run's record as a study's run.json holds it, and the file itself: {@link LabRun} writes it, and {@link RunPlan},
 * {@link ReferenceCosts} and {@link RunOptions} read it, all through this record and its one mapper. The components are
 * the file's fields in the order it writes them, named in snake_case ({@code command_line}); a field written only
 * sometimes is null (or empty) otherwise and left out.
 *
 * <p>The top of the file is the latest run's record with its {@code outcomes}, {@code experiments} (for each CSV in the
 * folder, the record of the run that wrote it, without outcomes) and {@code history}. What is carried from the run.json
 * before is carried as it was read: each experiment's record as a tree (records of older code have other fields, and
 * other orders of them, and are written back as they were), and the history as its fields in their order.
 *
 * <p>{@code reports} reads a run.json through it too ({@link #of}: {@code RunInfo}), so that the file's fields are
 * named once.
 *
 * <p>Reading is as lenient as the trees it replaces: a field the record does not know is passed over, and a field of
 * another shape (a number where an object belongs) is read as absent. Only a file that is not JSON, or not an object,
 * is refused, by {@link LabRun}, in one line.
 */
public record RunRecord(
        String study,
        String host,
        String cpuModel,
        Integer cores,
        Long memoryBytes,
        String osKernel,
        String jdkVendor,
        String jdkVersion,
        String labCommit,
        String mode,
        String start,
        String end,
        String commandLine,
        String rerun,
        Map<String, String> options,
        Map<String, String> peers,
        @JsonInclude(JsonInclude.Include.NON_NULL) String extraJvmFlags,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double testSlowdown,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Outcome> outcomes,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Resume> resumes,
        // the top's only: an experiment's record, which experiments keeps, has neither
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, JsonNode> experiments,
        @JsonInclude(JsonInclude.Include.NON_NULL) History history) {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addHandler(new OtherShapeIsAbsent());

    /**
     * How one experiment of an {@code all} run ended ({@link AllExperiments.Part}): its status, its time to a tenth of
     * a second, its failure line, and what the machine did besides while it ran ({@link MachineLoad.Fields}), where it
     * was measured.
     */
    public record Outcome(
            String status,
            Double seconds,
            @JsonInclude(JsonInclude.Include.NON_NULL) String failure,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double stealPct,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double otherCores,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long cpuMhz,
            @JsonInclude(JsonInclude.Include.NON_NULL) String flagged) {
        static Outcome of(AllExperiments.Part part) {
            MachineLoad.Fields load = part.load() == null ? null : part.load().fields();
            return new Outcome(
                    part.status().label(),
                    seconds(part),
                    part.failure(),
                    load == null ? null : load.stealPct(),
                    load == null ? null : load.otherCores(),
                    load == null ? null : load.cpuMhz(),
                    load == null ? null : load.flagged());
        }

        /** An experiment's time as run.json holds it: seconds to a tenth. */
        static double seconds(AllExperiments.Part part) {
            return Math.round(part.time().toMillis() / 100.0) / 10.0;
        }
    }

    /** A journal that went on from a killed run's ({@link CsvJournal.Resumed}), when, and what changed since. */
    record Resume(String experiment, String at, int keptRows, boolean machineChanged, boolean codeChanged) {}

    /** The outcomes, none when there are none (an outcome that is not an object is null). */
    Map<String, Outcome> outcomesOrNone() {
        return outcomes == null ? Map.of() : outcomes;
    }

    /** Each experiment's record as it was read, none when there are none. */
    Map<String, JsonNode> experimentsOrNone() {
        return experiments == null ? Map.of() : experiments;
    }

    /** The history, or an empty one (of no host) when there is none. */
    History historyOrNone() {
        return history == null ? History.none() : history;
    }

    /**
     * The history of the record in {@code file}, or an empty one (of no host) when it has none or holds no record.
     *
     * @throws IOException when it cannot be read, or is not JSON
     */
    static History historyIn(Path file) throws IOException {
        return read(file).map(RunRecord::historyOrNone).orElseGet(History::none);
    }

    /** This record as a tree: what {@code experiments} keeps of it for each CSV the run wrote. */
    JsonNode asTree() {
        return JSON.valueToTree(this);
    }

    /**
     * The record of {@code file}; empty when it holds JSON that is not an object.
     *
     * @throws IOException when it cannot be read, or is not JSON ({@link JsonProcessingException})
     */
    static Optional<RunRecord> read(Path file) throws IOException {
        JsonNode tree = JSON.readTree(file.toFile());
        return tree == null || !tree.isObject()
                ? Optional.empty()
                : Optional.of(JSON.treeToValue(tree, RunRecord.class));
    }

    /**
     * An experiment's record as {@code experiments} keeps it, or a journal's sidecar, which names the run that wrote it
     * with the same fields ({@code host}, {@code mode}, {@code options}); empty when it is not an object.
     */
    public static Optional<RunRecord> of(JsonNode record) {
        if (record == null || !record.isObject()) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.treeToValue(record, RunRecord.class));
        } catch (JsonProcessingException e) {
            return Optional.empty(); // every field of another shape is absent (OtherShapeIsAbsent): not expected
        }
    }

    /** Writes {@code file} whole or not at all: a temporary file beside it, renamed over it. */
    void write(Path file) throws IOException {
        Path temp = file.resolveSibling(
                "." + file.getFileName() + "." + ProcessHandle.current().pid() + ".partial");
        JSON.writeValue(temp.toFile(), this);
        AtomicFiles.replace(temp, file);
    }

    /**
     * How long each experiment took when it last finished on one host, per mode ({@code history.quick.sync-sweep:
     * 38.2}), that time scaled to the other mode ({@code history.scaled.full.sync-sweep}), the {@link Work} it measured
     * ({@code history.units.quick.sync-sweep}) and its fixed durations ({@code history.clock.full.sync-jmh}): what
     * {@link RunPlan} estimates the next run from, and what {@link ReferenceCosts} fits its lines through.
     *
     * <p>Held as its fields in the order they were first written, not as components: which mode's times come first, and
     * where a field that older code wrote (or one it did not yet write) stands, depends on the runs that wrote the
     * file, and a run writes them back in their places, their numbers as they were (an integer stays one). A part that
     * is not an object is written afresh in its place when a run writes into it, and kept as it was otherwise.
     */
    static final class History {
        /** The field of times scaled from another mode: {@code history.scaled.full.sync-sweep}. */
        static final String SCALED = "scaled";

        /** The field of each mode's work ({@link Work} units): {@code history.units.full.sync-sweep}. */
        static final String UNITS = "units";

        /**
         * The field of each mode's fixed durations ({@link Work#clockSeconds}), for the experiments that have any:
         * {@code history.clock.full.sync-jmh}.
         */
        static final String CLOCK = "clock";

        private final Map<String, Object> fields;

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        History(Map<String, Object> fields) {
            this.fields = fields == null ? new LinkedHashMap<>() : new LinkedHashMap<>(fields);
        }

        /** No history: of no host, and no times. */
        static History none() {
            return new History(Map.of());
        }

        /** A history started afresh on {@code host}. */
        static History of(String host) {
            History history = none();
            history.fields.put("host", host);
            return history;
        }

        /** A copy to write this run into; the history read stays as it was. */
        History copy() {
            return new History(fields);
        }

        @JsonValue
        Map<String, Object> fields() {
            return Collections.unmodifiableMap(fields);
        }

        /** The host the times were measured on ("" when it does not say). */
        String host() {
            return Objects.toString(fields.get("host"), "");
        }

        /** Each experiment's last time in {@code mode}, in seconds. */
        Map<String, Double> seconds(Mode mode) {
            return numbers(fields.get(mode.label()));
        }

        /** Each experiment's time scaled to {@code mode} from the other mode's, in seconds. */
        Map<String, Double> scaled(Mode mode) {
            return byMode(SCALED, mode);
        }

        /** The work each experiment measured in {@code mode}, in its units. */
        Map<String, Double> units(Mode mode) {
            return byMode(UNITS, mode);
        }

        /** The seconds of fixed durations in each experiment's work in {@code mode}. */
        Map<String, Double> clock(Mode mode) {
            return byMode(CLOCK, mode);
        }

        private Map<String, Double> byMode(String field, Mode mode) {
            return fields.get(field) instanceof Map<?, ?> byMode ? numbers(byMode.get(mode.label())) : Map.of();
        }

        /** The numeric fields of one part of the history: experiment to seconds, or to units. */
        private static Map<String, Double> numbers(Object part) {
            Map<String, Double> out = new LinkedHashMap<>();
            if (part instanceof Map<?, ?> map) {
                map.forEach((name, value) -> {
                    if (value instanceof Number n) {
                        out.put(String.valueOf(name), n.doubleValue());
                    }
                });
            }
            return out;
        }

        /**
         * Makes the parts every run writes where they are missing, in the order the lab has always made them:
         * {@code mode}'s times, the scaled times, and {@code mode}'s units and fixed durations.
         */
        void open(Mode mode) {
            object(fields, mode.label());
            object(fields, SCALED);
            part(UNITS, mode);
            part(CLOCK, mode);
        }

        /** Makes {@code history.<field>.<mode>} where it is missing. */
        void open(String field, Mode mode) {
            part(field, mode);
        }

        /** {@code history.<mode>.<experiment> = seconds}. */
        void put(Mode mode, String experiment, double seconds) {
            object(fields, mode.label()).put(experiment, seconds);
        }

        /** {@code history.<field>.<mode>.<experiment> = value}. */
        void put(String field, Mode mode, String experiment, double value) {
            part(field, mode).put(experiment, value);
        }

        /** Removes {@code history.<field>.<mode>.<experiment>}. */
        void remove(String field, Mode mode, String experiment) {
            part(field, mode).remove(experiment);
        }

        private Map<String, Object> part(String field, Mode mode) {
            return object(object(fields, field), mode.label());
        }

        /**
         * {@code parent.<name>} as an object to write into: made at the end when missing, and made in its place when it
         * is not an object. A copy of what was read is written back in its place, so the history read is left as it
         * was.
         */
        private static Map<String, Object> object(Map<String, Object> parent, String name) {
            Map<String, Object> child = new LinkedHashMap<>();
            if (parent.get(name) instanceof Map<?, ?> was) {
                was.forEach((key, value) -> child.put(String.valueOf(key), value));
            }
            parent.put(name, child);
            return child;
        }
    }

    /**
     * Reads a field of another shape than the record's (a number where an object belongs, an object where text does,
     * text that is no number where one does) as absent, as the trees that read run.json before did: an older or
     * hand-mended run.json still loads, and a run onto it writes the field afresh.
     */
    private static final class OtherShapeIsAbsent extends DeserializationProblemHandler {
        @Override
        public Object handleUnexpectedToken(
                DeserializationContext context, JavaType type, JsonToken token, JsonParser parser, String message)
                throws IOException {
            parser.skipChildren();
            return null;
        }

        @Override
        public Object handleMissingInstantiator(
                DeserializationContext context,
                Class<?> type,
                ValueInstantiator instantiator,
                JsonParser parser,
                String message)
                throws IOException {
            parser.skipChildren();
            return null;
        }

        @Override
        public Object handleWeirdStringValue(
                DeserializationContext context, Class<?> type, String value, String message) {
            return null;
        }

        @Override
        public Object handleWeirdNumberValue(
                DeserializationContext context, Class<?> type, Number value, String message) {
            return null;
        }
    }
}
