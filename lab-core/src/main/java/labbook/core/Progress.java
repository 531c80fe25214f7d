package labbook.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress for anything that runs more than a few seconds, on standard error so that standard output stays clean for
 * results and JSON.
 *
 * <pre>{@code
 * try (ProgressBar bar = Progress.bar("sync-sweep kde4", steps, "steps")) {
 *     for (...) { ...; bar.step(); }
 * }
 * }</pre>
 */
public final class Progress {
    private Progress() {}

    /** How often a log (stderr not a terminal) gets a line: a full run's log stays a few hundred lines long. */
    static final int LOG_INTERVAL_MILLIS = 10_000;
    /** Wide enough that a log line is never cut before its ETA. */
    static final int LOG_LINE_WIDTH = 160;

    public static ProgressBar bar(String task, long total, String unit) {
        boolean terminal = stderrIsTerminal();
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" " + unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(terminal ? 200 : LOG_INTERVAL_MILLIS)
                // a terminal redraws one line in place; a log gets one complete plain line per update
                .setConsumer(
                        terminal
                                ? new ConsoleProgressBarConsumer(System.err, 100)
                                : new DelegatingProgressBarConsumer(System.err::println, LOG_LINE_WIDTH))
                .showSpeed()
                .continuousUpdate()
                .build();
    }

    /**
     * Whether standard error is a terminal. {@link System#console()} asks of stdin and stdout, not of stderr, so
     * {@code ./labbook run 2> log} would redraw a bar into the log; on Linux the descriptor's own link says what it is.
     */
    @SuppressWarnings("SystemConsoleNull") // the fallback without /proc: JDK 22+ has a console there, a fair guess
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException noProc) {
            return System.console() != null;
        }
    }

    /** Formats a duration for status lines such as "done in 2m 03s". */
    public static String human(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? String.format("%dm %02ds", s / 60, s % 60) : String.format("%.1fs", d.toMillis() / 1000.0);
    }
}
