package labbook.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One run of a study's experiment(s): opens its CSVs and, on close, writes {@code <results root>/<study>/run.json}
 * saying what produced them (machine, JDK, the lab's commit, mode, start and end, the command line, and every peer
 * tool's version).
 *
 * <p>run.json's top-level fields describe the latest run; its {@code experiments} object keeps, for each CSV in the
 * folder, the run that wrote it, so experiments run at different times (or by different commands) each keep their
 * provenance, with the options that made it ({@link RunOptions}). The file is a {@link RunRecord}, which Jackson binds.
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
 *         csv.row(ROW, new Sync("kde4", 100, 5.1)); // ROW: a RowType of the schema
 *         csv.commit();
 *     }
 * }
 * }</pre>
 */
public final class LabRun implements AutoCloseable {
    private final Path studyDir;
    private final String study;
    private final String command;
    private final Mode mode;
    private final RunOptions options;
    private final String commandLine;
    private final String rerun;
    private final Instant start = Instant.now();
    /** The machine and the lab's commit, read once (the commit costs two git processes). */
    private final MachineInfo.Machine machine = MachineInfo.describe();

    private final Map<String, String> peers = new LinkedHashMap<>();
    private final List<String> committed = new ArrayList<>();
    private final Map<String, AllExperiments.Part> outcomes = new LinkedHashMap<>();
    private final List<RunRecord.Resume> resumes = new ArrayList<>();
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
            previousRecord(run.studyDir.resolve("run.json"))
                    .map(RunRecord::outcomesOrNone)
                    .orElse(Map.of())
                    .forEach((name, outcome) -> {
                        if (outcome != null && AllExperiments.Status.finished(outcome.status())) {
                            run.doneBefore.put(name, Objects.requireNonNullElse(outcome.seconds(), 0.0));
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
        Map<String, JsonNode> made = previousRecord(studyDir.resolve("run.json"))
                .map(RunRecord::experimentsOrNone)
                .orElse(Map.of());
        java.util.Set<String> experiments = new java.util.LinkedHashSet<>();
        experiments.add(command);
        experiments.addAll(made.keySet());
        experiments.addAll(journalled(studyDir));
        Map<String, String> other = new LinkedHashMap<>();
        for (String experiment : experiments) {
            RunRecord record = RunRecord.of(made.get(experiment)).orElse(null);
            madeWith(studyDir, experiment, record).ifPresent(m -> {
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
    private static Optional<MadeWith> madeWith(Path studyDir, String experiment, RunRecord record) {
        Path csv = studyDir.resolve(experiment + ".csv");
        Optional<JsonNode> journal = CsvJournal.writtenBy(csv);
        if (journal.isPresent()) {
            // the sidecar names the run's mode and options as run.json does; its command is its own field
            return RunRecord.of(journal.get())
                    .flatMap(RunOptions::ofRecord)
                    .map(o -> new MadeWith(
                            CsvJournal.journalOf(csv),
                            journal.get().path("command").asText(""),
                            o));
        }
        if (record == null || !Files.isRegularFile(csv)) {
            return Optional.empty();
        }
        // command_line: "wallet sync-sweep --quick ..."
        String[] line = Objects.requireNonNullElse(record.commandLine(), "").split(" ");
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
        identity.put("host", machine.host());
        identity.put("lab_commit", machine.labCommit());
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
        journal.resumed()
                .ifPresent(r -> resumes.add(new RunRecord.Resume(
                        schema.experiment(),
                        Instant.now().toString(),
                        r.keptRows(),
                        r.machineChanged(),
                        r.codeChanged())));
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

    /** Writes run.json if this run committed any CSV or recorded any outcome. */
    @Override
    public void close() {
        if (committed.isEmpty() && outcomes.isEmpty()) {
            return;
        }
        Path file = studyDir.resolve("run.json");
        try {
            Optional<RunRecord> previous = previousRecord(file);
            Files.createDirectories(studyDir);
            String end = Instant.now().toString();
            // each CSV's record is this run's without the outcomes, which are the latest all run's, at the top only
            JsonNode made = describe(end, Map.of(), null, null).asTree();
            Map<String, JsonNode> experiments = new LinkedHashMap<>(
                    previous.map(RunRecord::experimentsOrNone).orElse(Map.of()));
            for (String experiment : committed) {
                experiments.put(experiment, made);
            }
            Map<String, RunRecord.Outcome> ended = new LinkedHashMap<>();
            outcomes.forEach((name, part) -> ended.put(name, RunRecord.Outcome.of(part)));
            RunRecord.History history = history(previous.map(RunRecord::history).orElse(null));
            describe(end, ended, experiments, history).write(file);
        } catch (IOException e) {
            throw LabException.cannot("write", file, e);
        }
    }

    /**
     * How long each experiment took when it last finished here, per mode, that time scaled to the other mode, and the
     * {@link Work} it measured ({@link RunRecord.History}): kept across runs from {@code previous} (null for none), and
     * started afresh on another host.
     */
    private RunRecord.History history(RunRecord.History previous) {
        String host = machine.host();
        RunRecord.History history =
                previous != null && previous.host().equals(host) ? previous.copy() : RunRecord.History.of(host);
        history.open(mode);
        // an experiment kept from the run before (done earlier) keeps its time from then, not a second record of it
        Map<String, Double> took = new LinkedHashMap<>();
        Map<Mode, Map<String, Work.Size>> work = new java.util.EnumMap<>(Mode.class);
        for (AllExperiments.Part p : outcomes.values()) {
            double seconds = RunRecord.Outcome.seconds(p);
            if (p.status() == AllExperiments.Status.DONE && seconds > 0) {
                took.put(p.name(), seconds);
                history.put(mode, p.name(), seconds);
                p.work()
                        .forEach((m, size) -> work.computeIfAbsent(m, k -> new LinkedHashMap<>())
                                .put(p.name(), size));
            }
        }
        work.getOrDefault(mode, Map.of()).forEach((name, size) -> {
            history.put(RunRecord.History.UNITS, mode, name, size.units());
            if (size.clockSeconds() > 0) {
                // 4.2, not 4.199999999999999
                history.put(RunRecord.History.CLOCK, mode, name, Math.round(size.clockSeconds() * 1000) / 1000.0);
            } else {
                history.remove(RunRecord.History.CLOCK, mode, name);
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
            history.open(RunRecord.History.SCALED, m);
            reference
                    .scaleAll(took, work.get(mode), to)
                    .forEach((name, s) ->
                            history.put(RunRecord.History.SCALED, m, name, Math.round(s.seconds() * 10) / 10.0));
        });
        return history;
    }

    /**
     * The run.json already in a study's folder (empty when there is none); one that is not a JSON object is refused,
     * never overwritten.
     */
    private static Optional<RunRecord> previousRecord(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(RunRecord.read(file)
                    .orElseThrow(() -> new LabException("cannot read " + file
                            + ": not a run record (a JSON object); move it away to start afresh")));
        } catch (IOException e) {
            throw new LabException(
                    "cannot read " + file + ": "
                            + (e instanceof JsonProcessingException ? "not valid JSON" : Reasons.of(e))
                            + "; move it away to start afresh",
                    e);
        }
    }

    /** This run's record, ended at {@code end}, with what run.json's top holds besides (null where it is not). */
    private RunRecord describe(
            String end,
            Map<String, RunRecord.Outcome> ended,
            Map<String, JsonNode> experiments,
            RunRecord.History history) {
        List<String> extraFlags = ForkedJava.extraFlags();
        return new RunRecord(
                study,
                machine.host(),
                machine.cpuModel(),
                machine.cores(),
                machine.memoryBytes(),
                machine.osKernel(),
                machine.jdkVendor(),
                machine.jdkVersion(),
                machine.labCommit(),
                mode.label(),
                start.toString(),
                end,
                commandLine,
                rerun,
                options.given(),
                new LinkedHashMap<>(peers),
                extraFlags.isEmpty() ? null : String.join(" ", extraFlags),
                // said in the results too: their figures carry the test-only slowdown
                Slowdown.share() > 0 ? Slowdown.share() : null,
                ended,
                List.copyOf(resumes),
                experiments,
                history);
    }
}
