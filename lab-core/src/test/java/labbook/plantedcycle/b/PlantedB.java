package labbook.plantedcycle.b;

import labbook.plantedcycle.a.PlantedA;

/** The other half of the planted package cycle: b needs a. */
public final class PlantedB {
    private PlantedB() {}

    /** A method, not a constant: javac would copy a constant into PlantedA and leave no dependency to find. */
    public static int depth() {
        return 1;
    }

    public static int back() {
        return PlantedA.depth();
    }
}
