package labbook.notebooks;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.CancellationException;
import jdk.jshell.execution.LocalExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

/**
 * JShell's in-process execution, keeping the value of the last expression as an object.
 *
 * <p>JShell hands a snippet's value back only as a string, but a notebook wants the object itself to draw a chart or a
 * table. Snippets run in this JVM (so they share the kernel's class path and can reach {@link Display}), on the JDK's
 * own {@link LocalExecutionControl}, whose {@code stop()} is what interrupts a running cell (Java 17 stops the snippet
 * thread; Java 22+ checks a stop flag woven into every loop of the snippet). The only change: the snippet's
 * {@code do_it$} method is called through {@link Trap#run()}, which keeps the returned object before JShell turns it
 * into a string.
 */
final class ValueCapturingExecutionControl extends LocalExecutionControl {
    private static final Method TRAP;

    static {
        try {
            TRAP = Trap.class.getMethod("run");
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    protected String invoke(Method doit) throws Exception {
        Trap.arm(doit);
        try {
            return super.invoke(TRAP);
        } finally {
            Trap.disarm();
        }
    }

    /**
     * Makes the next snippets fail at once instead of starting (an interrupt that arrives while JShell is still
     * compiling would otherwise find nothing running to stop), until cleared.
     */
    static void refuseToStart(boolean refuse) {
        Trap.refuse = refuse;
    }

    /** The object the last snippet returned (null for statements and declarations), and forgets it. */
    static Object takeValue() {
        return Trap.take();
    }

    /** Runs the armed snippet method on JShell's snippet thread and keeps what it returns. */
    public static final class Trap {
        private static volatile Method armed;
        private static volatile Object value;
        private static volatile boolean refuse;

        private Trap() {}

        static void arm(Method doit) {
            armed = doit;
            value = null;
        }

        static void disarm() {
            armed = null;
        }

        static Object take() {
            Object v = value;
            value = null;
            return v;
        }

        /** Called reflectively by {@link LocalExecutionControl} in place of the snippet itself. */
        public static Object run() throws Throwable {
            if (refuse) {
                throw new CancellationException("interrupted before it started");
            }
            try {
                Object result = armed.invoke(null);
                value = result;
                return result;
            } catch (InvocationTargetException e) {
                // rethrow what the snippet threw, so JShell reports it exactly as it would without us
                throw e.getCause();
            }
        }
    }

    /** Plugs this execution control into {@code JShell.builder().executionEngine(...)}. */
    static final class Provider implements ExecutionControlProvider {
        @Override
        public String name() {
            return "labbook-local";
        }

        @Override
        public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
            return new ValueCapturingExecutionControl();
        }
    }
}
