package dev.fluxbench.harness.results;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@code calibration.json}: the harness' load generator and wrk, a lean reference, driven
 * in turn at the same endpoint with the same connections (docs/calibrate.md).
 * {@code fluxbench calibrate} writes it; {@code fluxbench run --calibration FILE} copies
 * it into run.json, so that a report can say how far its generator is from a lean one on
 * the machine it ran on.
 *
 * @param formatVersion {@link #FORMAT_VERSION} when written
 * @param started when the calibration started
 * @param endpoint the URL both generators sent their GETs to
 * @param stack the built-in stack that answered, empty for a running service
 * @param cpuLayout where the app and the generators ran, in words
 * @param wrk wrk's version line
 * @param duration how long each side was measured, at each connection count
 * @param warmup how long each side was driven, unmeasured, before it
 * @param points one comparison per connection count, in the order they ran
 */
public record CalibrationJson(int formatVersion, Optional<Instant> started, String endpoint, Optional<String> stack,
		String cpuLayout, String wrk, Duration duration, Duration warmup, List<Point> points) {

	public static final int FORMAT_VERSION = 1;

	public CalibrationJson {
		started = ResultJson.optional(started);
		endpoint = ResultJson.text(endpoint);
		stack = ResultJson.optional(stack);
		cpuLayout = ResultJson.text(cpuLayout);
		wrk = ResultJson.text(wrk);
		duration = (duration != null) ? duration : Duration.ZERO;
		warmup = (warmup != null) ? warmup : Duration.ZERO;
		points = ResultJson.list(points);
	}

	/**
	 * Reads a calibration.json, leniently.
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static CalibrationJson read(Path file) {
		return ResultJson.read(file, CalibrationJson.class, "calibration.json");
	}

	public void write(Path file) {
		ResultsDirectory.writeAtomically(file, ResultJson.write(this));
	}

	/**
	 * Both generators at one connection count.
	 *
	 * @param connections the connections each generator kept open, one request at a time
	 * on each
	 * @param harness the harness' generator, JMeter as {@code fluxbench run} drives it
	 * @param wrk wrk
	 * @param cpuRatio the harness' CPU per 1000 requests over wrk's; empty when wrk's was
	 * too small to measure
	 * @param harnessJitShare the share of the harness' CPU in its measured window that
	 * went to its JIT compiler threads; empty when they could not be read
	 * @param appWarmup how the app's warm-up before this count went, judged as a run
	 * judges a stack's; empty when there was none
	 */
	public record Point(int connections, Side harness, Side wrk, Optional<Double> cpuRatio,
			Optional<Double> harnessJitShare, Optional<Warmup> appWarmup) {

		public Point {
			cpuRatio = ResultJson.optional(cpuRatio);
			harnessJitShare = ResultJson.optional(harnessJitShare);
			appWarmup = ResultJson.optional(appWarmup);
		}

		/** The two sides, and the ratio of their CPU per 1000 requests. */
		public static Point of(int connections, Side harness, Side wrk) {
			return of(connections, harness, wrk, Optional.empty());
		}

		/**
		 * The two sides, the ratio of their CPU per 1000 requests, and how much of the
		 * harness' went to its JIT.
		 */
		public static Point of(int connections, Side harness, Side wrk, Optional<Double> harnessJitShare) {
			double reference = wrk.cpuMillisPer1000Requests();
			Optional<Double> ratio = (reference > 0 && harness.requests() > 0)
					? Optional.of(harness.cpuMillisPer1000Requests() / reference) : Optional.empty();
			return new Point(connections, harness, wrk, ratio, harnessJitShare, Optional.empty());
		}

		/** The same comparison, after the app's warm-up went as {@code warmup} says. */
		public Point withAppWarmup(Optional<Warmup> warmup) {
			return new Point(this.connections, this.harness, this.wrk, this.cpuRatio, this.harnessJitShare, warmup);
		}

	}

	/**
	 * What one generator did and spent in its measured window.
	 *
	 * @param requests the requests it completed
	 * @param errors those that failed: a connection error, a timeout or a status other
	 * than 2xx or 3xx
	 * @param elapsed the window's length
	 * @param cpu the generator process' user plus system CPU time over the window
	 * @param cpuMillisPer1000Requests {@code cpu} in milliseconds per 1000 requests
	 * @param p50 the median response time
	 * @param p99 the 99th percentile
	 * @param throughput requests per second over the window
	 * @param appJitShare the share of the app's CPU in the same window that went to the
	 * app's JIT compiler threads, the app counted as busy for at least one core: near 0
	 * when the app was steady. Empty for an app fluxbench did not start, and in files
	 * written before it was recorded
	 */
	public record Side(long requests, long errors, Duration elapsed, Duration cpu, double cpuMillisPer1000Requests,
			Duration p50, Duration p99, double throughput, Optional<Double> appJitShare) {

		public Side {
			elapsed = (elapsed != null) ? elapsed : Duration.ZERO;
			cpu = (cpu != null) ? cpu : Duration.ZERO;
			p50 = (p50 != null) ? p50 : Duration.ZERO;
			p99 = (p99 != null) ? p99 : Duration.ZERO;
			appJitShare = ResultJson.optional(appJitShare);
		}

		/** The figures per 1000 requests and per second, from the counts. */
		public static Side of(long requests, long errors, Duration elapsed, Duration cpu, Duration p50, Duration p99) {
			double perThousand = (requests > 0) ? cpu.toNanos() / 1e6 * 1000 / requests : 0;
			double seconds = elapsed.toNanos() / 1e9;
			double throughput = (seconds > 0) ? requests / seconds : 0;
			return new Side(requests, errors, elapsed, cpu, perThousand, p50, p99, throughput, Optional.empty());
		}

		/** The same figures, with what the app's JIT took in their window. */
		public Side withAppJitShare(Optional<Double> share) {
			return new Side(this.requests, this.errors, this.elapsed, this.cpu, this.cpuMillisPer1000Requests, this.p50,
					this.p99, this.throughput, share);
		}

	}

}
