package labbook.core;

import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress for anything that runs more than a few seconds, on standard error so that standard
 * output stays clean for results and JSON.
 *
 * <pre>{@code
 * try (ProgressBar bar = Progress.bar("sync-sweep kde4", steps, "steps")) {
 *     for (...) { ...; bar.step(); }
 * }
 * }</pre>
 */
public final class Progress {
    private Progress() {
    }

    public static ProgressBar bar(String task, long total, String unit) {
        boolean terminal = System.console() != null;
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" " + unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                // in a log (CI, a pipe) redraw rarely, so the log stays readable
                .setUpdateIntervalMillis(terminal ? 200 : 5000)
                // a terminal redraws one line in place; a log gets one plain line per update
                .setConsumer(terminal ? new ConsoleProgressBarConsumer(System.err, 100)
                        : new DelegatingProgressBarConsumer(System.err::println, 80))
                .showSpeed()
                .continuousUpdate()
                .build();
    }

    /** Formats a duration for status lines such as "done in 2m 03s". */
    public static String human(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? String.format("%dm %02ds", s / 60, s % 60) : String.format("%.1fs", d.toMillis() / 1000.0);
    }
}
