package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.harness.scenario.Durations;

/**
 * What one circuit breaker did under one load's fault schedule, told from its state at
 * each scrape: in each failing phase, whether it opened and how soon after the phase
 * began; after the last failing phase, whether it closed again and when. A breaker that
 * stays closed through a failing phase, or open after the faults are over, is a finding
 * in its own right, not a gap. Scrapes come once a second, so every time here is good to
 * about a second.
 *
 * @param breaker the breaker's name
 * @param phases one per failing phase of the schedule, in order, reached by the load or
 * not
 * @param recovery what it did after the last failing phase the load reached; empty when
 * it never opened, since there was nothing to close, or when the load reached no failing
 * phase
 */
public record BreakerFindings(String breaker, List<PhaseOutcome> phases, Optional<Recovery> recovery) {

	/**
	 * Reads what the breaker did in each phase of the schedule.
	 * @param started when the schedule started
	 * @param end when the load's last request or scrape ended: nothing after it was seen
	 * @param scrapes the load's scrapes, in time order; those without this breaker are
	 * passed over
	 */
	static BreakerFindings of(String breaker, FaultSchedule schedule, Instant started, Instant end,
			List<Scrape> scrapes) {
		List<Point> points = new ArrayList<>();
		for (Scrape scrape : scrapes) {
			Scrape.Breaker state = scrape.breakers().get(breaker);
			if (state != null && !state.state().isEmpty()) {
				points.add(new Point(Duration.between(started, scrape.at()), state));
			}
		}
		Duration seen = Duration.between(started, end);
		List<PhaseOutcome> phases = new ArrayList<>();
		FaultSchedule.Window lastFailing = null;
		// A schedule that repeats has as many phases as the load saw; one that does not,
		// its own.
		Duration horizon = schedule.repeat() ? seen : max(seen, schedule.length());
		for (FaultSchedule.Window window : schedule.until(horizon)) {
			if (!window.fault().failing()) {
				continue;
			}
			if (window.from().compareTo(seen) >= 0) {
				phases.add(new PhaseOutcome(window, Opening.NOT_REACHED, Optional.empty()));
				continue;
			}
			lastFailing = window;
			phases.add(outcome(window, min(window.to(), seen), points));
		}
		boolean everOpen = points.stream().anyMatch((point) -> point.state().open());
		Optional<Recovery> recovery = (lastFailing == null || !everOpen) ? Optional.empty()
				: Optional.of(recovery(lastFailing, seen, points));
		return new BreakerFindings(breaker, List.copyOf(phases), recovery);
	}

	/** Whether any failing phase the load reached went without the breaker opening. */
	public boolean neverOpened() {
		return this.phases.stream().anyMatch((phase) -> phase.opening() == Opening.NEVER_OPENED);
	}

	/**
	 * Whether the breaker was still not closed when the load ended, after the faults were
	 * over.
	 */
	public boolean neverClosed() {
		return this.recovery.filter((recovery) -> recovery.closing() == Closing.NEVER_CLOSED).isPresent();
	}

	private static PhaseOutcome outcome(FaultSchedule.Window window, Duration to, List<Point> points) {
		boolean openAtStart = points.stream()
			.filter((point) -> point.at().compareTo(window.from()) <= 0)
			.reduce((first, second) -> second)
			.map((point) -> point.state().open())
			.orElse(false);
		List<Point> during = points.stream()
			.filter((point) -> point.at().compareTo(window.from()) >= 0 && point.at().compareTo(to) <= 0)
			.toList();
		if (openAtStart && (during.isEmpty() || during.getFirst().state().open())) {
			return new PhaseOutcome(window, Opening.ALREADY_OPEN, Optional.empty());
		}
		// An opening is a scrape that sees it open after one that did not.
		boolean closedSoFar = !openAtStart;
		for (Point point : during) {
			if (point.state().open() && closedSoFar) {
				return new PhaseOutcome(window, Opening.OPENED, Optional.of(point.at().minus(window.from())));
			}
			closedSoFar |= !point.state().open();
		}
		return new PhaseOutcome(window, during.isEmpty() ? Opening.NOT_OBSERVED : Opening.NEVER_OPENED,
				Optional.empty());
	}

	/** Closed for good: the first closed scrape after the last one that was not. */
	private static Recovery recovery(FaultSchedule.Window lastFailing, Duration seen, List<Point> points) {
		if (lastFailing.to().compareTo(seen) >= 0) {
			return new Recovery(lastFailing, Closing.NOT_OBSERVED, Optional.empty());
		}
		int lastNotClosed = -1;
		for (int i = 0; i < points.size(); i++) {
			if (!points.get(i).state().closed()) {
				lastNotClosed = i;
			}
		}
		if (lastNotClosed == points.size() - 1) {
			return new Recovery(lastFailing, Closing.NEVER_CLOSED, Optional.of(seen.minus(lastFailing.to())));
		}
		Duration closed = points.get(lastNotClosed + 1).at();
		return new Recovery(lastFailing, Closing.CLOSED, Optional.of(closed.minus(lastFailing.to())));
	}

	/**
	 * A phase's knobs in words: {@code 503 for 50% of requests, stall 3s}, or
	 * {@code healthy}.
	 */
	static String knobs(FaultPhase phase) {
		List<String> knobs = new ArrayList<>();
		double share = phase.failureShare();
		if (share > 0) {
			knobs.add(phase.failureStatus() + " for "
					+ ((share >= 1) ? "every request" : Aspect.number(100 * share) + "% of requests"));
		}
		if (phase.stall() != null && phase.stall().isPositive()) {
			knobs.add("stall " + Durations.format(phase.stall()));
		}
		return knobs.isEmpty() ? "healthy" : String.join(", ", knobs);
	}

	/**
	 * A phase as a finding names it:
	 * {@code phase 2 (503 for 50% of requests, 60 s to 90 s)}.
	 */
	static String phase(FaultSchedule.Window window) {
		return "phase " + window.phase() + " (" + knobs(window.fault()) + ", " + seconds(window.from()) + " to "
				+ seconds(window.to()) + ")";
	}

	static String seconds(Duration duration) {
		return Aspect.number(duration.toMillis() / 1000.0) + " s";
	}

	private static Duration min(Duration a, Duration b) {
		return (a.compareTo(b) <= 0) ? a : b;
	}

	private static Duration max(Duration a, Duration b) {
		return (a.compareTo(b) >= 0) ? a : b;
	}

	/** What the breaker did in one failing phase. */
	public enum Opening {

		/** It went from letting calls through to refusing them during the phase. */
		OPENED,

		/** It was open when the phase began, from an earlier one, and stayed so. */
		ALREADY_OPEN,

		/** It let calls through the whole phase. */
		NEVER_OPENED,

		/** No scrape fell in the phase: the metrics say nothing of it. */
		NOT_OBSERVED,

		/** The load ended before the phase began. */
		NOT_REACHED

	}

	/** Whether it let calls through again after the last failing phase. */
	public enum Closing {

		/** It closed, and stayed closed until the load ended. */
		CLOSED,

		/** It was still open, or half-open, when the load ended. */
		NEVER_CLOSED,

		/** The load ended during the last failing phase, so nothing came after it. */
		NOT_OBSERVED

	}

	/**
	 * What the breaker did in one failing phase.
	 *
	 * @param window the phase, counted from the moment the schedule started
	 * @param opening what the breaker did in it
	 * @param after with {@link Opening#OPENED}, how long after the phase began it was
	 * first seen open
	 */
	public record PhaseOutcome(FaultSchedule.Window window, Opening opening, Optional<Duration> after) {

		/** As the report says it: {@code opened 4 s after the phase began}. */
		public String sentence() {
			return switch (this.opening) {
				case OPENED -> "opened " + seconds(this.after.orElseThrow()) + " after the phase began";
				case ALREADY_OPEN -> "was already open when the phase began, and stayed open";
				case NEVER_OPENED -> "never opened: it let calls through the whole phase";
				case NOT_OBSERVED -> "not observed: no scrape fell in the phase";
				case NOT_REACHED -> "not reached: the load ended before the phase began";
			};
		}

	}

	/**
	 * What the breaker did once the failures stopped.
	 *
	 * @param lastFailing the last failing phase the load reached
	 * @param closing what the breaker did after it
	 * @param after with {@link Closing#CLOSED}, when it closed for good, from the end of
	 * that phase (negative when it closed before the phase ended); with
	 * {@link Closing#NEVER_CLOSED}, how long the load went on after the phase
	 */
	public record Recovery(FaultSchedule.Window lastFailing, Closing closing, Optional<Duration> after) {

		/**
		 * As the report says it:
		 * {@code closed again 12 s after the last failing phase ended}.
		 */
		public String sentence() {
			return switch (this.closing) {
				case CLOSED -> this.after.orElseThrow().isNegative()
						? "closed again " + seconds(this.after.orElseThrow().negated())
								+ " before the last failing phase ended, and stayed closed"
						: "closed again " + seconds(this.after.orElseThrow()) + " after the last failing phase ended";
				case NEVER_CLOSED -> "never closed: still not closed when the load ended, "
						+ seconds(this.after.orElseThrow()) + " after the last failing phase";
				case NOT_OBSERVED -> "not observed: the load ended during the last failing phase";
			};
		}

	}

	/** The breaker at one scrape, on the schedule's clock. */
	private record Point(Duration at, Scrape.Breaker state) {

	}

}
