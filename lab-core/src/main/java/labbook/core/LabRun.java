package labbook.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run of a study's experiment(s): opens its CSVs and, on close, writes {@code <results root>/<study>/run.json}
 * saying what produced them (machine, JDK, the lab's commit, mode, start and end, the command line, and every peer
 * tool's version).
 *
 * <p>run.json's top-level fields describe the latest run; its {@code experiments} object keeps, for each CSV in the
 * folder, the run that wrote it, so experiments run at different times (or by different commands) each keep their
 * provenance, with the options that made it ({@link RunOptions}).
 *
 * <p>{@code --resume} goes on from results the same options made: where a CSV it would continue or replace (a killed
 * run's journal, or a finished CSV of an experiment it runs) was made with another mode or other options, it refuses in
 * one line naming the difference, before anything is measured or written, unless {@code --force} says to start that
 * experiment over.
 *
 * <pre>{@code
 * try (LabRun run = LabRun.start(lab, "wallet", "sync-sweep")) {
 *     run.peer("gpg", Peer.version("gpg"));
 *     try (CsvResults csv = run.csv(WalletSchemas.SYNC_SWEEP)) {
 *         csv.row(r -> r.set(VARIANT, "kde4").set(ENTRIES, 100).set(SYNC_MS, 5.1));
 *         csv.commit();
 *     }
 * }
 * }</pre>
 */
public final class LabRun implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path studyDir;
    private final String study;
    private final String command;
    private final Mode mode;
    private final RunOptions options;
    private final String commandLine;
    private final String rerun;
    private final Instant start = Instant.now();
    /** The machine and the lab's commit, read once (the commit costs two git processes). */
    private final Map<String, Object> machine = MachineInfo.describe();

    private final Map<String, String> peers = new LinkedHashMap<>();
    private final List<String> committed = new ArrayList<>();
    private final Map<String, AllExperiments.Part> outcomes = new LinkedHashMap<>();
    private final List<Map<String, Object>> resumes = new ArrayList<>();
    private boolean resume;
    private boolean force;
    /** With --resume: each experiment the run before finished, and the seconds it took then (run.json's outcomes). */
    private final Map<String, Double> doneBefore = new java.util.HashMap<>();
    /** With --resume --force: the experiments that other options made, measured afresh rather than continued. */
    private final java.util.Set<String> startOver = new java.util.HashSet<>();

    private LabRun(
            Path resultsRoot, String study, String command, RunOptions options, String commandLine, String rerun) {
        this.studyDir = resultsRoot.resolve(study);
        this.study = study;
        this.command = command;
        this.mode = options.mode();
        this.options = options;
        this.commandLine = commandLine;
        this.rerun = rerun;
    }

    /**
     * Starts a run of {@code command}; {@code args} are its other arguments. The mode comes from {@code options}, and
     * run.json records the one rerun line every study shares: {@code ./labbook <study> <command> --quick|--full
     * [args]}.
     */
    public static LabRun start(LabOptions options, String study, String command, String... args) {
        LabRun run = start(options.resultsRoot(), options.mode(), study, command, args);
        run.resume = options.resume();
        run.force = options.force();
        if (run.resume) {
            otherOptions(run.studyDir, command, run.options).forEach(run::refuseOrStartOver);
            JsonNode before = previousRecord(run.studyDir.resolve("run.json")).path("outcomes");
            before.fieldNames().forEachRemaining(name -> {
                if (AllExperiments.Status.finished(
                        before.path(name).path("status").asText())) {
                    run.doneBefore.put(name, before.path(name).path("seconds").asDouble(0));
                }
            });
        }
        return run;
    }

    public static LabRun start(Path resultsRoot, Mode mode, String study, String command, String... args) {
        List<String> rest = Arrays.stream(args)
                .filter(a -> !a.equals(Mode.QUICK.flag()) && !a.equals(Mode.FULL.flag()))
                .toList();
        String rerun = String.join(" ", rerunWords(study, command, mode, rest));
        previousRecord(resultsRoot.resolve(study).resolve("run.json")); // a broken one fails now, not after the run
        return new LabRun(
                resultsRoot, study, command, RunOptions.of(mode, rest), rerun.substring("./labbook ".length()), rerun);
    }

    /**
     * Refuses, in one line, a {@code --resume} of {@code command} (with the options of {@code args}) onto results in
     * {@code resultsRoot} that another mode or other options made: for a command that starts a study's run in another
     * process (the main job), before it starts any.
     */
    public static void checkResume(Path resultsRoot, Mode mode, String study, String command, String... args) {
        otherOptions(resultsRoot.resolve(study), command, RunOptions.of(mode, List.of(args))).values().stream()
                .findFirst()
                .ifPresent(line -> {
                    throw new LabException(line);
                });
    }

    /**
     * The experiments of {@code studyDir} whose results a resume of {@code command} would continue or replace, but that
     * another mode or other options made, each with the one line that says so. A command other than {@code all} runs
     * the experiment of its name, whatever made it, and those its own earlier runs wrote. {@code all} runs every
     * experiment of its study: its options are compared with what an earlier {@code all} made, and only its mode with
     * what another command made (a study whose {@code all} runs each experiment as its own command, with options of its
     * own, has them compared there, when that command starts).
     */
    private static Map<String, String> otherOptions(Path studyDir, String command, RunOptions options) {
        JsonNode made = previousRecord(studyDir.resolve("run.json")).path("experiments");
        java.util.Set<String> experiments = new java.util.LinkedHashSet<>();
        experiments.add(command);
        made.fieldNames().forEachRemaining(experiments::add);
        experiments.addAll(journalled(studyDir));
        Map<String, String> other = new LinkedHashMap<>();
        for (String experiment : experiments) {
            JsonNode record = made.path(experiment);
            madeWith(studyDir, experiment, record.isObject() ? record : null).ifPresent(m -> {
                boolean sameCommand = m.command().equals(command);
                if (!command.equals("all") && !sameCommand && !experiment.equals(command)) {
                    return; // another command's results: this one does not touch them
                }
                RunOptions compared = command.equals("all") && !sameCommand
                        ? new RunOptions(m.options().mode(), options.given())
                        : m.options();
                options.differenceFrom(compared).ifPresent(how -> other.put(experiment, m.refusal(how, experiment)));
            });
        }
        return other;
    }

    /**
     * A resume onto {@code experiment}'s results that other options made: refused with {@code line}, or with
     * {@code --force} that experiment is measured afresh.
     */
    private void refuseOrStartOver(String experiment, String line) {
        if (!force) {
            throw new LabException(line);
        }
        startOver.add(experiment);
    }

    /** What made the results of an experiment that a resume would go on from: their file, command and options. */
    private record MadeWith(Path file, String command, RunOptions options) {
        String refusal(String how, String experiment) {
            return "--resume: " + file + " was " + how + "; use --force to start " + experiment + " over";
        }
    }

    /**
     * What made the results of {@code experiment} that a resume would go on from: the journal a killed run left, else
     * its CSV as {@code record} (its run.json record, or null for none) describes it; empty when there are none, or
     * when their record says neither mode nor options.
     */
    private static Optional<MadeWith> madeWith(Path studyDir, String experiment, JsonNode record) {
        Path csv = studyDir.resolve(experiment + ".csv");
        Optional<JsonNode> journal = CsvJournal.writtenBy(csv);
        if (journal.isPresent()) {
            return RunOptions.ofRecord(journal.get())
                    .map(o -> new MadeWith(
                            CsvJournal.journalOf(csv),
                            journal.get().path("command").asText(""),
                            o));
        }
        if (record == null || !Files.isRegularFile(csv)) {
            return Optional.empty();
        }
        // command_line: "wallet sync-sweep --quick ..."
        String[] line = record.path("command_line").asText("").split(" ");
        return RunOptions.ofRecord(record).map(o -> new MadeWith(csv, line.length > 1 ? line[1] : "", o));
    }

    /** The experiments of {@code studyDir} with a journal a killed run left. */
    private static List<String> journalled(Path studyDir) {
        String ending = ".csv.journal";
        try (java.util.stream.Stream<Path> files =
                Files.isDirectory(studyDir) ? Files.list(studyDir) : java.util.stream.Stream.empty()) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(".") && n.endsWith(ending))
                    .map(n -> n.substring(1, n.length() - ending.length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw LabException.cannot("list", studyDir, e);
        }
    }

    /** The rerun line of a study's command in a mode: {@code ./labbook wallet sync-sweep --quick}. */
    public static String rerunLine(String study, String command, Mode mode) {
        return String.join(" ", rerunWords(study, command, mode, List.of()));
    }

    private static List<String> rerunWords(String study, String command, Mode mode, List<String> rest) {
        List<String> words = new ArrayList<>(List.of("./labbook", study, command, mode.flag()));
        words.addAll(rest);
        return words;
    }

    public Mode mode() {
        return mode;
    }

    public Path studyDir() {
        return studyDir;
    }

    /** Records a peer tool's version (for example {@code peer("gpg", Peer.version("gpg"))}). */
    public LabRun peer(String tool, String version) {
        peers.put(tool, version);
        return this;
    }

    /** With {@code --resume}: whether the run it goes on from finished {@code experiment} (run.json's outcomes). */
    public boolean doneBefore(String experiment) {
        return resume && doneBefore.containsKey(experiment) && !startOver.contains(experiment);
    }

    /** How long {@code experiment} took in the run this one goes on from (zero when it did not say). */
    public java.time.Duration earlierTime(String experiment) {
        return java.time.Duration.ofMillis(Math.round(doneBefore.getOrDefault(experiment, 0.0) * 1000));
    }

    /** Whether this run goes on from a killed one ({@code --resume}). */
    public boolean resuming() {
        return resume;
    }

    /**
     * Opens {@code <study>/<experiment>.csv} as a journal, for an experiment long enough to be worth resuming: rows
     * reach the disk as they are measured, and with {@code --resume} the rows a killed run left are kept
     * ({@link CsvJournal}). Each resume is recorded in run.json.
     */
    public CsvJournal journal(ResultsSchema schema) {
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("host", machine.get("host"));
        identity.put("lab_commit", machine.get("lab_commit"));
        identity.put("start", start.toString());
        identity.put("command", command);
        identity.put("mode", mode.label());
        identity.put(RunOptions.FIELD, options.given());
        String experiment = schema.experiment();
        if (resume && !startOver.contains(experiment)) {
            // the journal this run would go on from, whoever wrote it: start() compared only the mode of another
            // command's (an all run's experiment), and did not see one whose first run was killed before run.json named
            // it
            madeWith(studyDir, experiment, null)
                    .flatMap(m -> options.differenceFrom(m.options()).map(how -> m.refusal(how, experiment)))
                    .ifPresent(line -> refuseOrStartOver(experiment, line));
        }
        CsvJournal journal = CsvJournal.open(
                studyDir.resolve(schema.fileName()),
                schema,
                resume && !startOver.contains(experiment),
                force,
                identity,
                () -> committed(schema.experiment()));
        journal.resumed().ifPresent(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("experiment", schema.experiment());
            m.put("at", Instant.now().toString());
            m.put("kept_rows", r.keptRows());
            m.put("machine_changed", r.machineChanged());
            m.put("code_changed", r.codeChanged());
            resumes.add(m);
        });
        return journal;
    }

    /** Opens {@code <study>/<experiment>.csv}; its commit is recorded in run.json. */
    public CsvResults csv(String experiment, String... columns) {
        return csv(experiment, Arrays.asList(columns));
    }

    /**
     * Opens the CSV that {@code schema} declares; rows are written by column
     * ({@link CsvResults#row(java.util.function.Consumer)}).
     */
    public CsvResults csv(ResultsSchema schema) {
        if (!schema.study().equals(study)) {
            throw new IllegalArgumentException(schema + " is not a CSV of study " + study);
        }
        return new CsvResults(studyDir.resolve(schema.fileName()), schema).trackedBy(this, schema.experiment());
    }

    public CsvResults csv(String experiment, List<String> columns) {
        return new CsvResults(studyDir.resolve(experiment + ".csv"), columns).trackedBy(this, experiment);
    }

    void committed(String experiment) {
        committed.add(experiment);
    }

    /**
     * Records how one experiment of an {@code all} run ended ({@link AllExperiments}): run.json's {@code outcomes} then
     * says which finished, which failed (with its line) and which were skipped.
     */
    void outcome(AllExperiments.Part part) {
        outcomes.put(part.name(), part);
    }

    /** An outcome as run.json holds it; seconds to a tenth. */
    private static Map<String, Object> json(AllExperiments.Part part) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("status", part.status().label());
        o.put("seconds", seconds(part));
        if (part.failure() != null) {
            o.put("failure", part.failure());
        }
        if (part.load() != null) {
            o.putAll(part.load().fields());
        }
        return o;
    }

    private static double seconds(AllExperiments.Part part) {
        return Math.round(part.time().toMillis() / 100.0) / 10.0;
    }

    /** Writes run.json if this run committed any CSV or recorded any outcome. */
    @Override
    public void close() {
        if (committed.isEmpty() && outcomes.isEmpty()) {
            return;
        }
        Path file = studyDir.resolve("run.json");
        try {
            ObjectNode previous = previousRecord(file);
            Files.createDirectories(studyDir);
            ObjectNode record = JSON.valueToTree(describe());
            ObjectNode root = record.deepCopy();
            record.remove("outcomes"); // the latest all run's, at the top only
            ObjectNode experiments =
                    previous.has("experiments") && previous.get("experiments").isObject()
                            ? (ObjectNode) previous.get("experiments")
                            : JSON.createObjectNode();
            for (String experiment : committed) {
                experiments.set(experiment, record);
            }
            root.set("experiments", experiments);
            root.set("history", history(previous, record));
            Path temp =
                    file.resolveSibling(".run.json." + ProcessHandle.current().pid() + ".partial");
            JSON.writeValue(temp.toFile(), root);
            AtomicFiles.replace(temp, file);
        } catch (IOException e) {
            throw LabException.cannot("write", file, e);
        }
    }

    /** run.json's {@code history} field of times scaled from another mode: {@code history.scaled.full.sync-sweep}. */
    static final String SCALED = "scaled";

    /**
     * run.json's {@code history} field of each mode's work ({@link Work} units): {@code history.units.full.sync-sweep}.
     */
    static final String UNITS = "units";

    /**
     * run.json's {@code history} field of each mode's fixed durations ({@link Work#clockSeconds}), for the experiments
     * that have any: {@code history.clock.full.sync-jmh}.
     */
    static final String CLOCK = "clock";

    /**
     * How long each experiment took when it last finished here, per mode ({@code history.quick.sync-sweep: 38.2}), and
     * that time scaled to the other mode ({@code history.scaled.full.sync-sweep}), and the {@link Work} it measured
     * ({@code history.units.quick.sync-sweep}): what {@link RunPlan} estimates the next run from, and what
     * {@link ReferenceCosts} fits its lines through. Kept across runs, and started afresh on another host.
     */
    private ObjectNode history(ObjectNode previous, ObjectNode record) {
        String host = record.path("host").asText();
        ObjectNode history = previous.path("history").isObject()
                        && previous.path("history").path("host").asText().equals(host)
                ? (ObjectNode) previous.get("history").deepCopy()
                : JSON.createObjectNode().put("host", host);
        ObjectNode seconds = history.path(mode.label()).isObject()
                ? (ObjectNode) history.get(mode.label())
                : history.putObject(mode.label());
        ObjectNode scaled =
                history.path(SCALED).isObject() ? (ObjectNode) history.get(SCALED) : history.putObject(SCALED);
        ObjectNode modeUnits = modeObject(history, UNITS);
        ObjectNode modeClock = modeObject(history, CLOCK);
        // an experiment kept from the run before (done earlier) keeps its time from then, not a second record of it
        Map<String, Double> took = new LinkedHashMap<>();
        Map<Mode, Map<String, Work.Size>> work = new java.util.EnumMap<>(Mode.class);
        for (AllExperiments.Part p : outcomes.values()) {
            if (p.status() == AllExperiments.Status.DONE && seconds(p) > 0) {
                took.put(p.name(), seconds(p));
                seconds.put(p.name(), seconds(p));
                p.work()
                        .forEach((m, size) -> work.computeIfAbsent(m, k -> new LinkedHashMap<>())
                                .put(p.name(), size));
            }
        }
        work.getOrDefault(mode, Map.of()).forEach((name, size) -> {
            modeUnits.put(name, size.units());
            if (size.clockSeconds() > 0) {
                modeClock.put(name, Math.round(size.clockSeconds() * 1000) / 1000.0); // 4.2, not 4.199999999999999
            } else {
                modeClock.remove(name);
            }
        });
        if (work.size() < 2) {
            return history; // no experiment declared its work: nothing to scale (and no reference to read)
        }
        ReferenceCosts reference = ReferenceCosts.ofStudy(study);
        work.forEach((m, to) -> {
            if (m == mode) {
                return;
            }
            ObjectNode into = scaled.path(m.label()).isObject()
                    ? (ObjectNode) scaled.get(m.label())
                    : scaled.putObject(m.label());
            reference
                    .scaleAll(took, work.get(mode), to)
                    .forEach((name, s) -> into.put(name, Math.round(s.seconds() * 10) / 10.0));
        });
        return history;
    }

    /** {@code history.<field>.<this mode>}, made when missing. */
    private ObjectNode modeObject(ObjectNode history, String field) {
        ObjectNode byMode = history.path(field).isObject() ? (ObjectNode) history.get(field) : history.putObject(field);
        return byMode.path(mode.label()).isObject()
                ? (ObjectNode) byMode.get(mode.label())
                : byMode.putObject(mode.label());
    }

    /**
     * The run.json already in a study's folder (empty when there is none); one that is not a JSON object is refused,
     * never overwritten.
     */
    private static ObjectNode previousRecord(Path file) {
        if (!Files.exists(file)) {
            return JSON.createObjectNode();
        }
        try {
            if (JSON.readTree(file.toFile()) instanceof ObjectNode record) {
                return record;
            }
            throw new LabException(
                    "cannot read " + file + ": not a run record (a JSON object); move it away to start afresh");
        } catch (IOException e) {
            throw new LabException(
                    "cannot read " + file + ": "
                            + (e instanceof JsonProcessingException ? "not valid JSON" : Reasons.of(e))
                            + "; move it away to start afresh",
                    e);
        }
    }

    private Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("study", study);
        m.putAll(machine);
        m.put("mode", mode.label());
        m.put("start", start.toString());
        m.put("end", Instant.now().toString());
        m.put("command_line", commandLine);
        m.put("rerun", rerun);
        m.put(RunOptions.FIELD, options.given());
        m.put("peers", new LinkedHashMap<>(peers));
        if (!ForkedJava.extraFlags().isEmpty()) {
            m.put("extra_jvm_flags", String.join(" ", ForkedJava.extraFlags()));
        }
        if (Slowdown.share() > 0) { // said in the results too: their figures carry the test-only slowdown
            m.put("test_slowdown", Slowdown.share());
        }
        if (!outcomes.isEmpty()) {
            Map<String, Object> o = new LinkedHashMap<>();
            outcomes.forEach((name, part) -> o.put(name, json(part)));
            m.put("outcomes", o);
        }
        if (!resumes.isEmpty()) {
            m.put("resumes", new ArrayList<>(resumes));
        }
        return m;
    }
}
