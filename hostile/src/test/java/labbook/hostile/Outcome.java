package labbook.hostile;

import java.util.Arrays;
import java.util.List;

/** What a command did: its exit code and what it printed. */
record Outcome(int exit, String out, String err) {
    List<String> errLines() {
        return Arrays.stream(err.split("\n")).filter(l -> !l.isBlank()).toList();
    }

    @Override
    public String toString() {
        return "exit " + exit + ", stderr: " + err.strip() + (out.isBlank() ? "" : ", stdout: " + out.strip());
    }
}
