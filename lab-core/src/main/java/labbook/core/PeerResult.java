package labbook.core;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What a {@link Peer} run gave: exit code, wall and child CPU time, and its output. A run whose helper was killed
 * before the peer ended (a caller's {@link Child#kill()}) has no time: {@link #time()} then refuses rather than give a
 * figure nobody measured.
 */
@SuppressWarnings("ArrayRecordComponent") // a peer's output, never compared or hashed
public record PeerResult(List<String> command, int exitCode, Measurement time, byte[] stdout, String stderr) {

    /** The peer's wall time and its user and system CPU time, as {@link TimedExec} measured them. */
    @Override
    public Measurement time() {
        if (time == null) {
            throw new LabException(command.get(0) + " was killed before it ended (" + Child.exitStatus(exitCode)
                    + "): its CPU time was not measured");
        }
        return time;
    }

    public boolean ok() {
        return exitCode == 0;
    }

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /** Throws a one-line {@link LabException} naming the tool and its first line of complaint. */
    public PeerResult orThrow() {
        if (!ok()) {
            String why = stderr.lines().filter(l -> !l.isBlank()).findFirst().orElse("no message");
            throw new LabException(command.get(0) + " failed (exit " + exitCode + "): " + why.trim());
        }
        return this;
    }
}
