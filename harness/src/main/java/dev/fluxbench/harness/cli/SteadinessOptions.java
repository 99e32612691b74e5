package dev.fluxbench.harness.cli;

import java.time.Duration;

import dev.fluxbench.harness.run.Steadiness;
import picocli.CommandLine.Option;

/**
 * When a warming target counts as steady: the options {@code run} and {@code knee} share.
 * Their defaults are {@link Steadiness#DEFAULT}'s.
 */
final class SteadinessOptions {

	@Option(names = "--steady-window", paramLabel = "DURATION", converter = DurationConverter.class,
			defaultValue = "5s",
			description = "a warm-up ends once the target was steady over this long (default: ${DEFAULT-VALUE})")
	private Duration window;

	@Option(names = "--steady-jit", paramLabel = "SHARE", defaultValue = "5%",
			description = "steady: the JIT compiled for at most this share of the app's CPU time (or of one core,"
					+ " when the app used less) over the window, and a cool-down found no more waiting;"
					+ " a measured load that compiled more is marked not steady (default: ${DEFAULT-VALUE})")
	private String jit;

	@Option(names = "--steady-spread", paramLabel = "SHARE", defaultValue = "10%",
			description = "steady: the throughput varied second by second by at most this share (standard deviation"
					+ " over mean) over the window (default: ${DEFAULT-VALUE})")
	private String spread;

	@Option(names = "--fixed-warmup",
			description = "warm up for the whole --warmup even once the target is steady, as fluxbench did before"
					+ " it judged steadiness; whether and when it became steady is still recorded")
	private boolean fixed;

	@Option(names = "--warmup-users", paramLabel = "N", defaultValue = "0",
			description = "warm each target up with N users and no think time; 0 for the scenario's largest load,"
					+ " up to 50 users (default: ${DEFAULT-VALUE})")
	private int warmupUsers;

	/**
	 * Returns the steadiness settings these options ask for.
	 * @throws UsageException when a value is out of range
	 */
	Steadiness steadiness() {
		try {
			return new Steadiness(this.window, KneeCommand.share("--steady-jit", this.jit),
					KneeCommand.share("--steady-spread", this.spread), this.fixed, this.warmupUsers);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
	}

}
