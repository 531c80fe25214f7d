package labbook.core;

/** A helper process's main that fails as a lab-made child may: through {@link FailureLine#runMain}. */
public final class FailingMain {
    private FailingMain() {}

    public static void main(String[] args) {
        FailureLine.runMain("failing main", () -> {
            if (args.length > 0 && args[0].equals("unexpected")) {
                throw new IllegalStateException("a bug, not bad input");
            }
            throw new LabException("cannot open /no/such/wallet.kwl: no such file");
        });
    }
}
