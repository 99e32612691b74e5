package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.harness.derive.FakePrometheus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench derive} against a fake Prometheus: what it prints, what it writes, and
 * that every failure is one line on stderr with the exit code scripts branch on.
 */
class DeriveCommandTests {

	private static final Duration MINUTE = Duration.ofMinutes(1);

	@TempDir
	Path directory;

	private FakePrometheus prometheus;

	private Path out;

	@BeforeEach
	void start() throws IOException {
		this.prometheus = FakePrometheus.start();
		this.out = this.directory.resolve("derived.yaml");
	}

	@AfterEach
	void stop() {
		this.prometheus.close();
	}

	@Test
	void deriveShouldWriteTheThreeLevelsAsAScenario() {
		// 20 minutes at 1200 requests per minute (20/s) around one minute at 3000 (50/s).
		double[] perMinute = new double[21];
		java.util.Arrays.fill(perMinute, 1200);
		perMinute[10] = 3000;
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, perMinute));

		Outcome outcome = derive("--range", "20m", "--end", "2026-11-20T08:20:00Z", "--path", "/api/units/1");

		assertThat(outcome.code()).as("stderr: %s", outcome.err()).isZero();
		assertThat(outcome.err()).isEmpty();
		assertThat(outcome.out()).contains("normal:       20 requests/s (the median)\n",
				"peak:         p99 50 requests/s, max 50 requests/s\n",
				"busiest hour: the range is shorter than an hour: 21.429 requests/s over all of it\n",
				"  normal      20 requests/s -> 22 users\n", "  higher      40 requests/s -> 44 users\n",
				"  stress      75 requests/s -> 83 users\n");
		assertThat(outcome.out().lines().toList()).last().isEqualTo("scenario: " + this.out);
		assertThat(this.prometheus.lastQuery())
			.containsEntry("query", "sum(increase(http_server_requests_seconds_count[1m]))")
			.containsEntry("start", "1795161600.000")
			.containsEntry("end", "1795162800.000")
			.containsEntry("step", "60.000");
		assertThat(this.out).content()
			.startsWith("# yaml-language-server: $schema=scenario.schema.json\n")
			.contains("#   prometheus:   " + this.prometheus.url() + "\n",
					"#   range:        2026-11-20T08:00:00Z to 2026-11-20T08:20:00Z (20m)\n",
					"#   points:       21 of 21 steps had data", "    users: [22, 44, 83]", "    thinkTime: 1s\n",
					"      path: /api/units/1 ");
	}

	@Test
	void deriveWhenTheQueryIsACustomPerSecondOneShouldNotDivideIt() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 4, 4, 4, 4, 4, 4));

		Outcome outcome = derive("--query", "sum(rate(http_server_requests_seconds_count[5m]))", "--per-second",
				"--range", "5m", "--end", "2026-11-20T08:05:00Z", "--think-time", "500ms", "--response-time", "0s",
				"--stress-factor", "3", "--method", "post");

		assertThat(outcome.code()).as("stderr: %s", outcome.err()).isZero();
		assertThat(outcome.out()).contains("normal:       4 requests/s", "  stress      12 requests/s -> 6 users");
		assertThat(this.out).content()
			.contains("#   unit:         requests per second (--per-second)\n", "stress (peak x 3)\"",
					"    users: [2, 4, 6]", "    thinkTime: 500ms\n", "      method: POST\n");
	}

	@Test
	void deriveWhenTheRangeIsInDaysShouldStartThatManyDaysBeforeTheEnd() {
		derive("--range", "7d", "--end", "2026-11-20T08:00:00Z");

		assertThat(this.prometheus.lastQuery()).containsEntry("start", "1794556800.000");
	}

	@Test
	void deriveWhenOutExistsShouldRefuseBeforePrometheusIsAsked() throws IOException {
		Files.writeString(this.out, "mine\n");

		Outcome outcome = derive();

		assertThat(outcome).satisfies(isUsageError("--out " + this.out + " already exists"));
		assertThat(this.out).hasContent("mine");
		assertThat(this.prometheus.requests()).isZero();
	}

	@Test
	void deriveWhenPromqlIsBadShouldBeBadUsageInPrometheusOwnWords() {
		this.prometheus.answer(400, FakePrometheus.error("bad_data",
				"invalid parameter \"query\": 1:5: parse error: unclosed left parenthesis"));

		assertThat(derive("--query", "sum(")).satisfies(isUsageError(
				"Prometheus refused the query (HTTP 400, bad_data): invalid parameter \"query\": 1:5: parse error:"
						+ " unclosed left parenthesis"));
		assertThat(this.out).doesNotExist();
	}

	@Test
	void deriveWhenThereIsNoSeriesShouldBeAnEnvironmentProblem() {
		this.prometheus.answer(200, "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}");

		assertThat(derive()).satisfies(
				isEnvironmentError("the query returned no series: is the application scraped under that metric name?"));
	}

	@Test
	void deriveWhenThereAreSeveralSeriesShouldBeBadUsage() {
		this.prometheus.answer(200, FakePrometheus.matrixOf(3, MINUTE, 60, 60, 60, 60, 60));

		assertThat(derive("--query", "increase(http_server_requests_seconds_count[1m])"))
			.satisfies(isUsageError("the query returned 3 series"));
	}

	@Test
	void deriveWhenThereAreTooFewPointsShouldBeBadUsage() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 60, 60, 60));

		assertThat(derive()).satisfies(isUsageError("the query returned 3 point(s)"));
	}

	@Test
	void deriveWhenTheRangeHasTooFewStepsShouldBeBadUsageBeforePrometheusIsAsked() {
		assertThat(derive("--range", "3m", "--step", "1m"))
			.satisfies(isUsageError("--range 3m at --step 1m gives 4 point(s); derive needs at least 5"));
		assertThat(this.prometheus.requests()).isZero();
	}

	@Test
	void deriveWhenTheRangeIsBadShouldBeBadUsage() {
		assertThat(derive("--range", "seven days")).satisfies(isUsageError("'seven days' is not a duration"));
		assertThat(derive("--step", "0s")).satisfies(isUsageError("--step must be at least 1ms"));
		assertThat(derive("--range", "0s")).satisfies(isUsageError("--range must be longer than 0s"));
	}

	@Test
	void deriveWhenTheEndIsBadShouldBeBadUsage() {
		assertThat(derive("--end", "yesterday")).satisfies(isUsageError("'yesterday' is not a time"));
	}

	@Test
	void deriveWhenPrometheusIsDownShouldBeAnEnvironmentProblem() throws IOException {
		int closed;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closed = socket.getLocalPort();
		}
		Outcome outcome = execute("derive", "--prometheus", "http://127.0.0.1:" + closed, "--out", this.out.toString());

		assertThat(outcome)
			.satisfies(isEnvironmentError("Prometheus at http://127.0.0.1:" + closed + " cannot be reached"));
		assertThat(this.out).doesNotExist();
	}

	@Test
	void deriveWhenThePrometheusUrlIsNotHttpShouldBeBadUsage() {
		assertThat(execute("derive", "--prometheus", "prometheus:9090", "--out", this.out.toString()))
			.satisfies(isUsageError("--prometheus must be an http:// or https:// URL"));
		assertThat(
				execute("derive", "--prometheus", "http://admin:secret@prometheus:9090", "--out", this.out.toString()))
			.satisfies(isUsageError("without credentials"))
			.satisfies((outcome) -> assertThat(outcome.err()).doesNotContain("secret"));
	}

	@Test
	void deriveWhenTheMethodIsUnknownOrThePathRelativeShouldBeBadUsage() {
		assertThat(derive("--method", "FETCH")).satisfies(isUsageError("--method must be one of"));
		assertThat(derive("--path", "api/units")).satisfies(isUsageError("--path must start with '/'"));
	}

	@Test
	void deriveHelpShouldReadLikeAManPage() {
		Outcome outcome = execute("derive", "--help");

		assertThat(outcome.code()).isZero();
		assertThat(outcome.out()).contains("SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "--prometheus",
				"--per-second", "\n    sum(increase(http_server_requests_seconds_count[1m]))\n", "Little's law");
	}

	@Test
	void durationConverterShouldTakeDaysAsWellAsShorterUnits() {
		assertThat(new DurationConverter().convert("7d")).isEqualTo(Duration.ofDays(7));
		assertThat(new DurationConverter().convert("2m")).isEqualTo(Duration.ofMinutes(2));
		assertThat(new DurationConverter().convert("500ms")).isEqualTo(Duration.ofMillis(500));
	}

	private Outcome derive(String... options) {
		List<String> args = new ArrayList<>(
				List.of("derive", "--prometheus", this.prometheus.url().toString(), "--out", this.out.toString()));
		args.addAll(List.of(options));
		return execute(args.toArray(String[]::new));
	}

	private static Outcome execute(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
		return new Outcome(code, out.toString(), err.toString());
	}

	private static java.util.function.Consumer<Outcome> isUsageError(String reason) {
		return (outcome) -> exitsWith(outcome, ExitCode.USAGE, reason);
	}

	private static java.util.function.Consumer<Outcome> isEnvironmentError(String reason) {
		return (outcome) -> exitsWith(outcome, ExitCode.ENVIRONMENT, reason);
	}

	private static void exitsWith(Outcome outcome, int code, String reason) {
		assertThat(outcome.code()).as("exit code; stderr: %s", outcome.err()).isEqualTo(code);
		assertThat(outcome.err().lines().toList()).singleElement()
			.asString()
			.startsWith("fluxbench: ")
			.contains(reason);
	}

	record Outcome(int code, String out, String err) {

	}

}
