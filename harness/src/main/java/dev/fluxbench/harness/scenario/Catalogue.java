package dev.fluxbench.harness.scenario;

import static dev.fluxbench.harness.scenario.Assertion.errorsBelow;
import static dev.fluxbench.harness.scenario.Assertion.p99Below;
import static dev.fluxbench.harness.scenario.Scenario.scenario;
import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;

import java.util.List;
import java.util.Optional;

/**
 * Every scenario fluxbench knows, each with the seed it reproduces. Changing a figure here changes
 * the benchmark, so the figures stay here and nowhere else.
 */
public final class Catalogue {

	public static final String DEFAULT_SCENARIO = "quick";

	/** The thesis' acceptance criteria, applied to all three of its profiles. */
	private static final Assertion[] THESIS_CRITERIA = { p99Below(ofSeconds(10)), errorsBelow(10) };

	private static final List<Scenario> SCENARIOS = List.of(
			scenario("quick").describedAs("smoke run: passthrough and artist list at three small loads")
				.seeds(Seed.PASSTHROUGH, Seed.CONCERTS)
				.loads(5, 20, 50)
				.rampUp(ofSeconds(2))
				.holdFor(ofSeconds(8))
				.requests(Request.passthrough(ofMillis(100)), Request.artistsList())
				// A smoke run must end in minutes whatever a stack does; 10 s is 100 times the delay.
				.responseTimeout(ofSeconds(10))
				.warmup(ofSeconds(8)),
			scenario("thesis-normal").describedAs("the thesis' normal load: 350 users, one lookup each")
				.seeds(Seed.THESIS)
				.users(350)
				.rampUp(ofSeconds(60))
				.iterations(1)
				.requests(Request.unitLookup())
				.stacks(Stack.THESIS_VARIANTS)
				.assertions(THESIS_CRITERIA)
				.warmup(ofSeconds(60))
				.trials(3),
			scenario("thesis-higher").describedAs("the thesis' higher load: 350 users, two lookups each")
				.seeds(Seed.THESIS)
				.users(350)
				.rampUp(ofSeconds(60))
				.iterations(2)
				.requests(Request.unitLookup())
				.stacks(Stack.THESIS_VARIANTS)
				.assertions(THESIS_CRITERIA)
				.warmup(ofSeconds(60))
				.trials(3),
			scenario("thesis-stress").describedAs("the thesis' stress load: 10000 users, four lookups each")
				.seeds(Seed.THESIS)
				.users(10_000)
				.rampUp(ofSeconds(60))
				.iterations(4)
				.requests(Request.unitLookup())
				.stacks(Stack.THESIS_VARIANTS)
				.assertions(THESIS_CRITERIA)
				.warmup(ofSeconds(60))
				.trials(3),
			scenario("concerts-1000").describedAs("ramp to 1000 threads in a minute, listing and creating artists")
				.seeds(Seed.CONCERTS)
				.users(1000)
				.rampUp(ofSeconds(60))
				.holdFor(ofSeconds(60))
				.requests(Request.artistsList(), Request.createArtist())
				.warmup(ofSeconds(60))
				.trials(3),
			scenario("boot2-passthrough").describedAs("300 to 5000 users, 30 passthroughs each with 1-2 s pauses")
				.seeds(Seed.PASSTHROUGH)
				.loads(300, 1000, 1500, 3000, 5000)
				.rampUp(ofSeconds(30))
				.iterations(30)
				.thinkTime(ofSeconds(1), ofSeconds(2))
				.requests(Request.passthrough(ofMillis(300)))
				.warmup(ofSeconds(60))
				.trials(3),
			scenario("boot2-passthrough-open")
				.describedAs("open model: passthrough at 250 to 2000 requests/s, whatever the latency")
				.seeds(Seed.PASSTHROUGH)
				.loads(250, 500, 1000, 2000)
				.rampUp(ofSeconds(10))
				.holdFor(ofSeconds(60))
				.requests(Request.passthrough(ofMillis(300)))
				.openModel(5000)
				.warmup(ofSeconds(60))
				.trials(3));

	private Catalogue() {
	}

	public static List<Scenario> scenarios() {
		return SCENARIOS;
	}

	public static Optional<Scenario> byName(String name) {
		return SCENARIOS.stream().filter((scenario) -> scenario.name().equals(name)).findFirst();
	}

	public static List<String> names() {
		return SCENARIOS.stream().map(Scenario::name).toList();
	}

}
