package dev.fluxbench.harness.load;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A line every 5 s while load runs, so that a long run shows it is alive and how it is doing:
 * {@code [quick] mvc trial 1/1 load 20: 12 s elapsed, ~0 s left, 183 rps, 0 errors}.
 */
final class StatusLine implements AutoCloseable {

	static final Duration INTERVAL = Duration.ofSeconds(5);

	private final PrintWriter out;

	private final String prefix;

	private final Duration expected;

	private final SampleSink.Progress progress;

	private final Instant start = Instant.now();

	private final ScheduledExecutorService scheduler;

	private long lastSamples;

	StatusLine(PrintWriter out, String prefix, Duration expected, SampleSink.Progress progress) {
		this.out = out;
		this.prefix = prefix;
		this.expected = expected;
		this.progress = progress;
		this.scheduler = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("status").factory());
		this.scheduler.scheduleAtFixedRate(this::print, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
	}

	private void print() {
		long samples = this.progress.samples();
		double rps = (samples - this.lastSamples) / (double) INTERVAL.toSeconds();
		this.lastSamples = samples;
		Duration elapsed = Duration.between(this.start, Instant.now());
		Duration left = this.expected.minus(elapsed);
		this.out.printf("%s: %d s elapsed, ~%d s left, %.0f rps, %d errors%n", this.prefix, elapsed.toSeconds(),
				Math.max(0, left.toSeconds()), rps, this.progress.errors());
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
	}

}
