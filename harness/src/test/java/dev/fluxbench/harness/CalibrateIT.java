package dev.fluxbench.harness;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.SamplesCsv;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench calibrate} as a user runs it ({@code java -jar}), with wrk for real,
 * against a small HTTP server of the test's own on 127.0.0.1: a launched stack would
 * spend most of the test starting, and what is under test is the two generators, not the
 * stack. The durations are the shortest that give both sides samples enough.
 */
class CalibrateIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path HARNESS_JAR = Path
		.of(System.getProperty("fluxbench.harness.jar", "target/fluxbench-harness.jar"))
		.toAbsolutePath();

	private static final byte[] BODY = "{\"artists\":[]}".getBytes(StandardCharsets.UTF_8);

	@TempDir
	Path temporary;

	private HttpServer server;

	private ExecutorService workers;

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
		this.server.createContext("/", (exchange) -> {
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, BODY.length);
			try (OutputStream body = exchange.getResponseBody()) {
				body.write(BODY);
			}
		});
		this.workers = Executors.newFixedThreadPool(4);
		this.server.setExecutor(this.workers);
		this.server.start();
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
		this.workers.shutdownNow();
	}

	@Test
	void calibrateShouldPrintBothGeneratorsFiguresAndTheirRatio() throws Exception {
		Path out = this.temporary.resolve("calibration");
		Path console = this.temporary.resolve("console.txt");
		String url = "http://127.0.0.1:" + this.server.getAddress().getPort() + "/concerts/data/artists?page=0";
		Process harness = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
				HARNESS_JAR.toString(), "calibrate", "--project-root", PROJECT_ROOT.toString(), "--target", url,
				"--connections", "4", "--duration", "3s", "--warmup", "1s", "--app-warmup", "10s", "--out",
				out.toString())
			.redirectErrorStream(true)
			.redirectOutput(console.toFile())
			.start();
		assertThat(harness.waitFor(2, TimeUnit.MINUTES)).as("calibrate finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		assertThat(lines).last().isEqualTo("results: " + out);
		assertThat(lines).anySatisfy((line) -> assertThat(line).contains("connections", "CPU/1000 req", "p50", "p99"))
			.anySatisfy((line) -> assertThat(line).contains(" 4 ", "harness", " ms"))
			.anySatisfy((line) -> assertThat(line).contains(" 4 ", "wrk", " ms", "unknown"))
			.anySatisfy((line) -> assertThat(line).matches("\\s+4\\s+ratio\\s+[0-9.]+×.*"));
		CalibrationJson calibration = CalibrationJson.read(out.resolve("calibration.json"));
		assertThat(calibration.endpoint()).isEqualTo(url);
		assertThat(calibration.wrk()).startsWith("wrk ");
		assertThat(calibration.points()).singleElement().satisfies((point) -> {
			assertThat(point.connections()).isEqualTo(4);
			assertThat(List.of(point.harness(), point.wrk())).allSatisfy((side) -> {
				assertThat(side.requests()).isPositive();
				assertThat(side.errors()).isZero();
				assertThat(side.cpu()).isPositive();
				assertThat(side.cpuMillisPer1000Requests()).isPositive();
				assertThat(side.p50()).isPositive();
				assertThat(side.p99()).isGreaterThanOrEqualTo(side.p50());
				assertThat(side.throughput()).isPositive();
				assertThat(side.elapsed()).isGreaterThan(Duration.ofSeconds(2));
				// A running service's process is not fluxbench's to read.
				assertThat(side.appJitShare()).isEmpty();
			});
			assertThat(point.cpuRatio()).hasValueSatisfying((ratio) -> assertThat(ratio).isPositive());
			// Judged on its throughput alone: nothing tells what its JIT does.
			assertThat(point.appWarmup()).hasValueSatisfying((warmup) -> {
				assertThat(warmup.users()).isEqualTo(4);
				assertThat(warmup.maximum()).isEqualTo(Duration.ofSeconds(10));
				assertThat(warmup.samples()).isPositive();
				assertThat(warmup.compileShare()).isEmpty();
			});
		});
		// The harness' side is the generator a run drives, with the files a run writes.
		assertThat(SamplesCsv.read(out.resolve("harness-c4/samples.csv"))).isNotEmpty();
		assertThat(out.resolve("harness-c4/metrics.csv")).exists();
	}

}
