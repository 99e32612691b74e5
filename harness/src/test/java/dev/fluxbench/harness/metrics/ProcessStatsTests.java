package dev.fluxbench.harness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessStatsTests {

	@Test
	void readsThisProcessFromProc() {
		assertThat(ProcessStats.of(ProcessHandle.current().pid())).hasValueSatisfying((stats) -> {
			assertThat(stats.rssBytes()).isGreaterThan(1024 * 1024);
			assertThat(stats.cpuTime()).isPositive();
		});
		assertThat(ProcessStats.of(Long.MAX_VALUE)).isEmpty();
	}

}
