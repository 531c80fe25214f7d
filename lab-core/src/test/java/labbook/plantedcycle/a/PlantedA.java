package labbook.plantedcycle.a;

import labbook.plantedcycle.b.PlantedB;

/** Half of a planted package cycle, for {@code ArchitectureRulesTest}: a needs b. */
public final class PlantedA {
    private PlantedA() {}

    public static int depth() {
        return PlantedB.depth() + 1;
    }
}
