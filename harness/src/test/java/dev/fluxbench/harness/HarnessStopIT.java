package dev.fluxbench.harness;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged harness stopped mid-run, by Ctrl-C or by SIGKILL: it leaves no child
 * process nor port behind, and the loads it finished are kept and reported.
 */
class HarnessStopIT {

	/**
	 * mvc's first trial in a load table; without a warm-up, its JIT may still compile
	 * during the load, which marks it not steady.
	 */
	private static final String MVC_TRIAL_1_ALL = "\\| mvc \\| 1( \\(not steady\\))? \\| all \\|";

	@TempDir
	Path temporary;

	@Test
	void runWhenInterruptedShouldLeaveNoChildAndKeepTheFinishedLoad() throws Exception {
		Path out = this.temporary.resolve("results");
		Path console = this.temporary.resolve("console.txt");
		Process harness = startUntilTheSecondLoad(out, console);
		ResultsDirectory results = new ResultsDirectory(out);
		LoadKey finished = new LoadKey("quick", 1, "mvc", 1);
		List<ProcessHandle> children = new ArrayList<>(harness.descendants().toList());
		assertThat(children).as("downstream and app").hasSizeGreaterThanOrEqualTo(2);
		// What Ctrl-C sends to the harness.
		harness.destroy();
		assertThat(harness.waitFor(12, TimeUnit.SECONDS)).as("harness ended").isTrue();
		try {
			Awaitility.await("children gone after SIGTERM")
				.atMost(Duration.ofSeconds(10))
				.until(() -> children.stream().noneMatch(ProcessHandle::isAlive));
		}
		finally {
			children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		}
		assertThat(SamplesCsv.read(results.samplesCsv(finished))).isNotEmpty();
		assertThat(Files.readAllLines(results.summaryCsv()))
			.anySatisfy((line) -> assertThat(line).startsWith("quick,1,mvc,1,*,"));
		assertThat(results.runJson()).content().contains("\"status\": \"interrupted\"");

		Path reportConsole = this.temporary.resolve("report.txt");
		Process report = PackagedHarness.start(reportConsole, "report", out.toString());
		assertThat(report.waitFor(1, TimeUnit.MINUTES)).as("report finished in time").isTrue();
		assertThat(report.exitValue()).as("report exit code; output:%n%s", Files.readString(reportConsole)).isZero();
		assertThat(out.resolve("report.md")).content()
			.contains("INTERRUPTED, PARTIAL RESULTS")
			.containsPattern(MVC_TRIAL_1_ALL);
	}

	@Test
	void harnessWhenKilledShouldLeaveNoChildNorPortAndReportItsFinishedLoads() throws Exception {
		Path out = this.temporary.resolve("killed");
		Path console = this.temporary.resolve("killed-console.txt");
		Process harness = startUntilTheSecondLoad(out, console);
		ResultsDirectory results = new ResultsDirectory(out);
		List<ProcessHandle> children = new ArrayList<>(harness.descendants().toList());
		List<Integer> ports = new ArrayList<>();
		Matcher port = Pattern.compile("\"port\": (\\d+)").matcher(Files.readString(results.runJson()));
		while (port.find()) {
			ports.add(Integer.parseInt(port.group(1)));
		}
		assertThat(ports).as("downstream and app ports in run.json").hasSizeGreaterThanOrEqualTo(2);
		// SIGKILL: no shutdown hook runs, so only the children's own watch on their
		// parent can end them.
		harness.destroyForcibly();
		assertThat(harness.waitFor(10, TimeUnit.SECONDS)).isTrue();
		try {
			Awaitility.await("children and their ports gone").atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				assertThat(children).noneMatch(ProcessHandle::isAlive);
				assertThat(ports).noneMatch(HarnessStopIT::accepts);
			});
		}
		finally {
			children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		}
		Path reportConsole = this.temporary.resolve("killed-report.txt");
		Process report = PackagedHarness.start(reportConsole, "report", out.toString());
		assertThat(report.waitFor(1, TimeUnit.MINUTES)).as("report finished in time").isTrue();
		assertThat(report.exitValue()).as("report exit code; output:%n%s", Files.readString(reportConsole)).isZero();
		assertThat(out.resolve("report.md")).content().contains("PARTIAL RESULTS").containsPattern(MVC_TRIAL_1_ALL);
	}

	/**
	 * Runs mvc at one user, then two, and returns once the second load has started: one
	 * load is finished then, and one is under way.
	 */
	private static Process startUntilTheSecondLoad(Path out, Path console) throws IOException {
		Process harness = PackagedHarness.start(console, "run", "--stacks", "mvc", "--users", "1,2", "--hold", "3s",
				"--warmup", "0s", "--no-pinning", "--out", out.toString());
		Path running = new ResultsDirectory(out).samplesCsv(new LoadKey("quick", 2, "mvc", 1));
		Awaitility.await("the second load")
			.atMost(Duration.ofMinutes(3))
			.until(() -> Files.exists(running) || !harness.isAlive());
		assertThat(running)
			.as("second load started; output:%n%s", Files.exists(console) ? Files.readString(console) : "")
			.exists();
		return harness;
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
