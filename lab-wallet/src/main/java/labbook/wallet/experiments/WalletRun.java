package labbook.wallet.experiments;

import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;

/** A run of one of the wallet study's commands, recording in run.json the mode flag it ran with. */
final class WalletRun {
    private WalletRun() {
    }

    static LabRun start(LabOptions lab, String command) {
        return LabRun.start(lab, "wallet", command, lab.mode() == Mode.FULL ? "--full" : "--quick");
    }
}
