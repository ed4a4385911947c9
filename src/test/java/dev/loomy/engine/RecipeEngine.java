package dev.loomy.engine;

import java.util.List;

import dev.loomy.results.Measurement;
import dev.loomy.run.RunConfig;

/**
 * An engine made by the recipe in docs/architecture.md and nothing more ({@code --engine=recipe}):
 * it implements only {@link Engine#run}, each trial measured whole in this JVM, its filters and
 * pipeline from {@link Workload#of}, its runs taken by {@link Benchmark}.
 */
public final class RecipeEngine implements Engine {

    private final EngineProvider.Context context;

    RecipeEngine(EngineProvider.Context context) {
        this.context = context;
    }

    @Override
    public List<Measurement> run(RunConfig config) throws InterruptedException {
        Workload workload = Workload.of(config, context.files(), context.control()::interrupted,
                context.console()::info);
        Benchmark benchmark = new Benchmark(context.control(), context.failures(), context.listener());
        try {
            return Engine.eachTrial(workload.trials(), context.control(), trial -> workload.measure(benchmark, trial));
        } finally {
            workload.close();
        }
    }

    /** Its provider, named in the tests' {@code META-INF/services/dev.loomy.engine.EngineProvider}. */
    public static final class Provider implements EngineProvider {

        @Override
        public String name() {
            return "recipe";
        }

        @Override
        public Engine engine(Context context) {
            return new RecipeEngine(context);
        }
    }
}
