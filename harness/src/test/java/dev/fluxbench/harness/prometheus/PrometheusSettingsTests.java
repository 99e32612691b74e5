package dev.fluxbench.harness.prometheus;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PrometheusSettingsTests {

	@TempDir
	Path bin;

	@TempDir
	Path empty;

	@Test
	void onPathShouldFindTheFirstExecutablePrometheus() throws IOException {
		Path prometheus = Files.createFile(this.bin.resolve("prometheus"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

		assertThat(PrometheusSettings.onPath(this.empty + File.pathSeparator + this.bin)).hasValue(prometheus);
	}

	@Test
	void onPathWhenNoDirectoryHoldsItShouldBeEmpty() throws IOException {
		Files.createFile(this.bin.resolve("prometheus"));

		assertThat(PrometheusSettings.onPath(this.empty + File.pathSeparator + this.bin)).as("not executable")
			.isEmpty();
		assertThat(PrometheusSettings.onPath(null)).isEmpty();
	}

	@Test
	void prometheusSettingsWhenTheIntervalIsNotWholeSecondsShouldBeRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new PrometheusSettings(this.bin, Duration.ofMillis(1500)))
			.withMessage("the scrape interval must be whole seconds from 1s to 1m, not 1500ms");
		assertThatIllegalArgumentException().isThrownBy(() -> new PrometheusSettings(this.bin, Duration.ofMinutes(2)))
			.withMessage("the scrape interval must be whole seconds from 1s to 1m, not 120s");
	}

}
