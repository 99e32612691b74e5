package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.fluxbench.harness.derive.Derivation;
import dev.fluxbench.harness.derive.LoadLevels;
import dev.fluxbench.harness.derive.PrometheusClient;
import dev.fluxbench.harness.derive.RangeQuery;
import dev.fluxbench.harness.derive.RateSeries;
import dev.fluxbench.harness.derive.ScenarioFile;
import dev.fluxbench.harness.derive.TrafficProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

@Command(name = "derive", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Derive load levels from production traffic in Prometheus, and write them as a scenario file.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  Reads the request rate over a range from Prometheus' HTTP API, by default with the thesis'"
						+ " query (seed 000, section 6.1), which gives requests per minute:",
				"    " + RangeQuery.THESIS_QUERY,
				"  Prints the normal rate (the median of the steps), the peak (p99 and max) and the busiest hour,"
						+ " then writes a scenario with the thesis' three levels: normal, higher (2 x normal) and"
						+ " stress (p99 x --stress-factor), each turned into closed-model users by Little's law:"
						+ " users = ceil(rate x (think time + response time)).",
				"  The file records the URL, the query, the range and every derived number in comments at its"
						+ " top. Edit its path: traffic totals do not say which endpoint to load. The last line of"
						+ " output is 'scenario: FILE'." },
		optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  the scenario file was written",
				"  2  bad usage: bad PromQL, several series, too few points, --out exists",
				"  3  environment problem: Prometheus unreachable, or no series", "", "EXAMPLES",
				"  ./fluxbench derive --prometheus http://prometheus:9090 --out derived.yaml",
				"  ./fluxbench derive --prometheus http://prometheus:9090 \\",
				"      --range 1d --end 2026-11-20T00:00:00Z --per-second \\",
				"      --query 'sum(rate(http_server_requests_seconds_count[5m]))' \\",
				"      --path /api/orders --out orders.yaml", "", "SEE ALSO", "  docs/derive.md" })
final class DeriveCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = "--prometheus", paramLabel = "URL", required = true,
			description = "Prometheus' base URL, such as http://127.0.0.1:9090")
	private String prometheus;

	@Option(names = "--query", paramLabel = "PROMQL", defaultValue = RangeQuery.THESIS_QUERY,
			description = "one series of requests per minute, or per second with --per-second (default: the"
					+ " thesis' query above)")
	private String query;

	@Option(names = "--per-second",
			description = "the query returns requests per second (a rate()), not requests per minute")
	private boolean perSecond;

	@Option(names = "--range", paramLabel = "DURATION", defaultValue = "7d", converter = DurationConverter.class,
			description = "how far back from --end to read, as 7d, 24h or 90m (default: ${DEFAULT-VALUE})")
	private Duration range;

	@Option(names = "--step", paramLabel = "DURATION", defaultValue = "1m", converter = DurationConverter.class,
			description = "the time between two points (default: ${DEFAULT-VALUE}); Prometheus answers at most"
					+ " 11000 points")
	private Duration step;

	@Option(names = "--end", paramLabel = "TIME", converter = InstantConverter.class,
			description = "the end of the range, as 2026-11-24T10:00:00Z, an offset time or Unix seconds"
					+ " (default: now)")
	private Instant end;

	@Option(names = "--think-time", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
			description = "each user's pause between two requests (default: ${DEFAULT-VALUE})")
	private Duration thinkTime;

	@Option(names = "--response-time", paramLabel = "DURATION", defaultValue = "100ms",
			converter = DurationConverter.class,
			description = "the response time you expect at these rates, for Little's law (default: ${DEFAULT-VALUE})")
	private Duration responseTime;

	@Option(names = "--stress-factor", paramLabel = "F", defaultValue = "1.5",
			description = "stress = p99 x F (default: ${DEFAULT-VALUE})")
	private double stressFactor;

	@Option(names = "--path", paramLabel = "PATH", defaultValue = "/",
			description = "the journey's path, to edit in the file anyway (default: ${DEFAULT-VALUE})")
	private String path;

	@Option(names = "--method", paramLabel = "METHOD", defaultValue = "GET",
			description = "the journey's HTTP method (default: ${DEFAULT-VALUE})")
	private String method;

	@Option(names = "--out", paramLabel = "FILE", required = true,
			description = "the scenario file to write; it must not exist")
	private Path out;

	@Override
	public Integer call() {
		RangeQuery rangeQuery = rangeQuery();
		String requestMethod = this.method.strip().toUpperCase(Locale.ROOT);
		if (!Derivation.METHODS.contains(requestMethod)) {
			throw new UsageException("--method must be one of " + Derivation.METHODS.stream().sorted().toList()
					+ ", not '" + this.method + "'");
		}
		if (!this.path.startsWith("/")) {
			throw new UsageException("--path must start with '/', not '" + this.path + "'");
		}
		checkLittlesLawInputs();
		if (Files.exists(this.out)) {
			throw new UsageException("--out " + this.out + " already exists: derive never overwrites a scenario;"
					+ " choose another name or delete it");
		}
		Derivation derivation;
		try {
			RateSeries series = new PrometheusClient().rates(rangeQuery, this.perSecond);
			TrafficProfile traffic = TrafficProfile.of(series, rangeQuery.step());
			LoadLevels levels = LoadLevels.derive(traffic, this.thinkTime, this.responseTime, this.stressFactor);
			derivation = new Derivation(rangeQuery, this.perSecond, traffic, levels, requestMethod, this.path,
					series.warnings(), Instant.now().truncatedTo(ChronoUnit.SECONDS));
			ScenarioFile.write(this.out, ScenarioFile.render(derivation));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		print(derivation);
		return ExitCode.OK;
	}

	/** Everything about the range is checked before Prometheus is asked. */
	private RangeQuery rangeQuery() {
		URI base;
		try {
			base = new URI(this.prometheus.strip());
		}
		catch (URISyntaxException ex) {
			throw new UsageException("--prometheus '" + this.prometheus + "' is not a URL: " + ex.getReason());
		}
		if (!("http".equalsIgnoreCase(base.getScheme()) || "https".equalsIgnoreCase(base.getScheme()))
				|| base.getHost() == null) {
			throw new UsageException("--prometheus must be an http:// or https:// URL such as http://127.0.0.1:9090,"
					+ " not '" + this.prometheus + "'");
		}
		if (base.getRawUserInfo() != null || base.getRawQuery() != null || base.getRawFragment() != null) {
			// The URL is written into the scenario file, which gets committed: no
			// credentials in it.
			throw new UsageException("--prometheus takes a base URL without credentials, query or fragment, not '"
					+ base.getScheme() + "://" + base.getHost() + "...'");
		}
		if (this.query.isBlank()) {
			throw new UsageException("--query is empty");
		}
		if (this.range.isZero()) {
			throw new UsageException("--range must be longer than 0s");
		}
		if (this.step.toMillis() < 1) {
			throw new UsageException("--step must be at least 1ms, not " + ScenarioFile.duration(this.step, true));
		}
		Instant until = (this.end != null) ? this.end : Instant.now().truncatedTo(ChronoUnit.SECONDS);
		RangeQuery rangeQuery = RangeQuery.ending(base, this.query, until, this.range, this.step);
		if (rangeQuery.expectedPoints() < RangeQuery.MIN_POINTS) {
			throw new UsageException("--range " + ScenarioFile.duration(this.range, true) + " at --step "
					+ ScenarioFile.duration(this.step, true) + " gives " + rangeQuery.expectedPoints()
					+ " point(s); derive needs at least " + RangeQuery.MIN_POINTS
					+ ": widen --range or shorten --step");
		}
		return rangeQuery;
	}

	private void checkLittlesLawInputs() {
		// A scenario file states times in whole milliseconds.
		if (this.thinkTime.toNanosPart() % 1_000_000 != 0 || this.responseTime.toNanosPart() % 1_000_000 != 0) {
			throw new UsageException("--think-time and --response-time are whole milliseconds");
		}
		if (this.thinkTime.plus(this.responseTime).isZero()) {
			throw new UsageException(
					"--think-time plus --response-time must be longer than 0s, or Little's law" + " gives 0 users");
		}
		if (!(this.stressFactor > 0) || Double.isInfinite(this.stressFactor)) {
			throw new UsageException("--stress-factor must be a positive number, not " + this.stressFactor);
		}
	}

	private void print(Derivation derivation) {
		PrintWriter out = this.spec.commandLine().getOut();
		RangeQuery query = derivation.query();
		TrafficProfile traffic = derivation.traffic();
		LoadLevels levels = derivation.levels();
		out.printf("prometheus:   %s, %d points from %s to %s, step %s%n", query.prometheus(), traffic.points(),
				query.start(), query.end(), ScenarioFile.duration(query.step(), true));
		derivation.warnings().forEach((warning) -> out.println("warning:      Prometheus: " + warning));
		out.printf("normal:       %s requests/s (the median)%n", ScenarioFile.rate(traffic.normal()));
		out.printf("peak:         p99 %s requests/s, max %s requests/s%n", ScenarioFile.rate(traffic.p99()),
				ScenarioFile.rate(traffic.max()));
		TrafficProfile.Window hour = traffic.busiestHour();
		if (hour.wholeRange()) {
			out.printf("busiest hour: the range is shorter than an hour: %s requests/s over all of it%n",
					ScenarioFile.rate(hour.mean()));
		}
		else {
			out.printf("busiest hour: %s requests/s, %s to %s%n", ScenarioFile.rate(hour.mean()), hour.first(),
					hour.last());
		}
		out.printf("levels:       users = ceil(rate x (%s + %s))%n", ScenarioFile.duration(levels.thinkTime(), false),
				ScenarioFile.duration(levels.responseTime(), false));
		for (LoadLevels.Level level : levels.all()) {
			out.printf("  %-7s     %s requests/s -> %d users%n", level.name(), ScenarioFile.rate(level.perSecond()),
					level.users());
		}
		if (levels.stress().perSecond() < levels.higher().perSecond()) {
			out.printf(
					"note:         the peak is close to the normal rate, so stress (p99 x %s) is below higher"
							+ " (2 x normal); raise --stress-factor for a harder stress level%n",
					BigDecimal.valueOf(levels.stressFactor()).stripTrailingZeros().toPlainString());
		}
		out.println("scenario: " + this.out);
		out.flush();
	}

	/**
	 * Times as Prometheus and people write them: an ISO instant or offset time, or Unix
	 * seconds.
	 */
	static final class InstantConverter implements ITypeConverter<Instant> {

		@Override
		public Instant convert(String value) {
			String trimmed = value.strip();
			try {
				if (trimmed.matches("\\d+(\\.\\d+)?")) {
					BigDecimal seconds = new BigDecimal(trimmed);
					return Instant.ofEpochSecond(0, seconds.movePointRight(9).longValueExact());
				}
				return OffsetDateTime.parse(trimmed).toInstant();
			}
			catch (DateTimeParseException | ArithmeticException ex) {
				throw new TypeConversionException(
						"'" + value + "' is not a time such as 2026-11-24T10:00:00Z or" + " Unix seconds");
			}
		}

	}

}
