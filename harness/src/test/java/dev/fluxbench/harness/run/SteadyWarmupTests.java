package dev.fluxbench.harness.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.ScenarioReader;
import dev.fluxbench.harness.target.MetricsSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A warm-up against a small JDK HTTP server that plays a launched app: this JVM's own
 * process stands for the app's, so that its /proc gives the CPU readings.
 */
class SteadyWarmupTests {

	private HttpServer server;

	private final AtomicInteger scrapes = new AtomicInteger();

	@BeforeEach
	void startTheApp() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/hello", (exchange) -> answer(exchange, "hello"));
		this.server.createContext("/actuator/prometheus", (exchange) -> {
			this.scrapes.incrementAndGet();
			answer(exchange, "process_cpu_usage 0.5\n");
		});
		this.server.start();
	}

	@AfterEach
	void stopTheApp() {
		this.server.stop(0);
	}

	@Test
	void warmupWhenTheAppWasLaunchedShouldStillScrapeItsMetricsAsEveryLoadDoes() {
		Scenario scenario = twoUsersOn("/hello");
		String base = "http://127.0.0.1:" + this.server.getAddress().getPort();
		Steadiness criteria = new Steadiness(Duration.ofSeconds(2), 0.05, 0.1, true);
		Warmup warmup = new SteadyWarmup(new LoadPlan(scenario, Map.of()), criteria).run(URI.create(base),
				Duration.ofSeconds(3), Optional.of(MetricsSource.parse(base + "/actuator/prometheus")),
				OptionalLong.of(ProcessHandle.current().pid()), new SampleSink.Progress());
		assertThat(warmup.users()).isEqualTo(2);
		assertThat(warmup.samples()).isPositive();
		assertThat(warmup.errors()).isZero();
		// Once a second over a fixed three seconds: at least the first and one more.
		assertThat(this.scrapes.get()).isGreaterThanOrEqualTo(2);
	}

	@Test
	void warmupWhenTheCompilerFellBehindUnderLoadShouldBeSteadyOnlyOnceItCaughtUp() {
		FakeCompiler compiler = new FakeCompiler(3.0, 0);
		Warmup warmup = warmUp(compiler, Duration.ofSeconds(60));
		assertThat(warmup.steady()).as(warmup.describe() + " left " + compiler.left()).isTrue();
		assertThat(warmup.coolDowns()).isPositive();
		// The last cool-down found nothing waiting, because the backlog had been
		// compiled.
		assertThat(warmup.backlog()).hasValueSatisfying((seconds) -> assertThat(seconds).isLessThanOrEqualTo(0.1));
		assertThat(compiler.left()).isZero();
	}

	@Test
	void warmupWhenTheCompilerKeepsMoreThanItsShareUnderLoadShouldCoolDownUntilItCaughtUp() {
		// Under the full load it compiles a fifth of the core, four times the share a
		// steady target may have, so no window under load meets the criteria until the
		// backlog is gone: 40 s at that pace, longer than the warm-up may last. The
		// cool-downs, which compile a second of it per scrape, drain it in a fraction of
		// that.
		FakeCompiler compiler = new FakeCompiler(8.0, 0.2);
		Warmup warmup = warmUp(compiler, Duration.ofSeconds(39));
		assertThat(warmup.steady()).as(warmup.describe() + " left " + compiler.left()).isTrue();
		assertThat(warmup.coolDowns()).isGreaterThanOrEqualTo(2);
		assertThat(compiler.left()).isZero();
	}

	@Test
	void warmupWhenTheCompilerNeverCatchesUpShouldEndNeverSteadyAtItsMaximum() {
		FakeCompiler compiler = new FakeCompiler(Double.POSITIVE_INFINITY, 0);
		Warmup warmup = warmUp(compiler, Duration.ofSeconds(8));
		assertThat(warmup.steady()).isFalse();
		assertThat(warmup.backlog()).isEmpty();
		// A busy machine may meet the criteria too late to cool down before the end; a
		// cool-down that began never ended.
		assertThat(warmup.coolDowns()).isLessThanOrEqualTo(1);
		assertThat(warmup.describe()).startsWith("never steady")
			.contains((warmup.coolDowns() == 1) ? "1 cool-down, the last compiling to the end" : "");
	}

	/**
	 * Warms the fake app up, judged by its metrics alone, on criteria its throughput
	 * meets however busy the machine: only the compiler decides.
	 */
	private Warmup warmUp(FakeCompiler compiler, Duration maximum) {
		this.server.createContext("/compiling", (exchange) -> {
			compiler.requested();
			answer(exchange, "ok");
		});
		this.server.createContext("/compiler/prometheus", (exchange) -> answer(exchange, compiler.metrics()));
		Scenario scenario = twoUsersOn("/compiling");
		String base = "http://127.0.0.1:" + this.server.getAddress().getPort();
		Steadiness criteria = new Steadiness(Duration.ofSeconds(2), 0.05, 10, false);
		return new SteadyWarmup(new LoadPlan(scenario, Map.of()), criteria).run(URI.create(base), maximum,
				Optional.of(MetricsSource.parse(base + "/compiler/prometheus")), OptionalLong.empty(),
				new SampleSink.Progress());
	}

	/** Two users requesting {@code path} with no think time. */
	private static Scenario twoUsersOn(String path) {
		return ScenarioReader.read("test.yaml", new StringReader("""
				version: 1
				name: warm
				load:
				  closed: {users: [2], hold: 1s}
				journey:
				  - request: {label: warm, path: %s}
				""".formatted(path)), Map.of());
	}

	private static void answer(HttpExchange exchange, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "text/plain");
		exchange.sendResponseHeaders(200, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	/**
	 * An app whose JIT falls behind under load, as a starved one does: while requests
	 * come at half its best rate or more, it compiles a set part of a second of its
	 * backlog per scrape, perhaps none; below that, a second per scrape until none is
	 * left. Its CPU time grows with the wall clock, as a busy core's.
	 */
	private static final class FakeCompiler {

		private final long start = System.nanoTime();

		private final AtomicLong requests = new AtomicLong();

		private long requestsBefore;

		private long scrapedBefore = System.nanoTime();

		private double bestRate;

		private double left;

		private double compiled;

		/** Seconds of its backlog it compiles per scrape while under the full load. */
		private final double underLoad;

		FakeCompiler(double backlog, double underLoad) {
			this.left = backlog;
			this.underLoad = underLoad;
		}

		void requested() {
			this.requests.incrementAndGet();
		}

		synchronized String metrics() {
			long now = System.nanoTime();
			long requests = this.requests.get();
			double rate = (requests - this.requestsBefore) * 1e9 / Math.max(1, now - this.scrapedBefore);
			this.requestsBefore = requests;
			this.scrapedBefore = now;
			this.bestRate = Math.max(this.bestRate, rate);
			if (this.left > 0) {
				double step = Math.min((rate < this.bestRate / 2) ? 1 : this.underLoad, this.left);
				this.compiled += step;
				this.left -= step;
			}
			return "jvm_compilation_time_ms_total{compiler=\"HotSpot 64-Bit Tiered Compilers\"} "
					+ (this.compiled * 1000) + "\nprocess_cpu_time_ns_total " + (now - this.start) + "\n";
		}

		synchronized double left() {
			return this.left;
		}

	}

}
