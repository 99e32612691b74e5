package dev.fluxbench.harness.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessStatsTests {

	@Test
	void processStatsShouldReadThisProcessFromProc() {
		assertThat(ProcessStats.of(ProcessHandle.current().pid())).hasValueSatisfying((stats) -> {
			assertThat(stats.rssBytes()).isGreaterThan(1024 * 1024);
			assertThat(stats.cpuTime()).isPositive();
		});
		assertThat(ProcessStats.of(Long.MAX_VALUE)).isEmpty();
	}

}
