package dev.loomy.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** The {@link EngineProvider}s on this JVM's class path, looked for once, when a run first asks for one. */
public final class EngineProviders {

    private EngineProviders() {
    }

    /** Every provider found; one whose jar is broken (a class missing) is left out, as if absent. */
    public static List<EngineProvider> all() {
        return Found.PROVIDERS;
    }

    /** The provider that {@code --engine=name} chooses, if it is here. */
    public static Optional<EngineProvider> named(String name) {
        return all().stream().filter(provider -> provider.name().equals(name)).findFirst();
    }

    /** Loaded on first use: a run of the local engine never scans the class path for providers. */
    private static final class Found {

        private static final int MOST_BROKEN = 16;
        static final List<EngineProvider> PROVIDERS = load();

        private static List<EngineProvider> load() {
            List<EngineProvider> found = new ArrayList<>();
            Iterator<EngineProvider> providers = ServiceLoader.load(EngineProvider.class,
                    EngineProviders.class.getClassLoader()).iterator();
            // The iterator goes on past a broken provider "on a best effort": a bound, lest it never does.
            for (int broken = 0; broken < MOST_BROKEN; ) {
                try {
                    if (!providers.hasNext()) {
                        break;
                    }
                    found.add(providers.next());
                } catch (ServiceConfigurationError | LinkageError e) {
                    // A provider whose engine's classes are not all here cannot run: as if it were absent.
                    broken++;
                }
            }
            return List.copyOf(found);
        }
    }
}
