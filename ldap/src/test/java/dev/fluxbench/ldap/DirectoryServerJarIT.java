package dev.fluxbench.ldap;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.ResultCode;
import dev.fluxbench.launcher.FreePort;
import dev.fluxbench.launcher.JvmService;
import dev.fluxbench.launcher.RunningService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged jar in a JVM of its own, started the ways the harness and a person start
 * it: through the launcher, and with {@code java -jar} and arguments that cannot work.
 */
class DirectoryServerJarIT {

	/**
	 * A small heap and C1 only: the directory holds a few entries and lives for seconds.
	 */
	private static final List<String> JVM_FLAGS = List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private static final Path JAR = Path.of(System.getProperty("fluxbench.jar.ldap", "target/fluxbench-ldap.jar"));

	private static final Path LOGS = Path.of(System.getProperty("fluxbench.logs", "target/service-logs"));

	private static final Pattern LDAP_URL = Pattern.compile("\"url\":\"ldap://127\\.0\\.0\\.1:(\\d+)\"");

	private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);

	@TempDir
	Path dir;

	@Test
	void startedByTheLauncherShouldServeLdapAndFreeBothPortsOnSigterm() throws Exception {
		RunningService ldap = JvmService.jar("ldap", JAR)
			.jvmFlags(JVM_FLAGS)
			.args("--ldap.port=0")
			.logFile(LOGS.resolve("ldap-launcher.log"))
			.stopGrace(Duration.ofSeconds(5))
			.start();
		int ldapPort;
		try (ldap) {
			// The port was 0: the info endpoint is how a harness learns which one it got.
			ldapPort = ldapPortFromInfo(ldap);
			try (LDAPConnection connection = new LDAPConnection("127.0.0.1", ldapPort)) {
				assertThat(connection.bind("uid=ada,ou=people,dc=fluxbench,dc=dev", "ada-secret").getResultCode())
					.isEqualTo(ResultCode.SUCCESS);
			}
			assertThat(ldap.logFile()).content().contains("LDAP listening on ldap://127.0.0.1:" + ldapPort);
		}

		// 143 is 128 + SIGTERM: it ended on the signal within the grace, not on the
		// SIGKILL after it.
		assertThat(ldap.exitCode()).hasValue(143);
		assertThat(ldap.logFile()).content().endsWith("Stopped\n");
		assertThat(FreePort.isFree(ldap.port())).as("HTTP port %d", ldap.port()).isTrue();
		assertThat(FreePort.isFree(ldapPort)).as("LDAP port %d", ldapPort).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "--ldap.prot=0", "--server.port=http", "--ldif=/no/such/file.ldif", "--ldif=BROKEN" })
	void badArgumentsShouldExitWithCode2AndOneLineWithoutStackTrace(String argument) throws Exception {
		if (argument.equals("--ldif=BROKEN")) {
			argument = "--ldif=" + Files.writeString(this.dir.resolve("broken.ldif"), "dn: not a dn\n");
		}

		Exit exit = run(argument, "--ldap.port=0", "--server.port=0");

		assertThat(exit.code()).isEqualTo(2);
		assertThat(exit.stderr()).hasSize(1);
		assertThat(exit.stderr().getFirst()).startsWith("fluxbench-ldap: ").doesNotContain("Exception", "\tat ");
		assertThat(exit.stdout()).as("nothing started").isEmpty();
	}

	@Test
	void aTakenLdapPortShouldExitWithCode1AndOneLine() throws Exception {
		try (ServerSocket squatter = new ServerSocket()) {
			squatter.bind(new InetSocketAddress("127.0.0.1", 0));

			Exit exit = run("--ldap.port=" + squatter.getLocalPort(), "--server.port=0");

			assertThat(exit.code()).isEqualTo(1);
			assertThat(exit.stderr()).singleElement()
				.asString()
				.startsWith("fluxbench-ldap: cannot listen for LDAP on 127.0.0.1: ");
		}
	}

	@Test
	void aTakenHttpPortShouldExitWithCode1AndOneLine() throws Exception {
		try (ServerSocket squatter = new ServerSocket()) {
			squatter.bind(new InetSocketAddress("127.0.0.1", 0));

			Exit exit = run("--ldap.port=0", "--server.port=" + squatter.getLocalPort());

			assertThat(exit.code()).isEqualTo(1);
			assertThat(exit.stderr()).singleElement()
				.asString()
				.startsWith("fluxbench-ldap: cannot listen for HTTP on 127.0.0.1:" + squatter.getLocalPort() + ": ");
		}
	}

	private static int ldapPortFromInfo(RunningService ldap) throws IOException, InterruptedException {
		try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
			String info = http.send(HttpRequest.newBuilder(ldap.uri("/actuator/info")).build(), BodyHandlers.ofString())
				.body();
			Matcher url = LDAP_URL.matcher(info);
			assertThat(url.find()).as("an LDAP URL in %s", info).isTrue();
			return Integer.parseInt(url.group(1));
		}
	}

	private Exit run(String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(JVM_FLAGS);
		command.addAll(List.of("-jar", JAR.toString()));
		command.addAll(List.of(arguments));
		Path stdout = this.dir.resolve("stdout");
		Path stderr = this.dir.resolve("stderr");
		Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
			.redirectError(stderr.toFile())
			.start();
		if (!process.waitFor(EXIT_TIMEOUT.toNanos(), TimeUnit.NANOSECONDS)) {
			process.destroyForcibly().waitFor();
			throw new AssertionError(
					"java -jar " + JAR + " " + String.join(" ", arguments) + " still ran after " + EXIT_TIMEOUT);
		}
		return new Exit(process.exitValue(), Files.readAllLines(stdout, StandardCharsets.UTF_8),
				Files.readAllLines(stderr, StandardCharsets.UTF_8));
	}

	private record Exit(int code, List<String> stdout, List<String> stderr) {
	}

}
