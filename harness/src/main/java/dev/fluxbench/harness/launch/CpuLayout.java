package dev.fluxbench.harness.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which cores the app under test gets, and which the rest (generator, downstream) share.
 * Apart, the generator's work never shows up as the app's latency. On 2 cores: the app on
 * core 0, the rest on core 1.
 *
 * @param appCpus the app's cores in taskset syntax, or empty when nothing is pinned
 * @param loadCpus the generator's and downstream's cores, or empty when nothing is pinned
 * @param appCoreCount how many cores the app may use; its
 * {@code -XX:ActiveProcessorCount}
 */
public record CpuLayout(Optional<String> appCpus, Optional<String> loadCpus, int appCoreCount) {

	static final Path TASKSET = Path.of("/usr/bin/taskset");

	public static CpuLayout unpinned(int cores) {
		return new CpuLayout(Optional.empty(), Optional.empty(), cores);
	}

	/**
	 * The first half of the cores (at least one) for the app, the rest for everything
	 * else.
	 */
	public static CpuLayout defaults(int cores) {
		if (cores < 2 || !Files.isExecutable(TASKSET)) {
			return unpinned(cores);
		}
		int app = Math.max(1, cores / 2);
		return new CpuLayout(Optional.of(range(0, app - 1)), Optional.of(range(app, cores - 1)), app);
	}

	/**
	 * An explicit layout, validated against this machine's cores.
	 * @throws IllegalArgumentException with a one-line reason for a bad list
	 */
	public static CpuLayout of(String appCpus, String loadCpus, int cores) {
		TreeSet<Integer> app = cpus(appCpus, cores, "--app-cpus");
		TreeSet<Integer> load = cpus(loadCpus, cores, "--load-cpus");
		if (!Files.isExecutable(TASKSET)) {
			throw new IllegalArgumentException("--app-cpus/--load-cpus need " + TASKSET + ", which is missing here");
		}
		TreeSet<Integer> shared = new TreeSet<>(app);
		shared.retainAll(load);
		if (!shared.isEmpty() && cores > 1) {
			throw new IllegalArgumentException(
					"--app-cpus and --load-cpus share core(s) " + shared + ": the generator would steal the app's CPU");
		}
		return new CpuLayout(Optional.of(appCpus), Optional.of(loadCpus), app.size());
	}

	public boolean pinned() {
		return this.appCpus.isPresent();
	}

	/**
	 * Pins this JVM, the generator, to the load cores. {@code -a} covers every thread it
	 * already has; threads started later inherit their creator's affinity.
	 */
	public void pinGenerator() {
		if (this.loadCpus.isEmpty()) {
			return;
		}
		try {
			Process taskset = new ProcessBuilder(TASKSET.toString(), "-a", "-p", "-c", this.loadCpus.get(),
					Long.toString(ProcessHandle.current().pid()))
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (taskset.waitFor() != 0) {
				throw new EnvironmentException("taskset could not pin the generator to cores " + this.loadCpus.get());
			}
		}
		catch (IOException ex) {
			throw new EnvironmentException("taskset could not be run: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while pinning the generator");
		}
	}

	@Override
	public String toString() {
		return pinned() ? "app on " + this.appCpus.get() + ", generator and downstream on " + this.loadCpus.get()
				: "not pinned";
	}

	private static TreeSet<Integer> cpus(String list, int cores, String option) {
		if (list == null || !list.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
			throw new IllegalArgumentException(option + " '" + list + "' is not a CPU list such as 0 or 0-1 or 0,2");
		}
		TreeSet<Integer> cpus = new TreeSet<>();
		for (String part : list.split(",")) {
			String[] bounds = part.split("-");
			int from = Integer.parseInt(bounds[0]);
			int to = Integer.parseInt(bounds[bounds.length - 1]);
			if (to < from || to >= cores) {
				throw new IllegalArgumentException(option + " '" + list + "' names a core this machine lacks (it has "
						+ cores + ": 0-" + (cores - 1) + ")");
			}
			for (int cpu = from; cpu <= to; cpu++) {
				cpus.add(cpu);
			}
		}
		return cpus;
	}

	private static String range(int from, int to) {
		return (from == to) ? Integer.toString(from) : from + "-" + to;
	}

}
