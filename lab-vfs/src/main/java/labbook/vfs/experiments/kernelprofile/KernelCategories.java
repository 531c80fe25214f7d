package labbook.vfs.experiments.kernelprofile;

import static labbook.vfs.VfsSchemas.CATEGORY;
import static labbook.vfs.VfsSchemas.CHECKED_ON;
import static labbook.vfs.VfsSchemas.FUNCTION;
import static labbook.vfs.VfsSchemas.SCOPE;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.Reasons;
import labbook.core.SeedTable;
import labbook.vfs.VfsSchemas;

/**
 * The kernel functions each {@link KernelCategory} holds, declared once in the module's {@code kernel-categories.csv}
 * (with the kernel release each was found in), and the rule that puts a sample in a category: walk its kernel frames
 * from the innermost outwards; the first declared function decides. A {@code stack} function claims the samples of
 * everything it calls that is not declared itself ({@code _raw_spin_lock} under {@code dput} is a store); a
 * {@code self} function (the system-call entry every call passes through) claims only the samples taken in it. A sample
 * no declared function claims is {@link KernelCategory#REST}, listed by its innermost function.
 */
public final class KernelCategories {
    /** The declarations' class-path resource. */
    public static final String RESOURCE = "/labbook/vfs/kernel-categories.csv";

    /** How far a declared function's claim reaches. */
    public enum Scope {
        /** The function and every undeclared function it calls. */
        STACK,
        /** The function's own samples only. */
        SELF
    }

    /** One declared function. */
    public record Declared(KernelCategory category, String function, Scope scope, String checkedOn) {}

    private final Map<String, Declared> byFunction;

    private KernelCategories(Map<String, Declared> byFunction) {
        this.byFunction = byFunction;
    }

    /** The declarations this module ships. */
    public static KernelCategories shipped() {
        try (InputStream in = KernelCategories.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new LabException(RESOURCE + " is missing from the class path (rebuild lab-vfs)");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), RESOURCE);
        } catch (IOException e) {
            throw new LabException("cannot read " + RESOURCE + ": " + Reasons.of(e), e);
        }
    }

    /**
     * Declarations from {@code reader} ({@code name} names it in errors): a function declared twice, a declaration in
     * "the rest", or an unknown category or scope is one line.
     */
    public static KernelCategories parse(Reader reader, String name) {
        Map<String, Declared> byFunction = new LinkedHashMap<>();
        List<Declared> rows = SeedTable.parse(
                reader,
                name,
                VfsSchemas.KERNEL_CATEGORIES,
                r -> new Declared(
                        KernelCategory.of(r.text(CATEGORY), name),
                        r.text(FUNCTION),
                        scope(r.text(SCOPE), name),
                        r.text(CHECKED_ON)));
        for (Declared d : rows) {
            if (d.category() == KernelCategory.REST) {
                throw new LabException(name + ": " + d.function() + " is declared in 'rest', which holds what no "
                        + "category declares");
            }
            if (byFunction.put(d.function(), d) != null) {
                throw new LabException(name + ": " + d.function() + " is declared twice");
            }
        }
        return new KernelCategories(byFunction);
    }

    private static Scope scope(String text, String name) {
        try {
            return Scope.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new LabException(name + ": scope '" + text + "' is neither stack nor self");
        }
    }

    /** Every declaration, in the file's order. */
    public List<Declared> declared() {
        return List.copyOf(byFunction.values());
    }

    /** The category of a sample whose kernel frames are {@code frames}, innermost first (perf's order). */
    public KernelCategory classify(List<String> frames) {
        for (int i = 0; i < frames.size(); i++) {
            Declared d = byFunction.get(baseName(frames.get(i)));
            if (d != null && (d.scope() == Scope.STACK || i == 0)) {
                return d.category();
            }
        }
        return KernelCategory.REST;
    }

    /** The declared functions that {@code kernelFunctions} (base names, {@link #kernelFunctions}) lacks. */
    public List<String> missingFrom(Set<String> kernelFunctions) {
        return byFunction.keySet().stream()
                .filter(f -> !kernelFunctions.contains(f))
                .toList();
    }

    /**
     * A symbol without the suffix the compiler gives a copy it specialised ({@code finish_task_switch.isra.0},
     * {@code getname_flags.part.0}): the function as the source names it.
     */
    public static String baseName(String symbol) {
        int dot = symbol.indexOf('.');
        return dot > 0 ? symbol.substring(0, dot) : symbol;
    }

    /**
     * The base names of the running kernel's functions, from {@code kallsyms} ({@code /proc/kallsyms}: "address type
     * name [module]", readable by anyone, addresses zeroed for those who may not see them).
     */
    public static Set<String> kernelFunctions(Path kallsyms) {
        Set<String> names = new HashSet<>();
        try (Stream<String> lines = Files.lines(kallsyms, StandardCharsets.UTF_8)) {
            lines.forEach(line -> {
                String[] fields = line.split("\\s+");
                if (fields.length >= 3) {
                    names.add(baseName(fields[2]));
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            throw LabException.cannot("read the kernel's symbols in", kallsyms, e);
        }
        return names;
    }
}
