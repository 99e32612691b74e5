package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The CPU time a JVM's JIT compiler threads used, read from /proc. Micrometer's
 * {@code jvm_compilation_time_ms_total} counts the time each compilation took from start
 * to end, so on a core the app's own threads keep busy it counts the waiting too, several
 * times over; the compiler threads' CPU time does not. HotSpot starts and ends compiler
 * threads as its queue grows and shrinks: each thread's last reading is kept, so a thread
 * that ended takes its time with it from no reading.
 */
public final class CompilerCpu {

	/** USER_HZ is 100 on every Linux the project runs on; /proc counts in it. */
	private static final double CLOCK_TICKS_PER_SECOND = 100;

	private final Path tasks;

	/** Ticks by compiler thread id, at its last reading. */
	private final Map<String, Long> ticks = new HashMap<>();

	/**
	 * Threads that are not compilers: read once, so that a reading costs a few files even
	 * in an app with hundreds of threads.
	 */
	private final Set<String> others = new HashSet<>();

	public CompilerCpu(long pid) {
		this(Path.of("/proc", Long.toString(pid), "task"));
	}

	/** Reads the threads of the process whose {@code /proc/PID/task} this is. */
	CompilerCpu(Path tasks) {
		this.tasks = tasks;
	}

	/**
	 * The compiler threads' CPU time so far, in seconds; empty when the process is gone
	 * or has no compiler thread (a JVM without a JIT, or no JVM).
	 */
	public synchronized OptionalDouble seconds() {
		try (Stream<Path> threads = Files.list(this.tasks)) {
			threads.filter((thread) -> !this.others.contains(thread.getFileName().toString()))
				.forEach((thread) -> read(thread.resolve("stat")));
		}
		catch (IOException | RuntimeException ex) {
			return OptionalDouble.empty();
		}
		if (this.ticks.isEmpty()) {
			return OptionalDouble.empty();
		}
		return OptionalDouble
			.of(this.ticks.values().stream().mapToLong(Long::longValue).sum() / CLOCK_TICKS_PER_SECOND);
	}

	private void read(Path stat) {
		try {
			String line = Files.readString(stat);
			String name = line.substring(line.indexOf('(') + 1, line.lastIndexOf(')'));
			// The kernel keeps 15 characters of a thread's name: "C2 CompilerThre".
			if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
				this.ticks.put(stat.getParent().getFileName().toString(), ProcessStats.cpuTicks(line));
			}
			else {
				this.others.add(stat.getParent().getFileName().toString());
			}
		}
		catch (IOException | RuntimeException ex) {
			// A thread that ended between the listing and the reading keeps its last
			// reading.
		}
	}

}
