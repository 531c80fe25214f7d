package labbook.wallet.peer;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import labbook.core.LabException;
import labbook.core.PeerResult;

/**
 * The real backend (through the harness) refused or failed: one line, the harness's exit code, and, when
 * {@code Backend::open} refused a wallet, its return code (e.g. -9), so that a finding ("KF5 opens this KDE4 wallet
 * with rc -9") can be recorded rather than only printed.
 */
public final class Kwallet5Exception extends LabException {
    private static final long serialVersionUID = 1L;

    private static final Pattern RC = Pattern.compile(" failed: rc (-?\\d+): (.*)$");

    private final int harnessExit;
    private final Integer openCode;
    private final String reason;

    Kwallet5Exception(String message, int harnessExit, Integer openCode, String reason) {
        super(message);
        this.harnessExit = harnessExit;
        this.openCode = openCode;
        this.reason = reason;
    }

    /**
     * From a failed harness run: {@code subject} names what the caller asked about (the user's wallet, not the
     * harness's scratch copy of it).
     */
    static Kwallet5Exception of(PeerResult r, String subject) {
        String line = r.stderr()
                .lines()
                .filter(l -> !l.isBlank())
                .reduce((a, b) -> b)
                .orElse("no message")
                .trim();
        line = line.replaceFirst("^kwallet5-harness: ", "");
        Integer code = null;
        String reason = line;
        if (r.exitCode() == Harness.EXIT_OPEN_FAILED || r.exitCode() == Harness.EXIT_SYNC_FAILED) {
            Matcher m = RC.matcher(line);
            if (m.find()) {
                reason = m.group(1) + ": " + m.group(2);
                if (r.exitCode() == Harness.EXIT_OPEN_FAILED) {
                    code = Integer.parseInt(m.group(1));
                }
            }
        }
        String what = switch (r.exitCode()) {
            case Harness.EXIT_OPEN_FAILED -> "real KWallet (kwallet5) cannot open it: ";
            case Harness.EXIT_SYNC_FAILED -> "real KWallet (kwallet5) cannot save it: ";
            default -> "kwallet5 harness failed (exit " + r.exitCode() + "): ";
        };
        if (r.exitCode() == Harness.EXIT_OPEN_FAILED || r.exitCode() == Harness.EXIT_SYNC_FAILED) {
            return new Kwallet5Exception(subject + ": " + what + reason, r.exitCode(), code, reason);
        }
        return new Kwallet5Exception(subject + ": " + what + line, r.exitCode(), null, line);
    }

    /**
     * The harness's exit code (3: open refused, 4: sync failed, 5: bad input, 6: bad wallet file; see the C++ source).
     */
    public int harnessExit() {
        return harnessExit;
    }

    /** {@code Backend::open}'s return code, when that is what failed. */
    public OptionalInt openCode() {
        return openCode == null ? OptionalInt.empty() : OptionalInt.of(openCode);
    }

    /** The translated reason alone, e.g. "-9: wrong password or a KDE4-era wallet (...)". */
    public String reason() {
        return reason;
    }
}
