package dev.fluxbench.harness;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two JMeter remote engines on this machine ({@code fluxbench agent}, over RMI with SSL)
 * serve one run of the packaged harness against a small server of the test's own, which
 * counts what reaches it: the merged samples must be what the engines sent, and what the
 * server received.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EnginesIT {

	private static final String SCENARIO = """
			version: 1
			name: engines
			description: "GET /work, from two engines"
			trials: 1
			warmup: 0s
			load:
			  closed:
			    users: [2, 4]
			    rampUp: 1s
			    hold: %s
			journey:
			  - request:
			      label: work
			      path: /work
			  - pause: {min: 10ms, max: 20ms}
			""";

	private Path temporary;

	private final List<Process> agents = new ArrayList<>();

	private final List<String> addresses = new ArrayList<>();

	private final AtomicLong received = new AtomicLong();

	private HttpServer server;

	private ExecutorService serverThreads;

	private Path keystore;

	@BeforeAll
	void startServerAndAgents(@TempDir Path directory) throws Exception {
		this.temporary = directory;
		this.serverThreads = Executors.newFixedThreadPool(16);
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
		this.server.setExecutor(this.serverThreads);
		this.server.createContext("/", (exchange) -> {
			// The harness' reachability probe asks for the base path; only the journey's
			// requests count.
			if (exchange.getRequestURI().getPath().equals("/work")) {
				this.received.incrementAndGet();
			}
			byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
		this.keystore = this.temporary.resolve("rmi_keystore.jks");
		Process init = PackagedHarness.start(this.temporary.resolve("init.txt"), "agent", "--init-keystore",
				"--rmi-keystore", this.keystore.toString());
		assertThat(init.waitFor(2, TimeUnit.MINUTES)).isTrue();
		assertThat(init.exitValue()).as("%s", Files.readString(this.temporary.resolve("init.txt"))).isZero();
		for (int i = 1; i <= 2; i++) {
			int port = freePort();
			Path console = this.temporary.resolve("agent-" + i + ".txt");
			this.agents.add(PackagedHarness.start(console, "agent", "--port", Integer.toString(port), "--host",
					"127.0.0.1", "--rmi-keystore", this.keystore.toString()));
			this.addresses.add("127.0.0.1:" + port);
			await().atMost(Duration.ofMinutes(3))
				.until(() -> Files.readString(console).contains("agent: JMeter engine listening on 127.0.0.1:" + port));
		}
	}

	@AfterAll
	void stop() {
		this.agents.forEach(Process::destroyForcibly);
		if (this.server != null) {
			this.server.stop(0);
			this.serverThreads.shutdownNow();
		}
	}

	@Test
	void runOnTwoEnginesShouldMergeWhatEachSentIntoOneRun() throws Exception {
		Path out = this.temporary.resolve("merged");
		Path console = this.temporary.resolve("merged.txt");
		long before = this.received.get();
		Process harness = PackagedHarness.start(console, "run", "--scenario-file", scenario("3s").toString(),
				"--target", "t=http://127.0.0.1:" + this.server.getAddress().getPort() + "/", "--engines",
				String.join(",", this.addresses), "--rmi-keystore", this.keystore.toString(), "--out", out.toString());
		assertThat(harness.waitFor(5, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		String output = Files.readString(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", output).isZero();
		ResultsDirectory results = new ResultsDirectory(out);
		long merged = 0;
		for (int load : List.of(2, 4)) {
			List<Sample> samples = SamplesCsv.read(results.samplesCsv(new LoadKey("engines", load, "t", 1)));
			Map<String, Long> byEngine = samples.stream()
				.collect(Collectors.groupingBy(Sample::engine, Collectors.counting()));
			assertThat(byEngine).as("samples of load %d by engine", load)
				.containsOnlyKeys(this.addresses)
				.allSatisfy((engine, count) -> assertThat(count).isPositive());
			assertThat(byEngine.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(samples.size());
			assertThat(samples).allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
			merged += samples.size();
		}
		assertThat(merged).as("samples recorded against requests the server received")
			.isEqualTo(this.received.get() - before);
		RunJson run = RunJson.read(results.runJson());
		assertThat(run.engines()).hasValueSatisfying((engines) -> {
			assertThat(engines.addresses()).isEqualTo(this.addresses);
			assertThat(engines.rmi()).startsWith("SSL");
		});
		// Journeys are counted on the engines and taken back by the harness.
		assertThat(run.targetRuns().getFirst().loads()).allSatisfy((load) -> assertThat(load.journeys())
			.hasValueSatisfying((journeys) -> assertThat(journeys.completed()).isPositive()));
		assertThat(Files.readAllLines(results.metricsCsv(new LoadKey("engines", 4, "t", 1)))).anySatisfy(
				(line) -> assertThat(line).contains(",engine,cpu_time_seconds,").contains(this.addresses.get(1)));
		assertThat(out.resolve("report.md")).content()
			.contains("Status: finished",
					"| Load engines | JMeter remote engines " + String.join(", ", this.addresses));
	}

	@Test
	void runShouldStopWithExitCodeThreeNamingAnEngineThatDiedAndKeepTheFinishedLoads() throws Exception {
		int port = freePort();
		Path agentConsole = this.temporary.resolve("dying-agent.txt");
		Process dying = PackagedHarness.start(agentConsole, "agent", "--port", Integer.toString(port), "--host",
				"127.0.0.1", "--rmi-keystore", this.keystore.toString());
		this.agents.add(dying);
		String address = "127.0.0.1:" + port;
		await().atMost(Duration.ofMinutes(3)).until(() -> Files.readString(agentConsole).contains("listening"));
		Path out = this.temporary.resolve("died");
		Path console = this.temporary.resolve("died.txt");
		Process harness = PackagedHarness.start(console, "run", "--scenario-file", scenario("20s").toString(),
				"--target", "t=http://127.0.0.1:" + this.server.getAddress().getPort() + "/", "--engines",
				this.addresses.getFirst() + "," + address, "--rmi-keystore", this.keystore.toString(), "--out",
				out.toString());
		ResultsDirectory results = new ResultsDirectory(out);
		Path secondLoad = results.samplesCsv(new LoadKey("engines", 4, "t", 1));
		// The first load finished, and the second has samples from the engine about to
		// die.
		await().atMost(Duration.ofMinutes(3))
			.until(() -> Files.exists(secondLoad) && SamplesCsv.read(secondLoad)
				.stream()
				.map(Sample::engine)
				.collect(Collectors.toSet())
				.contains(address));
		dying.destroyForcibly();
		assertThat(harness.waitFor(3, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isEqualTo(3);
		assertThat(lines).anySatisfy(
				(line) -> assertThat(line).startsWith("fluxbench: JMeter engine " + address + " does not answer"));
		assertThat(lines).noneSatisfy((line) -> assertThat(line).startsWith("\tat "));
		RunJson run = RunJson.read(results.runJson());
		assertThat(run.status()).isEqualTo(RunJson.Status.FAILED);
		assertThat(run.failure()).hasValueSatisfying((failure) -> assertThat(failure).contains(address));
		assertThat(run.targetRuns().getFirst().loads()).extracting(RunJson.LoadRun::load).containsExactly(2);
		assertThat(SamplesCsv.read(results.samplesCsv(new LoadKey("engines", 2, "t", 1)))).isNotEmpty();
		assertThat(out.resolve("report.md")).content().contains("FAILED (JMeter engine " + address);
	}

	@Test
	void runShouldRefuseAnEngineThatDoesNotAnswerBeforeAnythingStarts() throws Exception {
		Path out = this.temporary.resolve("unreachable");
		Path console = this.temporary.resolve("unreachable.txt");
		String nobody = "127.0.0.1:" + freePort();
		long before = this.received.get();
		Process harness = PackagedHarness.start(console, "run", "--scenario-file", scenario("3s").toString(),
				"--target", "t=http://127.0.0.1:" + this.server.getAddress().getPort() + "/", "--engines",
				this.addresses.getFirst() + "," + nobody, "--rmi-keystore", this.keystore.toString(), "--out",
				out.toString());
		assertThat(harness.waitFor(3, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isEqualTo(3);
		assertThat(lines).contains("fluxbench: JMeter engine " + nobody
				+ " does not answer: Connection refused (is 'fluxbench agent' running there, with the same RMI"
				+ " settings?)");
		assertThat(lines).noneSatisfy((line) -> assertThat(line).startsWith("\tat "));
		assertThat(out.resolve(ResultsDirectory.RUN_JSON)).doesNotExist();
		assertThat(this.received.get()).isEqualTo(before);
	}

	private Path scenario(String hold) throws IOException {
		Path file = this.temporary.resolve("engines-" + hold + ".yaml");
		Files.writeString(file, SCENARIO.formatted(hold));
		return file;
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
