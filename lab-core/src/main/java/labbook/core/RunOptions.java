package labbook.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The options that made an experiment's results: the mode, and the options its command was given ({@code --variants
 * kde4}, {@code --tree /t}), as {@link LabRun#start} takes them. run.json keeps them for each CSV
 * ({@code experiments.<name>.mode} and {@code .options}) and a journal's sidecar for the rows a killed run left, so a
 * {@code --resume} goes on only from results that the same options made ({@link LabRun}).
 *
 * <p>An option not given is its command's default, whatever that is; {@code all} gives its experiments none of their
 * own, so {@code wallet all --quick} made a sync-sweep.csv with the same options as {@code wallet sync-sweep --quick}.
 */
record RunOptions(Mode mode, Map<String, String> given) {
    /** run.json's field of the options given (the mode is the record's {@code mode}). */
    static final String FIELD = "options";

    RunOptions {
        Objects.requireNonNull(mode, "mode");
        given = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    /**
     * The options of {@code args}, as {@link ExperimentCommand#givenOptions} gives them: {@code --name value} pairs,
     * and an option followed by another option (or by nothing) a flag, kept with an empty value.
     */
    static RunOptions of(Mode mode, List<String> args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String name = args.get(i);
            boolean hasValue = i + 1 < args.size() && !args.get(i + 1).startsWith("--");
            given.put(name, hasValue ? args.get(++i) : "");
        }
        return new RunOptions(mode, given);
    }

    /**
     * The options a record of run.json, or a journal's sidecar, says made its results: its {@code mode} and
     * {@code options}; a record written before options were kept gives them from its {@code rerun} line
     * ({@code ./labbook wallet sync-sweep --quick --variants kde4}). Empty when it says neither.
     */
    static Optional<RunOptions> ofRecord(RunRecord record) {
        String label = Objects.requireNonNullElse(record.mode(), "");
        Optional<Mode> mode = java.util.Arrays.stream(Mode.values())
                .filter(m -> m.label().equals(label))
                .findFirst();
        if (mode.isEmpty()) {
            return Optional.empty();
        }
        if (record.options() != null) {
            Map<String, String> given = new LinkedHashMap<>();
            record.options().forEach((name, value) -> given.put(name, Objects.requireNonNullElse(value, "")));
            return Optional.of(new RunOptions(mode.get(), given));
        }
        String rerun = Objects.requireNonNullElse(record.rerun(), "");
        if (rerun.isBlank()) {
            return Optional.empty();
        }
        List<String> words = List.of(rerun.trim().split(" +"));
        // ./labbook STUDY COMMAND --quick|--full OPTIONS...
        return words.size() < 4 ? Optional.empty() : Optional.of(of(mode.get(), words.subList(4, words.size())));
    }

    /**
     * How results made with {@code before} differ from what these options would make, as the middle of one line: "made
     * with --variants (default), not --variants kde4"; empty when they are the same.
     */
    Optional<String> differenceFrom(RunOptions before) {
        if (before.mode != mode) {
            return Optional.of("made with " + before.mode.flag() + ", not " + mode.flag());
        }
        Set<String> names = new LinkedHashSet<>(before.given.keySet());
        names.addAll(given.keySet());
        List<String> then = new ArrayList<>();
        List<String> now = new ArrayList<>();
        for (String name : names) {
            if (!Objects.equals(before.given.get(name), given.get(name))) {
                then.add(show(name, before.given.get(name)));
                now.add(show(name, given.get(name)));
            }
        }
        return then.isEmpty()
                ? Optional.empty()
                : Optional.of("made with " + String.join(" and ", then) + ", not " + String.join(" and ", now));
    }

    private static String show(String name, String value) {
        if (value == null) {
            return name + " (default)";
        }
        return value.isEmpty() ? name : name + " " + value;
    }
}
