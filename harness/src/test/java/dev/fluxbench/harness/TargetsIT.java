package dev.fluxbench.harness;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.launcher.JvmService;
import dev.fluxbench.launcher.RunningService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fluxbench pointed at services it did not start, as a team points it at its own: our mvc
 * and webflux jars started here by hand, driven through scenario files with
 * {@code --target}, then gated against a baseline. One target of the last run answers
 * through a proxy that adds {@link #EXTRA_DELAY} before every downstream call: the
 * regression the gate must catch.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TargetsIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path HARNESS_JAR = Path
		.of(System.getProperty("fluxbench.harness.jar", "target/fluxbench-harness.jar"))
		.toAbsolutePath();

	/**
	 * The extra time the slow target's downstream takes: thirty times the 100 ms call. On
	 * a busy machine an unchanged target's p95 came out several times its baseline's, so
	 * a baseline taken then can be slow too: the slow target must stay beyond the 100%
	 * tolerance of such a baseline, not only of a quiet one.
	 */
	private static final Duration EXTRA_DELAY = Duration.ofSeconds(3);

	/**
	 * The tolerance an unchanged run is gated at: its noise on a busy machine, where an
	 * unchanged target's p95 came out several times its baseline's, must stay within it.
	 * A team sets its own; what this test shows is that a run within it passes, and that
	 * the tolerance is what absorbs a machine's noise.
	 */
	private static final String NOISE_TOLERANCE = "1000%";

	@TempDir
	Path temporary;

	private final List<RunningService> services = new ArrayList<>();

	private HttpServer slowProxy;

	private RunningService downstream;

	private RunningService mvc;

	private RunningService webflux;

	private RunningService slowMvc;

	@BeforeAll
	void startServicesByHand() throws Exception {
		Path logs = Files.createTempDirectory("targets-it");
		this.downstream = start(
				JvmService.jar("downstream", PROJECT_ROOT.resolve("downstream/target/fluxbench-downstream.jar"))
					.logFile(logs.resolve("downstream.log")));
		this.slowProxy = slowProxy(this.downstream.baseUri());
		URI slowDownstream = URI.create("http://127.0.0.1:" + this.slowProxy.getAddress().getPort());
		// Side by side: a start is mostly one thread loading classes, so three share two
		// cores well.
		try (ExecutorService starts = Executors.newVirtualThreadPerTaskExecutor()) {
			Future<RunningService> mvc = starts
				.submit(() -> start(app("mvc", "apps/mvc/target/fluxbench-mvc.jar", this.downstream.baseUri(), logs)));
			Future<RunningService> webflux = starts.submit(() -> start(
					app("webflux", "apps/webflux/target/fluxbench-webflux.jar", this.downstream.baseUri(), logs)));
			Future<RunningService> slowMvc = starts
				.submit(() -> start(app("mvc-slow", "apps/mvc/target/fluxbench-mvc.jar", slowDownstream, logs)));
			this.mvc = mvc.get();
			this.webflux = webflux.get();
			this.slowMvc = slowMvc.get();
		}
	}

	@AfterAll
	void stopServices() {
		this.services.forEach(RunningService::close);
		if (this.slowProxy != null) {
			this.slowProxy.stop(0);
		}
	}

	@Test
	void documentedExampleShouldCompareTwoRunningServices() throws Exception {
		Path scenario = this.temporary.resolve("example.yaml");
		Files.writeString(scenario, firstYamlBlock(PROJECT_ROOT.resolve("docs/scenario-format.md")));
		Path out = this.temporary.resolve("example");
		Result result = fluxbench("run", "--scenario-file", scenario.toString(), "--target",
				"mvc=" + this.mvc.baseUri(), "--target", "webflux=" + this.webflux.baseUri(), "--metrics",
				"mvc=" + this.mvc.uri("/actuator/prometheus"), "--users", "2", "--hold", "3s", "--warmup", "1s",
				"--trials", "1", "--out", out.toString());
		assertThat(result.exit()).as("exit code; output:%n%s", result.output()).isZero();
		assertThat(result.lines()).last().isEqualTo("results: " + out);
		assertThat(out.resolve("report.md")).content()
			.contains("## Decision", "Compared mvc, webflux")
			.doesNotContain("Exception");
		assertThat(Files.readAllLines(out.resolve("summary.csv"))).as("a line per step label")
			.anySatisfy((line) -> assertThat(line).matches("[^,]+,2,mvc,1,[a-z][^,*]*,.*"));
		assertThat(Files.readAllLines(out.resolve("trial-1/mvc/load-2/metrics.csv")))
			.anySatisfy((line) -> assertThat(line).contains(",app,jvm_memory_used_bytes,"));
		assertThat(Files.readAllLines(out.resolve("trial-1/webflux/load-2/metrics.csv")))
			.as("no metrics were given for webflux")
			.noneSatisfy((line) -> assertThat(line).contains(",app,jvm_memory_used_bytes,"));
	}

	@Test
	void credentialFromTheEnvironmentShouldNeverReachAResultFile() throws Exception {
		String secret = "s3cr3t-" + System.nanoTime();
		Path scenario = this.temporary.resolve("secret.yaml");
		Files.writeString(scenario, """
				version: 1
				name: secret
				load:
				  closed: {users: [2], hold: 2s}
				journey:
				  - request:
				      label: artist
				      path: /concerts/data/artists/1
				      headers: {X-Api-Token: "${env.FLUXBENCH_IT_TOKEN}"}
				      basicAuth: {username: someone, password: "${env.FLUXBENCH_IT_TOKEN}"}
				""");
		Path out = this.temporary.resolve("secret");
		Result result = fluxbench(Map.of("FLUXBENCH_IT_TOKEN", secret), "run", "--scenario-file", scenario.toString(),
				"--target", "mvc=" + this.mvc.baseUri(), "--out", out.toString());
		assertThat(result.exit()).as("exit code; output:%n%s", result.output()).isZero();
		assertThat(result.output()).doesNotContain(secret);
		try (var files = Files.walk(out)) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as("%s", file).doesNotContain(secret);
			}
		}
	}

	@Test
	void gateShouldFailOnlyOnASignificantRegression() throws Exception {
		Path scenario = this.temporary.resolve("passthrough.yaml");
		Files.writeString(scenario, """
				version: 1
				name: gate
				load:
				  closed: {users: [4], rampUp: 1s, hold: 5s}
				journey:
				  - request:
				      label: passthrough
				      method: POST
				      path: /passthrough/message
				      json: {id: "${__UUID()}", payload: gate, delay: 100}
				      floor: 100ms
				assertions:
				  - p99Below: 10s
				""");
		Path baseline = this.temporary.resolve("baseline");
		Path baselineJunit = this.temporary.resolve("baseline-junit.xml");
		Result first = fluxbench("run", "--scenario-file", scenario.toString(), "--target", "a=" + this.mvc.baseUri(),
				"--target", "b=" + this.webflux.baseUri(), "--warmup", "2s", "--out", baseline.toString(), "--junit",
				baselineJunit.toString());
		assertThat(first.exit()).as("exit code; output:%n%s", first.output()).isZero();
		Document passed = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(baselineJunit.toFile());
		assertThat(passed.getElementsByTagName("testcase").getLength()).as("one per assertion, target and load")
			.isEqualTo(2);
		assertThat(passed.getElementsByTagName("failure").getLength()).isZero();

		Result same = fluxbench("run", "--scenario-file", scenario.toString(), "--target", "a=" + this.mvc.baseUri(),
				"--target", "b=" + this.webflux.baseUri(), "--warmup", "2s", "--out",
				this.temporary.resolve("same").toString(), "--baseline", baseline.toString(), "--tolerance",
				NOISE_TOLERANCE);
		assertThat(same.exit()).as("an unchanged run passes; output:%n%s", same.output()).isZero();

		Path junit = this.temporary.resolve("slow-junit.xml");
		Result slow = fluxbench("run", "--scenario-file", scenario.toString(), "--target",
				"a=" + this.slowMvc.baseUri(), "--target", "b=" + this.webflux.baseUri(), "--warmup", "2s", "--out",
				this.temporary.resolve("slow").toString(), "--baseline", baseline.toString(), "--tolerance", "100%",
				"--junit", junit.toString());
		assertThat(slow.exit()).as("a target 3 s slower fails the gate; output:%n%s", slow.output()).isEqualTo(1);
		assertThat(slow.output()).contains("regression: a, load 4");
		Document failed = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
		assertThat(failed.getElementsByTagName("failure").getLength()).isPositive();
	}

	private JvmService app(String name, String jar, URI downstream, Path logs) {
		return PackagedHarness.app(name, jar)
			.jvmFlags("-Xms256m", "-Xmx512m")
			.args("--fluxbench.downstream.base-url=" + downstream, "--fluxbench.ingestion.schedule=-")
			.logFile(logs.resolve(name + ".log"))
			.readyTimeout(Duration.ofMinutes(3));
	}

	private RunningService start(JvmService service) {
		RunningService running = service.start();
		synchronized (this.services) {
			this.services.add(running);
		}
		return running;
	}

	/**
	 * A downstream that takes {@link #EXTRA_DELAY} longer: every call is held, then
	 * forwarded to the real one. The hold is the service's behaviour under test, not a
	 * wait of the test's.
	 */
	private static HttpServer slowProxy(URI downstream) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		server.createContext("/", (exchange) -> {
			try (exchange) {
				Thread.sleep(EXTRA_DELAY);
				HttpRequest.Builder forward = HttpRequest
					.newBuilder(downstream.resolve(exchange.getRequestURI().toString()))
					.method(exchange.getRequestMethod(),
							HttpRequest.BodyPublishers.ofByteArray(exchange.getRequestBody().readAllBytes()));
				String type = exchange.getRequestHeaders().getFirst("Content-Type");
				if (type != null) {
					forward.header("Content-Type", type);
				}
				HttpResponse<byte[]> response = client.send(forward.build(), HttpResponse.BodyHandlers.ofByteArray());
				response.headers()
					.firstValue("Content-Type")
					.ifPresent((value) -> exchange.getResponseHeaders().set("Content-Type", value));
				exchange.sendResponseHeaders(response.statusCode(), response.body().length);
				try (OutputStream body = exchange.getResponseBody()) {
					body.write(response.body());
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
		server.start();
		return server;
	}

	/** The first ```yaml block of a Markdown page: the example a newcomer copies. */
	static String firstYamlBlock(Path markdown) throws IOException {
		Matcher block = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(markdown));
		assertThat(block.find()).as("a yaml block in %s", markdown).isTrue();
		return block.group(1);
	}

	private Result fluxbench(String... args) throws Exception {
		return fluxbench(Map.of(), args);
	}

	private Result fluxbench(Map<String, String> environment, String... args) throws Exception {
		List<String> command = new ArrayList<>(List
			.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", HARNESS_JAR.toString()));
		command.addAll(List.of(args));
		Path console = Files.createTempFile(this.temporary, "console", ".txt");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile());
		builder.environment().putAll(environment);
		Process process = builder.start();
		assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("fluxbench finished in time").isTrue();
		return new Result(process.exitValue(), Files.readString(console));
	}

	private record Result(int exit, String output) {

		List<String> lines() {
			return this.output.lines().toList();
		}

	}

}
