package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the kernel knows about a process: resident memory and CPU time, read from /proc.
 * The JVM's own metrics miss what it spends outside the heap, and an app too busy to
 * answer its metrics endpoint still has a /proc entry.
 *
 * @param rssBytes resident set size
 * @param cpuTime user plus system CPU time so far
 */
public record ProcessStats(long rssBytes, Duration cpuTime) {

	/** USER_HZ is 100 on every Linux the project runs on; /proc/PID/stat counts in it. */
	private static final long CLOCK_TICKS_PER_SECOND = 100;

	public static Optional<ProcessStats> of(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
			long ticks = cpuTicks(stat);
			long rssPages = Long.parseLong(fields(stat)[21]);
			return Optional
				.of(new ProcessStats(rssPages * 4096, Duration.ofMillis(ticks * 1000 / CLOCK_TICKS_PER_SECOND)));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/** A process' user plus system CPU time so far, in seconds; empty when it is gone. */
	public static OptionalDouble cpuSeconds(long pid) {
		return of(pid).map((stats) -> OptionalDouble.of(stats.cpuTime().toNanos() / 1e9))
			.orElse(OptionalDouble.empty());
	}

	/**
	 * User plus system time of a /proc stat line, as a process read it of itself: wrk
	 * reports its own this way at its end, after its threads are done and before it is
	 * gone from /proc.
	 * @throws IllegalArgumentException when the line is not a /proc stat line
	 */
	public static Duration cpuTime(String stat) {
		try {
			return Duration.ofMillis(cpuTicks(stat) * 1000 / CLOCK_TICKS_PER_SECOND);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("not a /proc stat line: '" + stat + "'");
		}
	}

	/** This JVM's user plus system CPU time so far, every thread counted. */
	public static Duration ownCpuTime() {
		return of(ProcessHandle.current().pid()).map(ProcessStats::cpuTime)
			.orElseThrow(() -> new IllegalStateException("/proc/self/stat cannot be read"));
	}

	/**
	 * User plus system time of a /proc stat line (a process' or a thread's), in ticks.
	 */
	static long cpuTicks(String stat) {
		String[] fields = fields(stat);
		return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
	}

	/**
	 * The fields after the command name, which may contain spaces and parentheses: they
	 * are counted after the last ')'.
	 */
	private static String[] fields(String stat) {
		return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
	}

}
