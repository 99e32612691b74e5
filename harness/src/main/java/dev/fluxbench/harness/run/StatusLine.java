package dev.fluxbench.harness.run;

import java.io.Console;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A line every 5 s while load runs, so that a long run shows it is alive and how it is
 * doing:
 * {@code [quick] mvc trial 1/1 load 20: 12 s elapsed, ~0 s left, 183 rps, 0 errors}. On a
 * terminal a progress bar is redrawn every second between those lines; a CI log gets the
 * lines alone, since carriage returns would turn it into noise.
 */
final class StatusLine implements AutoCloseable {

	static final Duration INTERVAL = Duration.ofSeconds(5);

	private static final int BAR_WIDTH = 30;

	private final PrintWriter out;

	private final String prefix;

	private final Duration expected;

	private final SampleSink.Progress progress;

	private final boolean terminal;

	private final Instant start = Instant.now();

	private final ScheduledExecutorService scheduler;

	private long lastSamples;

	private int ticks;

	private boolean barShown;

	StatusLine(PrintWriter out, String prefix, Duration expected, SampleSink.Progress progress) {
		this(out, prefix, expected, progress, onTerminal(), Duration.ofSeconds(1));
	}

	/**
	 * Creates the line that shows the load's progress.
	 * @param tick how often the clock ticks: every second, except in tests that tick by
	 * hand
	 */
	StatusLine(PrintWriter out, String prefix, Duration expected, SampleSink.Progress progress, boolean terminal,
			Duration tick) {
		this.out = out;
		this.prefix = prefix;
		this.expected = expected;
		this.progress = progress;
		this.terminal = terminal;
		this.scheduler = Executors
			.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("status").factory());
		this.scheduler.scheduleAtFixedRate(this::tick, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** One second has passed. */
	synchronized void tick() {
		this.ticks++;
		if (this.ticks % INTERVAL.toSeconds() == 0) {
			clearBar();
			this.out.println(line());
		}
		if (this.terminal) {
			this.out.print("\r" + bar());
			this.barShown = true;
		}
		this.out.flush();
	}

	String line() {
		long samples = this.progress.samples();
		double rps = (samples - this.lastSamples) / (double) INTERVAL.toSeconds();
		this.lastSamples = samples;
		Duration elapsed = Duration.between(this.start, Instant.now());
		Duration left = this.expected.minus(elapsed);
		return String.format(Locale.ROOT, "%s: %d s elapsed, ~%d s left, %.0f rps, %d errors", this.prefix,
				elapsed.toSeconds(), Math.max(0, left.toSeconds()), rps, this.progress.errors());
	}

	String bar() {
		Duration elapsed = Duration.between(this.start, Instant.now());
		double done = this.expected.isZero() ? 1 : Math.min(1, elapsed.toMillis() / (double) this.expected.toMillis());
		int filled = (int) Math.round(done * BAR_WIDTH);
		return String.format(Locale.ROOT, "[%s%s] %3d%% %d samples, %d errors", "#".repeat(filled),
				" ".repeat(BAR_WIDTH - filled), Math.round(done * 100), this.progress.samples(),
				this.progress.errors());
	}

	private void clearBar() {
		if (this.barShown) {
			this.out.print("\r" + " ".repeat(BAR_WIDTH + 40) + "\r");
			this.barShown = false;
		}
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
		synchronized (this) {
			clearBar();
			this.out.flush();
		}
	}

	/**
	 * From JDK 22 a Console exists even when output is redirected, and only isTerminal
	 * tells; on 21 a Console exists only for a terminal. Looked up reflectively so the
	 * harness still runs on 21.
	 */
	private static boolean onTerminal() {
		Console console = System.console();
		if (console == null) {
			return false;
		}
		try {
			return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
		}
		catch (ReflectiveOperationException ex) {
			return true;
		}
	}

}
