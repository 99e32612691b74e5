package dev.fluxbench.harness.derive;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.launch.EnvironmentException;

/**
 * Writes a derivation as a scenario file (format version 1). The numbers that the
 * scenario keeps as data are few (three user counts and a think time); everything they
 * came from goes into the comment block at the top, so that a reviewer can redo the
 * arithmetic from the file alone.
 */
public final class ScenarioFile {

	/**
	 * The thesis' pass criteria (Figure 7): the 99th percentile under 10 s, fewer than 10
	 * errors.
	 */
	static final String ASSERTIONS = """
			assertions:
			  - p99Below: 10s           # the thesis' criteria
			  - errorsBelow: 10
			""";

	/** Paths that YAML reads as plain strings; anything else is written double-quoted. */
	private static final Pattern PLAIN_PATH = Pattern.compile("/[A-Za-z0-9/_.~%{}=&?-]*");

	private static final ObjectMapper JSON = new ObjectMapper();

	private ScenarioFile() {
	}

	/** The file's text. */
	public static String render(Derivation derivation) {
		RangeQuery query = derivation.query();
		TrafficProfile traffic = derivation.traffic();
		LoadLevels levels = derivation.levels();
		StringBuilder text = new StringBuilder();
		text.append("# yaml-language-server: $schema=scenario.schema.json\n");
		text.append("#\n");
		text.append("# Derived by 'fluxbench derive' at ")
			.append(derivation.derivedAt())
			.append(" from the request rate in Prometheus,\n");
		text.append("# as the thesis derived its loads (seed 000, sections 6.1 and 6.2). Rates are in requests/s.\n");
		text.append("#\n");
		text.append("# source\n");
		comment(text, "prometheus", query.prometheus().toString());
		comment(text, "query", oneLine(query.promql()));
		comment(text, "unit", derivation.perSecond() ? "requests per second (--per-second)"
				: "requests per minute, divided by 60 for requests per second");
		comment(text, "range", query.start() + " to " + query.end() + " ("
				+ duration(Duration.between(query.start(), query.end()), true) + ")");
		comment(text, "step", duration(query.step(), true));
		comment(text, "points", traffic.points() + " of " + query.expectedPoints()
				+ " steps had data (steps without data are left out)");
		derivation.warnings().forEach((warning) -> comment(text, "warning", "Prometheus: " + oneLine(warning)));
		text.append("#\n");
		text.append("# traffic\n");
		comment(text, "normal", rate(traffic.normal()) + " (the median of the points)");
		comment(text, "p99", rate(traffic.p99()) + " (the 99th percentile of the points, nearest rank)");
		comment(text, "max", rate(traffic.max()));
		comment(text, "busiest hour", busiestHour(traffic.busiestHour()));
		text.append("#\n");
		text.append("# levels, by Little's law for a closed model:\n");
		text.append("#   users = ceil(rate x (think time + response time)) = ceil(rate x (")
			.append(duration(levels.thinkTime(), false))
			.append(" + ")
			.append(duration(levels.responseTime(), false))
			.append(")) = ceil(rate x ")
			.append(seconds(levels.cycle()))
			.append(" s)\n");
		level(text, levels.normal(), "the median", levels);
		level(text, levels.higher(), "2 x normal", levels);
		level(text, levels.stress(), "p99 x " + number(levels.stressFactor()), levels);
		if (levels.stress().perSecond() < levels.higher().perSecond()) {
			text.append("#   note: stress is below higher, as the peak is close to the normal rate;"
					+ " a larger --stress-factor raises it\n");
		}
		text.append("#\n");
		text.append("# Edit the journey: the totals do not say which endpoint to load, so it requests ")
			.append(derivation.method())
			.append(' ')
			.append(oneLine(derivation.path()))
			.append(".\n");
		text.append("version: 1\n");
		text.append("name: derived-load\n");
		text.append("description: \"three levels derived from production traffic: normal, higher (2x), stress (peak x ")
			.append(number(levels.stressFactor()))
			.append(")\"\n");
		text.append("trials: 3\n");
		text.append("warmup: 60s\n");
		text.append("load:\n");
		text.append("  closed:\n");
		text.append(String.format(Locale.ROOT, "    users: %-17s # normal, higher, stress\n",
				"[" + levels.normal().users() + ", " + levels.higher().users() + ", " + levels.stress().users() + "]"));
		text.append("    rampUp: 60s\n");
		text.append("    hold: 5m\n");
		text.append("    thinkTime: ").append(duration(levels.thinkTime(), false)).append('\n');
		text.append("journey:\n");
		text.append("  - request:\n");
		text.append("      label: endpoint\n");
		text.append("      method: ").append(derivation.method()).append('\n');
		text.append(String.format(Locale.ROOT, "      path: %-15s # edit: the endpoint to load (--path)\n",
				path(derivation.path())));
		text.append("      status: 200\n");
		text.append(ASSERTIONS);
		return text.toString();
	}

	/**
	 * Writes the text to a file that must not exist yet: a derived scenario may have been
	 * edited since, and is never replaced.
	 * @throws IllegalArgumentException when the file exists
	 * @throws EnvironmentException when it cannot be written
	 */
	public static void write(Path out, String text) {
		try {
			Path parent = out.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			Files.writeString(out, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
					StandardOpenOption.WRITE);
		}
		catch (FileAlreadyExistsException ex) {
			throw new IllegalArgumentException(
					out + " already exists: derive never overwrites a scenario; choose" + " another --out or delete it",
					ex);
		}
		catch (IOException ex) {
			throw new EnvironmentException(
					out + " cannot be written (" + ex.getClass().getSimpleName() + ": " + ex.getMessage() + ")", ex);
		}
	}

	/** A rate with three decimals at most: {@code 20}, {@code 5.833}. */
	public static String rate(double perSecond) {
		return BigDecimal.valueOf(perSecond).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
	}

	/**
	 * A duration as scenario files and the command line write them: {@code 1s},
	 * {@code 100ms}, {@code 5m}, {@code 2h}, and {@code 7d} where days are wanted.
	 */
	public static String duration(Duration duration, boolean days) {
		if (duration.isZero()) {
			return "0s";
		}
		if (days && duration.toSeconds() % 86_400 == 0 && duration.toNanosPart() == 0) {
			return duration.toDays() + "d";
		}
		if (duration.toNanosPart() % 1_000_000 != 0) {
			return duration.toString();
		}
		if (duration.toMillisPart() != 0) {
			return duration.toMillis() + "ms";
		}
		long seconds = duration.toSeconds();
		if (seconds % 3600 == 0) {
			return (seconds / 3600) + "h";
		}
		return (seconds % 60 == 0) ? (seconds / 60) + "m" : seconds + "s";
	}

	private static void level(StringBuilder text, LoadLevels.Level level, String from, LoadLevels levels) {
		BigDecimal product = BigDecimal.valueOf(level.perSecond())
			.multiply(BigDecimal.valueOf(levels.cycle().toNanos(), 9));
		text.append(String.format(Locale.ROOT, "#   %-7s %s requests/s (%s): %s x %s s = %s -> %d users\n",
				level.name() + ":", rate(level.perSecond()), from, rate(level.perSecond()), seconds(levels.cycle()),
				product.setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString(), level.users()));
	}

	private static String busiestHour(TrafficProfile.Window window) {
		String mean = rate(window.mean()) + " mean";
		if (window.wholeRange()) {
			return mean + " over the whole range, " + window.first() + " to " + window.last()
					+ ": the range is shorter than an hour";
		}
		return mean + ", " + window.first() + " to " + window.last() + " (" + window.points() + " points)";
	}

	private static void comment(StringBuilder text, String key, String value) {
		text.append(String.format(Locale.ROOT, "#   %-14s%s\n", key + ":", value));
	}

	private static String seconds(Duration duration) {
		return BigDecimal.valueOf(duration.toNanos(), 9).stripTrailingZeros().toPlainString();
	}

	private static String number(double value) {
		return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
	}

	/**
	 * A comment ends at the line's end: a multi-line query must not spill into the YAML.
	 */
	private static String oneLine(String value) {
		return value.replaceAll("\\s*\\R\\s*", " ").strip();
	}

	private static String path(String path) {
		if (PLAIN_PATH.matcher(path).matches()) {
			return path;
		}
		try {
			// A JSON string is a valid YAML double-quoted scalar, escapes included.
			return JSON.writeValueAsString(path);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
