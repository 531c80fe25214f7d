package labbook.notebooks;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * The kernel's watch on its front end: once the process that started it is gone, nothing can reach the kernel again, so
 * it should exit, as ipykernel does.
 *
 * <p>What ipykernel 6 does (kernelapp.py, parentpoller.py): Jupyter's launcher (jupyter_client's {@code launch_kernel})
 * puts its own pid in the kernel's environment as {@code JPY_PARENT_PID} and starts the kernel in a new session, so a
 * killed front end takes no kernel with it. When the variable is set and not 1, a daemon thread checks
 * {@code getppid()} every second and exits at once ({@code os._exit(1)}) when it has become 1, i.e. the kernel was
 * handed to init. The heartbeat plays no part: it only echoes, so that front ends can see a dead kernel; the kernel
 * never acts on its silence.
 *
 * <p>This watch does the same, every second, and also sees the two cases a {@code getppid() == 1} test misses: a kernel
 * handed to a subreaper (systemd's user manager, a container's init) rather than to PID 1, and a front end that started
 * the kernel through a wrapper (the front end gone, the wrapper still there). Without the variable (a kernel started by
 * hand) or with PID 1, nothing is watched, as in ipykernel.
 */
final class FrontEndWatch {
    /** The variable jupyter_client sets, in the kernel's environment, to the pid of the front end's process. */
    static final String PARENT_PID_ENV = "JPY_PARENT_PID";
    /** How often the front end is looked for: ipykernel's period. */
    static final Duration PERIOD = Duration.ofSeconds(1);

    private FrontEndWatch() {}

    /**
     * Starts watching the process {@code jpyParentPid} names (the value of {@value #PARENT_PID_ENV}), on a daemon
     * thread: {@code whenGone} gets its pid, once, when it has exited or this process has been handed to another
     * parent. Runs it at once when the front end is gone already.
     *
     * @return the pid watched; empty when there is nothing to watch (no value, not a pid, or 1)
     */
    static Optional<Long> start(String jpyParentPid, LongConsumer whenGone) {
        long pid;
        try {
            pid = Long.parseLong(jpyParentPid == null ? "" : jpyParentPid.strip());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (pid <= 1) {
            return Optional.empty(); // init never exits, it only adopts: ipykernel skips it too
        }
        Optional<ProcessHandle> frontEnd = ProcessHandle.of(pid);
        long parentAtStart = parentPid();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "front-end watch (pid " + pid + ")");
            thread.setDaemon(true);
            return thread;
        });
        var unused = timer.scheduleWithFixedDelay(
                () -> {
                    // a front end that has exited but is not yet reaped still counts as alive to the JDK; its kernel
                    // was handed to another parent at that moment, though, which the second test sees
                    if (frontEnd.map(p -> !p.isAlive()).orElse(true) || parentPid() != parentAtStart) {
                        timer.shutdown();
                        whenGone.accept(pid);
                    }
                },
                0,
                PERIOD.toMillis(),
                TimeUnit.MILLISECONDS);
        return Optional.of(pid);
    }

    /** This process's parent now (the JDK reads it afresh each time); 1 when it has none. */
    private static long parentPid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
    }
}
