package dev.fluxbench.harness.knee;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A service-level objective, as {@code --slo p99=500ms,errors=1%} writes it: a limit per
 * aspect, every one of which a step must keep to meet it. Latency limits are in
 * {@code ms}, {@code s} or {@code m}; the error limit is a percentage of the step's
 * requests.
 *
 * @param limits one per aspect, in the order given
 */
public record Slo(List<Limit> limits) {

	public static final String DEFAULT = "p99=500ms,errors=1%";

	private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)");

	private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");

	public Slo {
		limits = List.copyOf(limits);
		if (limits.isEmpty()) {
			throw new IllegalArgumentException("An SLO has at least one limit");
		}
	}

	/**
	 * Reads {@code p99=500ms,errors=1%}.
	 * @throws IllegalArgumentException with a one-line reason for anything else
	 */
	public static Slo parse(String text) {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("--slo is empty: give limits such as " + DEFAULT);
		}
		List<Limit> limits = new ArrayList<>();
		Set<Aspect> seen = EnumSet.noneOf(Aspect.class);
		for (String part : text.split(",", -1)) {
			String entry = part.trim();
			int equals = entry.indexOf('=');
			if (equals <= 0) {
				throw new IllegalArgumentException(
						"--slo takes ASPECT=LIMIT pairs such as " + DEFAULT + ", not '" + entry + "'");
			}
			String key = entry.substring(0, equals).trim().toLowerCase(Locale.ROOT);
			String value = entry.substring(equals + 1).trim();
			Aspect aspect = Aspect.byKey(key)
				.orElseThrow(() -> new IllegalArgumentException("--slo: unknown aspect '" + key + "'; known: "
						+ Stream.of(Aspect.values()).map(Aspect::key).collect(Collectors.joining(", "))));
			if (!seen.add(aspect)) {
				throw new IllegalArgumentException("--slo names " + aspect.key + " twice");
			}
			limits.add(new Limit(aspect, aspect.isLatency() ? millis(aspect, value) : percent(value)));
		}
		return new Slo(limits);
	}

	/** The SLO a result file recorded, or nothing when it cannot be read back. */
	static Optional<Slo> parseQuietly(String text) {
		try {
			return Optional.of(parse(text));
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	/** Whether every limit holds for these figures. */
	boolean keptBy(Figures figures) {
		return this.limits.stream().allMatch((limit) -> limit.keptBy(limit.aspect.of(figures)));
	}

	/** Whether any figure is within {@code margin} of its limit. */
	boolean near(Figures figures, double margin) {
		return this.limits.stream().anyMatch((limit) -> limit.near(limit.aspect.of(figures), margin));
	}

	/**
	 * The limits these figures break, as {@code p99 812 ms > 500 ms}; empty when they
	 * keep all.
	 */
	List<String> broken(Figures figures) {
		List<String> broken = new ArrayList<>();
		for (Limit limit : this.limits) {
			double measured = limit.aspect.of(figures);
			if (!limit.keptBy(measured)) {
				String unit = limit.aspect.isLatency() ? " ms" : "%";
				broken.add(limit.aspect.key + " " + number(measured) + unit + " > " + number(limit.value) + unit);
			}
		}
		return broken;
	}

	Optional<Limit> limit(Aspect aspect) {
		return this.limits.stream().filter((limit) -> limit.aspect == aspect).findFirst();
	}

	@Override
	public String toString() {
		return this.limits.stream().map(Limit::toString).collect(Collectors.joining(","));
	}

	private static double millis(Aspect aspect, String value) {
		Matcher matcher = DURATION.matcher(value);
		if (!matcher.matches()) {
			throw new IllegalArgumentException(
					"--slo " + aspect.key + " takes a duration such as 500ms or 1.5s, not '" + value + "'");
		}
		double amount = Double.parseDouble(matcher.group(1));
		double millis = switch (matcher.group(2)) {
			case "ms" -> amount;
			case "s" -> amount * 1_000;
			default -> amount * 60_000;
		};
		if (millis <= 0) {
			throw new IllegalArgumentException("--slo " + aspect.key + " must be longer than 0ms");
		}
		return millis;
	}

	private static double percent(String value) {
		Matcher matcher = PERCENT.matcher(value);
		if (!matcher.matches()) {
			throw new IllegalArgumentException(
					"--slo errors takes a percentage such as 1% or 0.5%, not '" + value + "'");
		}
		double percent = Double.parseDouble(matcher.group(1));
		if (percent > 100) {
			throw new IllegalArgumentException("--slo errors is a percentage of 0% to 100%, not " + value);
		}
		return percent;
	}

	/** A figure as people read it: 500, 0.5, 812.3; never 500.0 nor 8.1e+02. */
	static String number(double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		double magnitude = Math.abs(value);
		String format = (magnitude >= 100) ? "%.0f" : (magnitude >= 10) ? "%.1f" : (magnitude >= 1) ? "%.2f" : "%.3f";
		String text = String.format(Locale.ROOT, format, value);
		return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
	}

	/**
	 * What a limit bounds: a latency figure of the step's requests, or their share of
	 * errors.
	 */
	public enum Aspect {

		MEAN("mean"), P50("p50"), P90("p90"), P95("p95"), P99("p99"), P999("p999"), ERRORS("errors");

		private final String key;

		Aspect(String key) {
			this.key = key;
		}

		public String key() {
			return this.key;
		}

		boolean isLatency() {
			return this != ERRORS;
		}

		/** The figure this aspect bounds: milliseconds, or a percentage for errors. */
		double of(Figures figures) {
			return switch (this) {
				case MEAN -> figures.mean().toNanos() / 1e6;
				case P50 -> figures.p50().toNanos() / 1e6;
				case P90 -> figures.p90().toNanos() / 1e6;
				case P95 -> figures.p95().toNanos() / 1e6;
				case P99 -> figures.p99().toNanos() / 1e6;
				case P999 -> figures.p999().toNanos() / 1e6;
				case ERRORS -> figures.errorPercent();
			};
		}

		static Optional<Aspect> byKey(String key) {
			String wanted = key.equals("p99.9") ? "p999" : key;
			return Stream.of(values()).filter((aspect) -> aspect.key.equals(wanted)).findFirst();
		}

	}

	/**
	 * One limit.
	 *
	 * @param aspect what it bounds
	 * @param value milliseconds for a latency, a percentage for errors
	 */
	public record Limit(Aspect aspect, double value) {

		public Limit {
			if (!(value >= 0) || Double.isInfinite(value)) {
				throw new IllegalArgumentException("A limit is a non-negative number: " + value);
			}
		}

		boolean keptBy(double measured) {
			return measured <= this.value;
		}

		/**
		 * Whether a figure is so near the limit that one run cannot tell which side it is
		 * on: within {@code margin} of it, either way. A limit of 0 has no such band: 0
		 * errors keeps it, 1 breaks it.
		 */
		boolean near(double measured, double margin) {
			return this.value > 0 && Math.abs(measured - this.value) <= margin * this.value;
		}

		@Override
		public String toString() {
			return this.aspect.key + "="
					+ (this.aspect.isLatency() ? number(this.value) + "ms" : number(this.value) + "%");
		}

	}

}
