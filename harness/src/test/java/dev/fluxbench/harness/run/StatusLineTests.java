package dev.fluxbench.harness.run;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StatusLineTests {

	/** The clock never ticks by itself here: each test ticks by hand. */
	private static final Duration BY_HAND = Duration.ofHours(1);

	@Test
	void logShouldGetAWholeLineEveryFiveTicksAndNothingElse() {
		StringWriter text = new StringWriter();
		try (StatusLine status = new StatusLine(new PrintWriter(text), "[quick] mvc", Duration.ofSeconds(20),
				progress(40, 2), false, BY_HAND)) {
			for (int i = 0; i < 9; i++) {
				status.tick();
			}
		}
		assertThat(text.toString()).doesNotContain("\r")
			.matches("\\[quick\\] mvc: 0 s elapsed, ~(19|20) s left, 8 rps, 2 errors\\R");
	}

	@Test
	void terminalShouldAlsoGetABarRedrawnInPlaceEachTickAndClearedAtTheEnd() {
		StringWriter text = new StringWriter();
		try (StatusLine status = new StatusLine(new PrintWriter(text), "[quick] mvc", Duration.ofHours(2),
				progress(10, 0), true, BY_HAND)) {
			status.tick();
			status.tick();
			assertThat(text.toString()).isEqualTo(("\r" + status.bar()).repeat(2));
			assertThat(status.bar()).isEqualTo("[                              ]   0% 10 samples, 0 errors");
			for (int i = 0; i < 3; i++) {
				status.tick();
			}
			assertThat(text.toString()).contains(" errors\n\r[").doesNotEndWith("\n");
		}
		assertThat(text.toString()).endsWith("\r");
	}

	@Test
	void barWhenTheExpectedTimeIsOverShouldBeFull() {
		try (StatusLine status = new StatusLine(new PrintWriter(new StringWriter()), "x", Duration.ZERO, progress(3, 1),
				false, BY_HAND)) {
			assertThat(status.bar()).isEqualTo("[##############################] 100% 3 samples, 1 errors");
		}
	}

	private static SampleSink.Progress progress(int samples, int errors) {
		SampleSink.Progress progress = new SampleSink.Progress();
		for (int i = 0; i < samples; i++) {
			progress.record(i >= errors);
		}
		return progress;
	}

}
