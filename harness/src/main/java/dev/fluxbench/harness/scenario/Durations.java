package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as scenario files and command lines write them: {@code 500ms}, {@code 2s},
 * {@code 1.5s}, {@code 5m}, {@code 1h}, {@code 7d}. The JDK parses only ISO-8601
 * ({@code PT2S}), which nobody types in a load test.
 */
public final class Durations {

	private static final Pattern SIMPLE = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)");

	private Durations() {
	}

	/** The duration, or empty when the text is none (a negative one is none either). */
	public static Optional<Duration> parse(String text) {
		Matcher simple = SIMPLE.matcher(text.trim());
		if (!simple.matches()) {
			return Optional.empty();
		}
		double amount = Double.parseDouble(simple.group(1));
		double millis = switch (simple.group(2)) {
			case "ms" -> amount;
			case "s" -> amount * 1_000;
			case "m" -> amount * 60_000;
			case "h" -> amount * 3_600_000;
			default -> amount * 86_400_000;
		};
		return Optional.of(Duration.ofMillis(Math.round(millis)));
	}

	/**
	 * The shortest of the forms above that says the same: {@code 1500ms}, {@code 2s},
	 * {@code 5m}.
	 */
	public static String format(Duration duration) {
		long millis = duration.toMillis();
		if (millis == 0) {
			return "0s";
		}
		if (millis % 3_600_000 == 0) {
			return millis / 3_600_000 + "h";
		}
		if (millis % 60_000 == 0) {
			return millis / 60_000 + "m";
		}
		if (millis % 1_000 == 0) {
			return millis / 1_000 + "s";
		}
		return millis + "ms";
	}

}
