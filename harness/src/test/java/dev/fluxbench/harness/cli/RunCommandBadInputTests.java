package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.harness.scenario.Stack;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bad command line ends before anything starts, with exit code 2 (usage) or 3
 * (environment) and a single line that says why. None of these may start a JVM: the jars
 * they see are empty files in a temporary directory.
 */
class RunCommandBadInputTests {

	@TempDir
	Path projectRoot;

	@TempDir
	Path outParent;

	@BeforeEach
	void fakeJars() throws IOException {
		for (Stack stack : Stack.values()) {
			Files.createDirectories(this.projectRoot.resolve(stack.jar()).getParent());
			Files.writeString(this.projectRoot.resolve(stack.jar()), "not a jar");
		}
		Path downstream = this.projectRoot.resolve("downstream/target/fluxbench-downstream.jar");
		Files.createDirectories(downstream.getParent());
		Files.writeString(downstream, "not a jar");
	}

	@Test
	void runWhenTheScenarioIsUnknownShouldBeBadUsage() {
		expect(run("--scenario", "nope")).isUsageError("unknown scenario 'nope'; known: quick, thesis-normal");
	}

	@Test
	void runWhenTheStackIsUnknownShouldBeBadUsage() {
		expect(run("--stacks", "mvc,struts"))
			.isUsageError("unknown stack 'struts'; known: mvc, mvc-vt, webflux, mvc-redis, webflux-redis, "
					+ "webflux-jdbc, webflux-jdbc-parallel, webflux-vt, mvc-per-relation, webflux-per-relation");
	}

	@Test
	void runWhenAStackIsListedTwiceShouldBeBadUsage() {
		expect(run("--stacks", "mvc,webflux,mvc")).isUsageError("stack 'mvc' is listed twice");
	}

	@Test
	void runWhenTheNodesAreNotAPositiveCountOrServeAGivenTargetShouldBeBadUsage() {
		expect(run("--nodes", "0")).isUsageError("--nodes must be at least 1, not 0");
		expect(run("--nodes", "2", "--target", "app=http://127.0.0.1:9/"))
			.isUsageError("--nodes starts nodes of the stacks fluxbench launches");
	}

	@Test
	void runWhenMixedHasNothingToMixOrNoSharedDatabaseShouldBeBadUsage() {
		expect(run("--mixed", "--stacks", "mvc", "--db", "postgres"))
			.isUsageError("--mixed puts several targets under load at once, and this run has one");
		expect(run("--mixed", "--stacks", "mvc,webflux")).isUsageError(
				"--mixed shares one database server between the stacks, and h2 lives in each app's memory: give --db"
						+ " postgres (or mariadb, or a JDBC URL)");
		expect(run("--mixed", "--stacks", "mvc,webflux", "--db", "postgres", "--nodes", "2"))
			.isUsageError("--mixed runs every target's share in this harness, against one node each: it goes with"
					+ " neither --nodes nor --engines");
	}

	@Test
	void runWhenAnAotCacheIsAskedForWithoutLaunchedStacksShouldBeBadUsage() {
		expect(run("--aot-cache", "--target", "app=http://127.0.0.1:9/"))
			.isUsageError("--aot-cache starts the stacks fluxbench launches from a cache; a --target runs already");
	}

	@Test
	void runWhenMixedLoadsDoNotSplitEvenlyOverTheTargetsShouldBeBadUsage() {
		expect(run("--mixed", "--stacks", "mvc,mvc-vt,webflux", "--db", "postgres", "--users", "6,4"))
			.isUsageError("--mixed splits every load evenly over the 3 targets: a load of 4 does not split so");
	}

	@Test
	void runWhenTheEnginesAreMalformedShouldBeBadUsage() {
		expect(run("--engines", "127.0.0.1", "--rmi-no-ssl"))
			.isUsageError("--engines takes host:port entries, not '127.0.0.1'");
		expect(run("--engines", "127.0.0.1:70000", "--rmi-no-ssl"))
			.isUsageError("--engines: 70000 is not a TCP port (1-65535)");
		expect(run("--engines", "a:1,a:1", "--rmi-no-ssl")).isUsageError("--engines names a:1 twice");
	}

	@Test
	void runWhenTheRmiSettingsComeWithoutEnginesShouldBeBadUsage() {
		expect(run("--rmi-no-ssl")).isUsageError("--rmi-no-ssl goes with --engines");
		expect(run("--rmi-keystore", "ks.jks")).isUsageError("--rmi-keystore goes with --engines");
	}

	@Test
	void runWhenTheEnginesHaveNoKeystoreShouldBeBadUsage() {
		expect(run("--engines", "127.0.0.1:1099", "--rmi-keystore", "missing.jks"))
			.isUsageError("--rmi-keystore missing.jks is not a file: make one with 'fluxbench agent --init-keystore'");
		expect(run("--engines", "127.0.0.1:1099", "--rmi-keystore", "ks.jks", "--rmi-no-ssl"))
			.isUsageError("--rmi-keystore and --rmi-no-ssl exclude each other");
	}

	@Test
	void runWhenTheUsersDoNotSplitEvenlyOverTheEnginesShouldBeBadUsage() {
		expect(run("--engines", "127.0.0.1:1099,127.0.0.1:1100", "--rmi-no-ssl", "--users", "10,5"))
			.isUsageError("a load of 5 users does not split evenly over 2 engines: give --users in multiples of 2");
	}

	@Test
	void runWhenTheScaleIsNegativeShouldBeBadUsage() {
		expect(run("--scale", "-0.5")).isUsageError("--scale must be a positive number");
	}

	@Test
	void runWhenTheScaleIsZeroShouldBeBadUsage() {
		expect(run("--scale", "0")).isUsageError("--scale must be a positive number");
	}

	@Test
	void runWhenTheScaleIsNotANumberShouldBeBadUsage() {
		expect(run("--scale", "lots")).isUsageError("'lots' is not a double");
	}

	@Test
	void runWhenTrialsAreZeroShouldBeBadUsage() {
		expect(run("--trials", "0")).isUsageError("--trials must be at least 1, not 0");
	}

	@Test
	void runWhenUsersAreNegativeShouldBeBadUsage() {
		expect(run("--users", "10,-3")).isUsageError("--users must all be at least 1");
	}

	@Test
	void runWhenMaxInFlightIsNegativeShouldBeBadUsage() {
		expect(run("--max-in-flight", "-1")).isUsageError("--max-in-flight must be 0 (no limit) or more");
	}

	@Test
	void runWhenTheHeapIsNoSizeShouldBeBadUsage() {
		expect(run("--heap", "1gb")).isUsageError("--heap must be a size such as 512m or 1g, not '1gb'");
		expect(run("--heap", "0m")).isUsageError("--heap must be a size such as 512m or 1g, not '0m'");
	}

	@Test
	void runWhenSteadinessCriteriaAreOutOfRangeShouldBeBadUsage() {
		expect(run("--steady-jit", "lots")).isUsageError("--steady-jit must be a share such as 10% or 0.1, not 'lots'");
		expect(run("--steady-spread", "0%")).isUsageError("the throughput spread must be above 0 %");
		expect(run("--steady-window", "1s")).isUsageError("the steady-state window must be at least 2s: PT1S");
		expect(run("--warmup-users", "-1")).isUsageError("the warm-up's users must be 0 or more: -1");
	}

	@Test
	void runWhenTheHoldIsZeroShouldBeBadUsage() {
		expect(run("--hold", "0s")).isUsageError("--hold must be longer than 0s");
	}

	@Test
	void runWhenADurationHasNoUnitShouldBeBadUsage() {
		expect(run("--warmup", "30")).isUsageError("'30' is not a duration such as 500ms, 30s, 2m or PT1M");
	}

	@Test
	void runWhenTheWarmupIsNegativeShouldBeBadUsage() {
		expect(run("--warmup", "PT-5S")).isUsageError("'PT-5S' is negative");
	}

	@Test
	void runWhenAnOptionIsUnknownShouldBeBadUsage() {
		expect(run("--turbo")).isUsageError("Unknown option: '--turbo'");
	}

	@Test
	void runWhenTheDatabaseIsNeitherPostgresNorMariadbShouldBeBadUsage() {
		expect(run("--db", "jdbc:mysql://127.0.0.1:3306/test"))
			.isUsageError("is not h2, postgres, mariadb or a jdbc:postgresql:// or jdbc:mariadb:// URL");
	}

	@Test
	void runWhenACpuIsMissingFromTheMachineShouldBeBadUsage() {
		expect(run("--app-cpus", "0", "--load-cpus", "4096")).isUsageError("names a core this machine lacks");
	}

	@Test
	void runWhenAppCpusAreGivenWithoutLoadCpusShouldBeBadUsage() {
		expect(run("--app-cpus", "0")).isUsageError("--app-cpus and --load-cpus go together");
	}

	@Test
	void runWhenOutIsAFileShouldBeBadUsage() throws IOException {
		Path file = Files.writeString(this.outParent.resolve("taken"), "x");
		expect(run("--out", file.toString())).isUsageError("is a file, not a directory");
	}

	@Test
	void runWhenOutHoldsAnEarlierRunShouldBeBadUsage() throws IOException {
		Files.writeString(this.outParent.resolve("run.json"), "{}");
		expect(run("--out", this.outParent.toString())).isUsageError("already holds files");
	}

	@Test
	void runWhenAJarIsMissingShouldBeAnEnvironmentProblem() throws IOException {
		Files.delete(this.projectRoot.resolve(Stack.WEBFLUX.jar()));
		expect(run()).isEnvironmentError("fluxbench-webflux.jar is missing: build it with");
	}

	@Test
	void runWhenTheJarOfAStackNotAskedForIsMissingShouldGoOnToCheckTheDatabase() throws IOException {
		Files.delete(this.projectRoot.resolve(Stack.WEBFLUX.jar()));
		expect(run("--stacks", "mvc", "--db", "jdbc:postgresql://127.0.0.1:1/test"))
			.isEnvironmentError("database jdbc:postgresql://127.0.0.1:1/test is unreachable");
	}

	@Test
	void runWhenAnAuthenticatingScenarioLacksTheDirectoryJarShouldBeAnEnvironmentProblem() {
		expect(run("--scenario", "thesis-normal", "--stacks", "mvc"))
			.isEnvironmentError("fluxbench-ldap.jar is missing: build it with");
	}

	@Test
	void runWhenTheDatabaseIsUnreachableShouldBeAnEnvironmentProblem() {
		expect(run("--db", "jdbc:postgresql://127.0.0.1:1/test?user=nobody"))
			.isEnvironmentError("database jdbc:postgresql://127.0.0.1:1/test is unreachable");
	}

	@Test
	void runWhenMariadbIsUnreachableShouldBeAnEnvironmentProblem() {
		expect(run("--db", "jdbc:mariadb://127.0.0.1:1/test?user=nobody"))
			.isEnvironmentError("database jdbc:mariadb://127.0.0.1:1/test is unreachable");
	}

	@Test
	void runWhenTheDownstreamPortIsTakenShouldBeAnEnvironmentProblem() throws IOException {
		try (ServerSocket taken = new ServerSocket()) {
			taken.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }), 0));
			expect(run("--downstream-port", Integer.toString(taken.getLocalPort())))
				.isEnvironmentError("--downstream-port " + taken.getLocalPort() + " is already in use");
		}
	}

	@Test
	void runWhenOutIsUnwritableShouldBeAnEnvironmentProblem() {
		expect(run("--out", "/proc/fluxbench-results"))
			.isEnvironmentError("--out /proc/fluxbench-results cannot be written");
	}

	@Test
	void runWhenStacksAreLaunchedWithADownstreamShouldBeBadUsage() {
		expect(run("--downstream", "http://127.0.0.1:8090")).isUsageError("--downstream goes with --target");
	}

	@Test
	void fluxbenchWhenNoCommandIsGivenShouldBeBadUsage() {
		Outcome outcome = execute();
		assertThat(outcome.code()).isEqualTo(2);
		assertThat(outcome.errLines()).singleElement().asString().contains("a command is needed");
	}

	private Outcome run(String... args) {
		List<String> all = new ArrayList<>(List.of("run", "--project-root", this.projectRoot.toString()));
		if (List.of(args).stream().noneMatch((arg) -> arg.equals("--out"))) {
			all.addAll(List.of("--out", this.outParent.resolve("results").toString()));
		}
		all.addAll(List.of(args));
		return execute(all.toArray(String[]::new));
	}

	static Outcome execute(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
		return new Outcome(code, out.toString(), err.toString());
	}

	static OutcomeAssert expect(Outcome outcome) {
		return new OutcomeAssert(outcome);
	}

	record Outcome(int code, String out, String err) {

		/**
		 * Runs one subcommand as {@code fluxbench} would, with the given instance of its
		 * class in place of picocli's, and keeps its exit code and both streams.
		 */
		static <C> Outcome of(Class<C> type, C command, List<String> args) {
			CommandLine.IFactory factory = new CommandLine.IFactory() {

				@Override
				public <K> K create(Class<K> created) throws Exception {
					return (created == type) ? created.cast(command) : CommandLine.defaultFactory().create(created);
				}

			};
			StringWriter out = new StringWriter();
			StringWriter err = new StringWriter();
			int code = Main.execute(factory, new PrintWriter(out, true), new PrintWriter(err, true),
					args.toArray(String[]::new));
			return new Outcome(code, out.toString(), err.toString());
		}

		List<String> errLines() {
			return this.err.lines().toList();
		}

	}

	record OutcomeAssert(Outcome outcome) {

		void isUsageError(String reason) {
			exitsWith(2, reason);
		}

		void isEnvironmentError(String reason) {
			exitsWith(3, reason);
		}

		private void exitsWith(int code, String reason) {
			org.assertj.core.api.Assertions.assertThat(this.outcome.code())
				.as("exit code; stderr: %s", this.outcome.err())
				.isEqualTo(code);
			org.assertj.core.api.Assertions.assertThat(this.outcome.errLines())
				.singleElement()
				.asString()
				.startsWith("fluxbench: ")
				.contains(reason);
			org.assertj.core.api.Assertions.assertThat(this.outcome.out())
				.as("nothing started, nothing printed")
				.isEmpty();
		}

	}

}
