package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --target} and {@code --metrics}: every mistake ends before anything runs, with
 * exit 2 for a bad command line and 3 for a target or metrics URL that does not answer as
 * it should. The "services" here are JDK HTTP servers answering as a broken service
 * would.
 */
class TargetOptionsTests {

	@TempDir
	Path directory;

	private Path scenario;

	private HttpServer server;

	private String base;

	@BeforeEach
	void scenarioAndServer() throws IOException {
		this.scenario = this.directory.resolve("one.yaml");
		Files.writeString(this.scenario, """
				version: 1
				name: one
				load:
				  closed: {users: [1], hold: 1s}
				journey:
				  - request: {label: home, path: /}
				""");
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		answer("/", 200, "text/plain", "ok");
		answer("/health", 200, "text/plain", "UP");
		answer("/failing", 503, "text/plain", "down");
		answer("/metrics", 200, "text/plain; version=0.0.4", "jvm_memory_used_bytes{area=\"heap\"} 1.0\n");
		answer("/json", 200, "application/json", "{}");
		answer("/prometheus/api/v1/query", 200, "application/json",
				"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}");
		this.server.start();
		this.base = "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
	}

	@Test
	void targetWhenItHasNoNameShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", this.base)).isUsageError("--target takes NAME=URL");
	}

	@Test
	void targetWhenItIsNoHttpUrlShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=ftp://example.com/")).isUsageError("is not an http(s) URL");
	}

	@Test
	void targetWhenNamedTwiceShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--target", "a=" + this.base))
			.isUsageError("names 'a' twice");
	}

	@Test
	void targetWhenItsNameCannotBeADirectoryShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "../x=" + this.base)).isUsageError("a name is letters, digits");
	}

	@Test
	void stacksAndTargetsShouldExcludeEachOther() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--stacks", "mvc"))
			.isUsageError("--stacks and --target exclude");
	}

	@Test
	void metricsWhenTheyNameNoTargetShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--metrics", "b=" + this.base + "/metrics"))
			.isUsageError("--metrics names 'b', which no --target names");
		RunCommandBadInputTests.expect(run("--metrics", "b=" + this.base + "/metrics"))
			.isUsageError("--metrics goes with --target");
	}

	@Test
	void targetWhenUnreachableShouldBeAnEnvironmentProblem() throws IOException {
		int closed;
		try (var socket = new java.net.ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		RunCommandBadInputTests.expect(run("--target", "a=http://127.0.0.1:" + closed))
			.isEnvironmentError("target a at http://127.0.0.1:" + closed + " is unreachable: connection refused");
	}

	@Test
	void targetWhenItAnswers5xxToTheProbeShouldBeAnEnvironmentProblem() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base + "/failing"))
			.isEnvironmentError("answered 503 to a first GET");
	}

	@Test
	void metricsWhenTheUrlIsWrongShouldBeAnEnvironmentProblem() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--metrics", "a=" + this.base + "/missing"))
			.isEnvironmentError("metrics of target a at " + this.base + "/missing are unreachable: HTTP 404");
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--metrics", "a=" + this.base + "/json"))
			.isEnvironmentError("not a Prometheus exposition");
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--metrics", "a=" + this.base + "/health"))
			.isEnvironmentError("hold no Prometheus sample");
	}

	@Test
	void metricsWhenThePrometheusSelectorPicksNothingShouldBeAnEnvironmentProblem() {
		RunCommandBadInputTests
			.expect(run("--target", "a=" + this.base, "--metrics", "a=" + this.base + "/prometheus{job=\"a\"}"))
			.isEnvironmentError("the selector picks no series");
	}

	@Test
	void runWhenAProbeFailsShouldWriteNothing() {
		run("--target", "a=" + this.base + "/failing");
		assertThat(this.directory.resolve("results")).doesNotExist();
	}

	@Test
	void baselineWhenItIsNoResultsDirectoryShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--baseline", this.directory.toString()))
			.isUsageError("is not a results directory");
	}

	@Test
	void toleranceWhenItIsNoShareShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--tolerance", "lots"))
			.isUsageError("--tolerance must be a share");
	}

	@Test
	void faultsWhenTargetsHaveNoDownstreamShouldBeBadUsage() throws IOException {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--faults", profile().toString()))
			.isUsageError("give its URL with --downstream");
	}

	@Test
	void downstreamWhenTheScenarioHasNoFaultsShouldBeBadUsage() {
		RunCommandBadInputTests.expect(run("--target", "a=" + this.base, "--downstream", this.base))
			.isUsageError("the scenario has none");
	}

	@Test
	void downstreamWhenItIsNoUrlShouldBeBadUsage() throws IOException {
		RunCommandBadInputTests
			.expect(run("--target", "a=" + this.base, "--faults", profile().toString(), "--downstream", "ftp://x/"))
			.isUsageError("--downstream 'ftp://x/' is not an http(s) URL");
	}

	@Test
	void downstreamWhenItRefusesThePhasesShouldBeBadUsage() throws IOException {
		answer("/refusing/faults/schedule", 400, "application/problem+json", """
				{"type": "urn:fluxbench:problem:invalid-fields", "title": "Invalid fields", "status": 400,
				 "detail": "1 field is invalid.", "instance": "/faults/schedule",
				 "errors": [{"field": "phases[1].stall", "reason": "must be at most PT10M"}]}""");
		RunCommandBadInputTests
			.expect(run("--target", "a=" + this.base, "--faults", profile().toString(), "--downstream",
					this.base + "/refusing"))
			.isUsageError("the downstream at " + this.base + "/refusing refused the fault schedule: 1 field is invalid."
					+ " phases[1].stall must be at most PT10M");
		assertThat(this.directory.resolve("results")).doesNotExist();
	}

	@Test
	void downstreamWhenItIsNotFluxbenchsShouldBeAnEnvironmentProblem() throws IOException {
		RunCommandBadInputTests
			.expect(run("--target", "a=" + this.base, "--faults", profile().toString(), "--downstream",
					this.base + "/elsewhere"))
			.isEnvironmentError("could not set the fault schedule: HTTP 404 from " + this.base
					+ "/elsewhere/faults/schedule (is it fluxbench's downstream?)");
	}

	@Test
	void downstreamWhenUnreachableShouldBeAnEnvironmentProblem() throws IOException {
		int closed;
		try (var socket = new java.net.ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		RunCommandBadInputTests
			.expect(run("--target", "a=" + this.base, "--faults", profile().toString(), "--downstream",
					"http://127.0.0.1:" + closed))
			.isEnvironmentError("the downstream at http://127.0.0.1:" + closed
					+ " cannot be reached for its fault schedule: connection refused");
	}

	@Test
	void faultsFileWhenMissingOrWrongShouldBeBadUsage() throws IOException {
		RunCommandBadInputTests.expect(run("--faults", this.directory.resolve("none.yaml").toString()))
			.isUsageError("is not a file");
		Path wrong = Files.writeString(this.directory.resolve("wrong.yaml"),
				"- {hold: 10s}\n- {hold: 5s, status: 200}\n");
		RunCommandBadInputTests.expect(run("--faults", wrong.toString()))
			.isUsageError(wrong + ":2: '[1].status' is 200, below the least allowed (400)");
	}

	private Path profile() throws IOException {
		return Files.writeString(this.directory.resolve("profile.yaml"), """
				- {hold: 2s}
				- {hold: 2s, status: 503, rate: 50%}
				- {hold: 2s, stall: 20m}
				""");
	}

	private void answer(String path, int status, String type, String body) {
		this.server.createContext(path, (exchange) -> {
			// A context matches every path below it; a service answers 404 for what it
			// does not know.
			boolean known = exchange.getRequestURI().getPath().equals(path);
			byte[] bytes = (known ? body : "not found").getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", type);
			exchange.sendResponseHeaders(known ? status : 404, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
	}

	private RunCommandBadInputTests.Outcome run(String... args) {
		List<String> all = new ArrayList<>(List.of("run", "--scenario-file", this.scenario.toString(), "--out",
				this.directory.resolve("results").toString()));
		all.addAll(List.of(args));
		return RunCommandBadInputTests.execute(all.toArray(String[]::new));
	}

}
