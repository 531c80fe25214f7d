package labbook.hostile;

import java.util.List;
import java.util.function.Function;

/**
 * One hostile input: the command line it builds in its sandbox, the exit code the lab promises (1 for bad input, 2 for
 * a bad argument or option value), and a word the one error line must contain (the file or option at fault).
 * {@code pending} names the issue item a case waits for: while it does not hold yet, it is reported as skipped with
 * that reason, never as passed.
 */
record Case(
        String name,
        Tool tool,
        Function<Sandbox, List<String>> args,
        int exit,
        Function<Sandbox, String> names,
        String pending,
        boolean runsAway) {

    static Case of(
            String name, Tool tool, int exit, Function<Sandbox, List<String>> args, Function<Sandbox, String> names) {
        return new Case(name, tool, args, exit, names, null, false);
    }

    Case pending(String why) {
        return new Case(name, tool, args, exit, names, why, false);
    }

    /**
     * Pending, and not run until it holds: today the command runs away on this input (minutes, or memory exhausted),
     * which a suite in CI cannot afford. Remove the mark with the fix.
     */
    Case runsAwayUntil(String why) {
        return new Case(name, tool, args, exit, names, why, true);
    }

    @Override
    public String toString() {
        return tool.launcherName + ": " + name;
    }
}
