package dev.fluxbench.harness.prometheus;

import java.net.URI;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.target.MetricsSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunPrometheusTests {

	@Test
	void noneShouldWatchNothingAndRecordNothing() {
		try (RunPrometheus none = RunPrometheus.none()) {
			RunPrometheus.Registration app = none.watch("mvc", 1, List
				.of(Optional.of(new MetricsSource.Endpoint(URI.create("http://127.0.0.1:8080/actuator/prometheus")))));
			app.close();
			none.watchDownstream(URI.create("http://127.0.0.1:8090")).close();

			assertThat(none.describe()).isEmpty();
			assertThat(none.finish()).isEmpty();
		}
	}

}
