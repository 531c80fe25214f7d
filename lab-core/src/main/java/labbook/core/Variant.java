package labbook.core;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The variant role: one of the things an experiment compares beside its baseline (a JMH sample's "variants"), named by
 * the label its rows carry and its command line takes. The domain names each experiment's variants as it likes
 * (sync-sweep's {@code SweepVariant}, save-strategies' {@code SaveStrategy}, the level sweep's {@code SweepEngine},
 * pipeline-variants' {@code Pipeline}, the dentry model's {@code Walk}); each of those types is a {@code Variant}, and
 * an option that picks some of them reads its values through {@link #select}.
 */
public interface Variant {
    /** The variant's label: the value its rows carry (kde4, jdk-fast + zlib-8k, rcu). */
    String label();

    /**
     * The variant's name on the command line, its label unless that has a character a comma-separated option value
     * would need quoted ({@code jdk-fast+zlib-8k}).
     */
    default String optionName() {
        return label();
    }

    /**
     * The variants of {@code all} that {@code values} name ({@link #optionName}, case and spaces ignored), in
     * {@code all}'s order, each once. A value that names none is refused in one line naming {@code option}, the value
     * and the names there are.
     */
    static <V extends Variant> List<V> select(String option, List<String> values, List<V> all) {
        Set<V> chosen = new LinkedHashSet<>();
        for (String value : values) {
            chosen.add(all.stream()
                    .filter(v -> plain(v.optionName()).equals(plain(value)))
                    .findFirst()
                    .orElseThrow(() -> LabException.badValue(
                            option,
                            value,
                            "one of "
                                    + String.join(
                                            ", ",
                                            all.stream()
                                                    .map(Variant::optionName)
                                                    .toList()))));
        }
        List<V> ordered = new ArrayList<>(all);
        ordered.retainAll(chosen);
        return ordered;
    }

    /** The variant of {@code all} labelled {@code label} (case and spaces ignored); none is a programming error. */
    static <V extends Variant> V named(String label, List<V> all) {
        return all.stream()
                .filter(v -> plain(v.label()).equals(plain(label)))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("unknown variant '" + label + "' (one of " + labels(all) + ")"));
    }

    /** The labels of {@code all}, comma-separated. */
    static String labels(List<? extends Variant> all) {
        return String.join(", ", all.stream().map(Variant::label).toList());
    }

    private static String plain(String label) {
        return label.replace(" ", "").toLowerCase(Locale.ROOT);
    }
}
