package dev.fluxbench.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class JvmServiceTests {

	private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

	@Test
	void jarCommandShouldPutFlagsBeforeTheJarAndThePortLast() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar"))
			.jvmFlags("-Xmx256m")
			.jvmFlags(List.of("-XX:+UseSerialGC"))
			.args("--spring.profiles.active=vt");

		assertThat(service.commandLine(8081)).containsExactly(JAVA, "-Xmx256m", "-XX:+UseSerialGC", "-jar", "app.jar",
				"--spring.profiles.active=vt", "--server.port=8081");
	}

	@Test
	void mainClassCommandShouldRunTheClassFromTheClassPath() {
		JvmService service = JvmService.mainClass("tiny", List.of(Path.of("a"), Path.of("b.jar")), "x.Main");

		assertThat(service.commandLine(9000)).containsExactly(JAVA, "-cp", "a:b.jar", "x.Main", "--server.port=9000");
	}

	@Test
	void reportsPortShouldStartAJavaServiceOnPortZero() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar")).port(8080).reportsPort();

		assertThat(service.portReported()).isTrue();
		assertThat(service.port()).isEmpty();
		assertThat(service.commandLine(0)).endsWith("--server.port=0");
	}

	@Test
	void commandShouldRunTheProgramWithItsArgumentsAndNoPortArgument() {
		JvmService nginx = JvmService.command("nginx", List.of("/usr/sbin/nginx", "-g", "daemon off;"))
			.args("-q")
			.port(8088);

		assertThat(nginx.commandLine(8088)).containsExactly("/usr/sbin/nginx", "-g", "daemon off;", "-q");
	}

	@Test
	void commandShouldRefuseJvmFlagsAndAStartWithoutAPort() {
		JvmService prometheus = JvmService.command("prometheus", List.of("prometheus"));

		assertThatIllegalStateException().isThrownBy(() -> prometheus.jvmFlags("-Xmx1g"))
			.withMessageContaining("runs a command, not a JVM");
		assertThatIllegalStateException().isThrownBy(prometheus::start)
			.withMessageContaining("declare it with port(int), or let it report its own with reportsPort()");
	}

	@Test
	void supervisorCommandShouldRunTheSupervisorFromTheLauncherClassesOnTheCurrentJava() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar"));
		Path pidFile = Path.of("mvc.pid");

		List<String> command = ServiceProcess.supervisorCommand(Duration.ofSeconds(3), pidFile,
				service.commandLine(8081));

		assertThat(command).startsWith(JAVA)
			.containsSequence("-cp", ServiceProcess.launcherClasspath().toString(), Supervisor.class.getName(),
					"--stop-grace=PT3S", "--pid-file=mvc.pid", "--")
			.endsWith(service.commandLine(8081).toArray(String[]::new));
	}

	@Test
	void cpusShouldPrefixTasksetOnlyWhereTasksetExists() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar")).cpus("0-1");

		if (Files.isExecutable(JvmService.TASKSET)) {
			assertThat(service.pinned()).isTrue();
			assertThat(service.commandLine(1)).startsWith("/usr/bin/taskset", "-c", "0-1", JAVA);
		}
		else {
			assertThat(service.pinned()).isFalse();
			assertThat(service.commandLine(1)).startsWith(JAVA);
		}
	}

	@Test
	void fluentMethodsShouldReturnACopyAndLeaveTheOriginalUnchanged() {
		JvmService base = JvmService.jar("mvc", Path.of("app.jar")).args("--a");

		JvmService derived = base.args("--b")
			.jvmFlags("-Xmx1g")
			.env("TZ", "UTC")
			.port(8080)
			.cpus("0")
			.logFile(Path.of("mvc.log"))
			.readyTimeout(Duration.ofSeconds(5))
			.stopGrace(Duration.ofSeconds(1));

		assertThat(base.args()).containsExactly("--a");
		assertThat(base.jvmFlags()).isEmpty();
		assertThat(base.environment()).isEmpty();
		assertThat(base.port()).isEmpty();
		assertThat(base.cpus()).isEmpty();
		assertThat(base.logFile()).isEmpty();
		assertThat(derived.args()).containsExactly("--a", "--b");
		assertThat(derived.environment()).containsEntry("TZ", "UTC");
		assertThat(derived.port()).hasValue(8080);
		assertThat(derived.readyTimeout()).isEqualTo(Duration.ofSeconds(5));
		assertThat(derived.stopGrace()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void defaultsShouldWaitSixtySecondsForReadinessAndTenSecondsAfterSigterm() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar"));

		assertThat(service.readyTimeout()).isEqualTo(Duration.ofSeconds(60));
		assertThat(service.stopGrace()).isEqualTo(Duration.ofSeconds(10));
		assertThat(service.readinessPath()).isEqualTo("/actuator/health/readiness");
	}

	@Test
	void invalidSettingsShouldBeRejectedWhenDeclaredNotWhenStarted() {
		JvmService service = JvmService.jar("mvc", Path.of("app.jar"));

		assertThatIllegalArgumentException().isThrownBy(() -> JvmService.jar(" ", Path.of("app.jar")));
		assertThatIllegalArgumentException().isThrownBy(() -> service.cpus("first core"));
		assertThatIllegalArgumentException().isThrownBy(() -> service.port(0));
		assertThatIllegalArgumentException().isThrownBy(() -> service.readyTimeout(Duration.ZERO));
		assertThatIllegalArgumentException().isThrownBy(() -> service.stopGrace(Duration.ofSeconds(-1)));
		assertThatIllegalArgumentException().isThrownBy(() -> service.readinessPath("health"));
	}

	@Test
	void startWhenTheJarIsMissingShouldNameTheServiceAndThePath() {
		JvmService service = JvmService.jar("webflux", Path.of("target/no-such.jar"));

		assertThatExceptionOfType(ServiceStartException.class).isThrownBy(service::start)
			.withMessageContaining("Service 'webflux'")
			.withMessageContaining("no-such.jar does not exist");
	}

}
