package dev.fluxbench.harness.launch;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class BalancerTests {

	@TempDir
	Path directory;

	@Test
	void configShouldSpreadOverEveryNodeWithKeptAliveConnectionsAndKeepEveryFileUnderItsDirectory() {
		String config = Balancer.config(
				List.of(URI.create("http://127.0.0.1:8081"), URI.create("http://127.0.0.1:8082")), 9000, this.directory,
				Duration.ofSeconds(30));
		assertThat(config).contains("server 127.0.0.1:8081;", "server 127.0.0.1:8082;", "keepalive 512;",
				"listen 127.0.0.1:9000;", "proxy_http_version 1.1;", "proxy_set_header Connection \"\";",
				"proxy_read_timeout 35s;", "worker_connections 20000;", "pid " + this.directory.resolve("nginx.pid"));
		// Nothing of the machine's own nginx: every file it writes is the run's.
		assertThat(config.lines()
			.map(String::strip)
			.filter((line) -> line.startsWith("pid ") || line.startsWith("error_log ") || line.contains("_temp_path ")))
			.hasSize(7)
			.allSatisfy((line) -> assertThat(line).contains(" " + this.directory));
	}

	@Test
	void settingsShouldNameEveryLimitTheConfigSets() {
		assertThat(Balancer.settings(2, Duration.ofSeconds(10))).containsEntry("balancing", "round-robin over 2 nodes")
			.containsEntry("proxy_read_timeout", "15s")
			.containsEntry("keepalive (idle upstream connections per worker)", "512");
	}

	@Test
	void nginxShouldBeFoundOnThePathFirst() throws IOException {
		Path nginx = Files.createFile(this.directory.resolve("nginx"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
		assertThat(Balancer.executable(this.directory.toString())).contains(nginx);
		assertThat(Balancer.executable(this.directory.resolve("empty").toString()))
			.isEqualTo(Files.isExecutable(Balancer.DEBIAN_NGINX) ? java.util.Optional.of(Balancer.DEBIAN_NGINX)
					: java.util.Optional.empty());
	}

}
