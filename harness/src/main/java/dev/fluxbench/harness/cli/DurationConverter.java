package dev.fluxbench.harness.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations as people type them: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h},
 * {@code 7d} (as Prometheus writes ranges; a day is 24 hours), or ISO {@code PT30S}.
 */
final class DurationConverter implements ITypeConverter<Duration> {

	private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h|d)");

	@Override
	public Duration convert(String value) {
		Matcher simple = SIMPLE.matcher(value.trim());
		if (simple.matches()) {
			long amount = Long.parseLong(simple.group(1));
			return switch (simple.group(2)) {
				case "ms" -> Duration.ofMillis(amount);
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				case "h" -> Duration.ofHours(amount);
				default -> Duration.ofDays(amount);
			};
		}
		try {
			Duration duration = Duration.parse(value.trim());
			if (duration.isNegative()) {
				throw new TypeConversionException("'" + value + "' is negative");
			}
			return duration;
		}
		catch (DateTimeParseException ex) {
			throw new TypeConversionException("'" + value + "' is not a duration such as 500ms, 30s, 2m or PT1M");
		}
	}

}
